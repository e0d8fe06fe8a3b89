import { describe, expect, it } from 'vitest';
import { electrodesOverLimit, isOverLimit } from '../../contract/electrodes';

describe('an impedance over the protocol’s limit (the server’s flag and the grid’s hint alike)', () => {
  it('is above the limit, not at it', () => {
    expect(isOverLimit(10.1, 10)).toBe(true);
    expect(isOverLimit(10, 10)).toBe(false);
    expect(isOverLimit(0, 10)).toBe(false);
  });

  it('lists the electrodes over it in the check’s order', () => {
    expect(electrodesOverLimit({ Fp1: 12, Fp2: 10, F3: 4.5, O2: 25 }, 10)).toEqual(['Fp1', 'O2']);
    expect(electrodesOverLimit({ Fp1: 3 }, 10)).toEqual([]);
  });
});
