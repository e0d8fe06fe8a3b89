import { describe, expect, it } from 'vitest';
import { frozenProfessional } from '../../contract/frozenLines';

const codes = [{ code: '95719', description: 'EEG professional, 12–26 h', units: 1 }];

describe('a frozen line’s professional codes', () => {
  it('reads a line frozen in today’s shape, and one with none, as they are', () => {
    const today = {
      readers: [{ reader: 'reader1', codes }],
      unreported: [{ start: 'a', end: 'b', minutes: 60 }],
    };
    expect(frozenProfessional(today)).toBe(today);
    expect(frozenProfessional(undefined)).toBeUndefined();
  });

  it('reads a line frozen when the codes went to the case’s reader as that reader’s codes', () => {
    expect(frozenProfessional({ reader: 'reader1', codes })).toEqual({
      readers: [{ reader: 'reader1', codes }],
      unreported: [],
    });
    expect(frozenProfessional({ reader: null, codes })).toEqual({
      readers: [{ reader: null, codes }],
      unreported: [],
    });
  });

  it('lists no reader for such a line without codes', () => {
    expect(frozenProfessional({ reader: 'reader1', codes: [] })).toEqual({ readers: [], unreported: [] });
  });
});
