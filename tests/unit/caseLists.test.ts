import { describe, expect, it } from 'vitest';
import { caseRowHeader, rangeBoundary } from '../../contract/caseLists';
import type { CaseRow } from '../../contract/cases';

describe('a case row’s own fields', () => {
  it('leaves out what a list adds from the client, the patient and the assignments', () => {
    const own = { id: 7, caseNumber: 'C-7', clientId: 2, stage: 'monitoring', version: 3 };
    const row = {
      ...own,
      clientName: 'North',
      clientTimeZone: 'America/Chicago',
      patientName: 'Doe, Jane',
      mrn: 'M1',
      technologists: ['tech1'],
    } as unknown as CaseRow;
    expect(caseRowHeader(row)).toEqual(own);
  });
});

describe('the moment a from/to filter stands for', () => {
  it('takes a day whole, in UTC', () => {
    expect(rangeBoundary('2026-03-14', 'from').toISOString()).toBe('2026-03-14T00:00:00.000Z');
    expect(rangeBoundary('2026-03-14', 'to').toISOString()).toBe('2026-03-14T23:59:59.999Z');
  });

  it('takes a moment as it is, on either side', () => {
    expect(rangeBoundary('2026-03-14T08:30:00+01:00', 'from').toISOString()).toBe('2026-03-14T07:30:00.000Z');
    expect(rangeBoundary('2026-03-14T08:30:00+01:00', 'to').toISOString()).toBe('2026-03-14T07:30:00.000Z');
    expect(rangeBoundary('x2026-03-14', 'to').getTime()).toBeNaN();
    // Only a day written YYYY-MM-DD counts whole: one with an expanded year is taken as the moment it parses to.
    expect(rangeBoundary('+002026-03-14', 'to').toISOString()).toBe('2026-03-14T00:00:00.000Z');
    expect(rangeBoundary('2026-03-14x', 'to').getTime()).toBeNaN();
  });
});
