import { describe, expect, it } from 'vitest';
import { LOAD_CAPACITY, LOAD_LIMITS, LOAD_WEIGHTS, loadWeight } from '../../contract/caseLoad';

describe('a technologist’s load (DESIGN §4)', () => {
  it('weighs a continuous case 3, an intermittent one 1 and an unmonitored one nothing, out of 12', () => {
    expect(LOAD_WEIGHTS).toEqual({ continuous: 3, intermittent: 1, unmonitored: 0 });
    expect(LOAD_CAPACITY).toBe(12);
  });

  it('is full with 4 continuous or 12 intermittent cases alone', () => {
    expect(LOAD_LIMITS).toEqual({ continuous: 4, intermittent: 12 });
  });

  it('adds the weights of every level', () => {
    expect(loadWeight({ continuous: 0, intermittent: 0, unmonitored: 0 })).toBe(0);
    expect(loadWeight({ continuous: 2, intermittent: 6, unmonitored: 5 })).toBe(12);
    expect(loadWeight({ continuous: 1, intermittent: 0, unmonitored: 0 })).toBe(3);
    expect(loadWeight({ continuous: 0, intermittent: 1, unmonitored: 0 })).toBe(1);
    expect(loadWeight({ continuous: 0, intermittent: 0, unmonitored: 7 })).toBe(0);
  });
});
