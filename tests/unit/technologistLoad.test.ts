import { describe, expect, it } from 'vitest';
import type { MonitoringLevel } from '../../contract/cases';
import { loadLimitRefusal, loadOf, takeOverRefusal, takersOf } from '../../server/domain/technologistLoad';

const cases = (continuous: number, intermittent: number, unmonitored = 0) =>
  loadOf(
    [
      ...Array<MonitoringLevel>(continuous).fill('continuous'),
      ...Array<MonitoringLevel>(intermittent).fill('intermittent'),
      ...Array<MonitoringLevel>(unmonitored).fill('unmonitored'),
    ].map((monitoringLevel) => ({ monitoringLevel })),
  );

describe('the combined technologist load (DESIGN §4: continuous 3, intermittent 1, at most 12)', () => {
  it.each([
    [4, 0, 5],
    [0, 12, 0],
    [2, 6, 9],
    [3, 3, 0],
  ])(
    'allows %i continuous and %i intermittent (and %i unmonitored)',
    (continuous, intermittent, unmonitored) => {
      expect(loadLimitRefusal('Sam', cases(continuous, intermittent, unmonitored))).toBeUndefined();
    },
  );

  it('refuses a mix over 12 that each level alone would allow, naming the load and the limit', () => {
    expect(loadLimitRefusal('Sam Ortega', cases(3, 4))).toBe(
      'Sam Ortega would hold 3 continuous and 4 intermittent cases, a load of 13; the limit is 12 (a continuous case weighs 3, an intermittent one 1)',
    );
    expect(loadLimitRefusal('Sam', cases(2, 7))).toBe(
      'Sam would hold 2 continuous and 7 intermittent cases, a load of 13; the limit is 12 (a continuous case weighs 3, an intermittent one 1)',
    );
  });

  it('counts the active cases by monitoring level', () => {
    expect(cases(2, 1, 3)).toEqual({ continuous: 2, intermittent: 1, unmonitored: 3 });
    expect(loadOf([])).toEqual({ continuous: 0, intermittent: 0, unmonitored: 0 });
  });

  it('refuses one level alone past its share', () => {
    expect(loadLimitRefusal('Sam', cases(5, 0))).toBe(
      'Sam would hold 5 continuous cases, a load of 15; the limit is 12 (a continuous case weighs 3, an intermittent one 1)',
    );
    expect(loadLimitRefusal('Sam', cases(0, 13, 2))).toBe(
      'Sam would hold 13 intermittent cases, a load of 13; the limit is 12 (a continuous case weighs 3, an intermittent one 1)',
    );
  });
});

describe('who can take a case over within the load (DESIGN §4)', () => {
  const held = (id: number, monitoringLevel: MonitoringLevel) => ({ id, monitoringLevel });
  const taken = held(99, 'continuous');
  const pat = { username: 'pat', name: 'Pat Lee', held: [1, 2, 3, 4].map((id) => held(id, 'continuous')) };
  const sam = { username: 'sam', name: 'Sam Ortega', held: [held(5, 'continuous'), held(6, 'intermittent')] };
  const ann = { username: 'ann', name: 'Ann Cho', held: [7, 8, 9].map((id) => held(id, 'continuous')) };
  const joe = { username: 'joe', name: 'Joe Park', held: [held(10, 'intermittent'), held(11, 'continuous')] };

  it('offers those with room for the case, the lightest load first, each with the load they hold', () => {
    expect(takersOf([ann, sam, pat, joe], taken)).toEqual([
      { username: 'joe', name: 'Joe Park', load: 4 },
      { username: 'sam', name: 'Sam Ortega', load: 4 },
      { username: 'ann', name: 'Ann Cho', load: 9 },
    ]);
  });

  it('counts nothing more for one already on the case', () => {
    const onIt = { ...pat, held: [...pat.held.slice(0, 3), taken] };
    expect(takersOf([onIt], taken)).toEqual([{ username: 'pat', name: 'Pat Lee', load: 12 }]);
  });

  it('refuses the incoming one past the limit, saying by how much and offering the others', () => {
    expect(takeOverRefusal(pat, taken, [sam])).toEqual({
      message: loadLimitRefusal('Pat Lee', cases(5, 0)),
      overLoad: {
        name: 'Pat Lee',
        load: 15,
        limit: 12,
        takers: [{ username: 'sam', name: 'Sam Ortega', load: 4 }],
      },
    });
    expect(takeOverRefusal(ann, taken, [sam])).toBeUndefined();
  });
});
