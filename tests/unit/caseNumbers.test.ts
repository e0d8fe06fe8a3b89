import { describe, expect, it } from 'vitest';
import { caseYear, formatCaseNumber } from '../../server/domain/caseNumbers';

describe('case numbers (DESIGN §4)', () => {
  it('writes the client code, the year and a 4-digit sequence', () => {
    expect(formatCaseNumber('BMH', 2026, 42)).toBe('BMH-2026-0042');
    expect(formatCaseNumber('LMC', 2027, 1)).toBe('LMC-2027-0001');
    expect(formatCaseNumber('LMC', 2027, 12345)).toBe('LMC-2027-12345');
  });

  it('takes the year in the client’s time zone, not in UTC', () => {
    // 23:30 on 31 December in Chicago is 05:30 UTC on 1 January.
    const newYearsEve = new Date('2027-01-01T05:30:00Z');
    expect(caseYear('America/Chicago', newYearsEve)).toBe(2026);
    expect(caseYear('UTC', newYearsEve)).toBe(2027);
    expect(caseYear('Asia/Tokyo', new Date('2026-12-31T15:30:00Z'))).toBe(2027);
  });
});
