import { describe, expect, it } from 'vitest';
import { monthIn } from '../../contract/calendar';
import { ELECTRODES } from '../../contract/electrodes';
import { HEAD_LAYOUT, impedanceSummary } from '../../src/resources/cases/records/kinds/impedanceSummary';
import {
  type FieldSpec,
  recordDiff,
  sameValue,
  writtenFields,
} from '../../src/resources/cases/records/recordDiff';
import { formatMinutes } from '../../src/resources/cases/records/recordFormat';
import { changedFields, keepEditsOnNewer } from '../../src/resources/cases/records/recordMerge';

const EVENT_FIELDS: FieldSpec[] = [
  { field: 'type', label: 'Type', format: (type) => String(type).toUpperCase() },
  { field: 'description', label: 'Description' },
  { field: 'endedAt', label: 'Ended at' },
  { field: 'notified', label: 'Notified' },
];
const KOHM: FieldSpec[] = [
  { field: 'values', label: 'Impedance', keys: ELECTRODES, format: (kOhm) => `${kOhm} kΩ` },
];

describe('recordDiff', () => {
  it('lists the fields that changed in the order of the specs, as they read', () => {
    const before = { type: 'artifact', description: 'Chewing', endedAt: null, notified: false };
    const after = { type: 'seizure', description: 'Chewing', endedAt: '02:16', notified: true };
    expect(recordDiff(before, after, EVENT_FIELDS)).toEqual([
      { field: 'type', label: 'Type', before: 'ARTIFACT', after: 'SEIZURE' },
      { field: 'endedAt', label: 'Ended at', before: '—', after: '02:16' },
      { field: 'notified', label: 'Notified', before: 'No', after: 'Yes' },
    ]);
  });

  it('counts unset, null and empty text as the same nothing, and ignores fields it is not told of', () => {
    expect(
      recordDiff({ description: '', endedAt: null }, { endedAt: undefined, author: 'marcus' }, EVENT_FIELDS),
    ).toEqual([]);
  });

  it('compares a map entry by entry, in the order of its keys, then the unknown ones', () => {
    const before = { values: { O2: 22, T7: 14, Fp1: 4 } };
    const after = { values: { O2: 5, T7: 14, Fp1: 4, Cz: 3, X9: 1 } };
    expect(recordDiff(before, after, KOHM)).toEqual([
      { field: 'values', label: 'Cz', before: '—', after: '3 kΩ' },
      { field: 'values', label: 'O2', before: '22 kΩ', after: '5 kΩ' },
      { field: 'values', label: 'X9', before: '—', after: '1 kΩ' },
    ]);
    expect(
      recordDiff(after, { values: { Fp1: 4 } }, KOHM).map(({ label, after: now }) => `${label} ${now}`),
    ).toEqual(['T7 —', 'Cz —', 'O2 —', 'X9 —']);
  });

  it('writes out what a first revision holds, with nothing before it', () => {
    expect(
      writtenFields({ type: 'seizure', description: '', values: { T7: 9 } }, [...EVENT_FIELDS, ...KOHM]),
    ).toEqual([
      { field: 'type', label: 'Type', after: 'SEIZURE' },
      { field: 'values', label: 'T7', after: '9 kΩ' },
    ]);
  });

  it('sees maps as equal when they hold the same filled entries', () => {
    expect(sameValue({ T7: 4, O2: null }, { T7: 4 })).toBe(true);
    expect(sameValue({ T7: 4 }, { T7: 5 })).toBe(false);
    expect(sameValue({}, null)).toBe(false);
    expect(sameValue(0, null)).toBe(false);
  });
});

describe('a revision from a form', () => {
  const names = ['text', 'notedAt', 'values'];

  it('sends only the fields the user changed, a cleared one as null', () => {
    const base = { text: 'A', notedAt: '02:25', values: { T7: 4 }, _id: 3 };
    expect(changedFields(base, { ...base, text: 'B' }, names)).toEqual({ text: 'B' });
    expect(
      changedFields(base, { text: 'A', notedAt: undefined, values: { T7: 4, O2: null } }, names),
    ).toEqual({
      notedAt: null,
    });
  });

  it("keeps the user's edits on a newer revision and takes the newer values elsewhere, electrode by electrode", () => {
    const opened = { text: 'A', notedAt: '02:25', values: { T7: 14, O2: 22 } };
    const newer = { text: 'A', notedAt: '02:33', values: { T7: 14, O2: 5, Cz: 3 } };
    const typed = { text: 'A, then B', notedAt: '02:25', values: { T7: 4, O2: 22 } };
    expect(keepEditsOnNewer(opened, newer, typed, names)).toEqual({
      text: 'A, then B',
      notedAt: '02:33',
      values: { T7: 4, O2: 5, Cz: 3 },
    });
  });
});

describe('impedances', () => {
  it('lays out every ACNS electrode once, by its modern name, nose up, left before right', () => {
    const laidOut = HEAD_LAYOUT.flat().filter(Boolean);
    expect(laidOut.toSorted()).toEqual([...ELECTRODES].sort());
    expect(HEAD_LAYOUT[0]).toContain('Fp1');
    expect(HEAD_LAYOUT[3][0]).toBe('A1');
    expect(HEAD_LAYOUT[3].indexOf('T7')).toBeLessThan(HEAD_LAYOUT[3].indexOf('T8'));
    expect(laidOut).not.toContain('T3');
  });

  it('summarises a check: how many electrodes, those over the limit in ACNS order with their values', () => {
    const values = { Fp1: 4, T7: 14, O2: 22, Cz: 3 };
    expect(impedanceSummary(values, ['O2', 'T7'], 10)).toEqual({
      text: '4 electrodes, 2 over 10 kΩ',
      over: [
        { electrode: 'T7', kOhm: 14 },
        { electrode: 'O2', kOhm: 22 },
      ],
    });
    expect(impedanceSummary({ Cz: 3 }, [], 5).text).toBe('1 electrode, all within 5 kΩ');
  });
});

describe('billing values', () => {
  it('writes minutes with their sign', () => {
    expect([30, -15, 0].map(formatMinutes)).toEqual(['+30 min', '−15 min', '0 min']);
  });

  it("takes the month in the client's time zone", () => {
    const newYearUtc = new Date('2026-04-01T02:00:00Z');
    expect(monthIn('America/New_York', newYearUtc)).toBe('2026-03');
    expect(monthIn('UTC', newYearUtc)).toBe('2026-04');
  });
});
