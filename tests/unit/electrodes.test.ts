import { describe, expect, it } from 'vitest';
import { ELECTRODES, modernElectrode, withModernElectrodes } from '../../contract/electrodes';

describe('the electrodes of an impedance check (DESIGN §4 "Electrodes")', () => {
  it('are the 21 positions of the 10–20 system by their ACNS names, then 17 more, each named once', () => {
    expect(ELECTRODES).toHaveLength(38);
    expect(new Set(ELECTRODES).size).toBe(38);
    for (const name of ELECTRODES) expect(name).toMatch(/^(F|T|C|P|O|A|M|Fp|FT|TP)(\d+|z)$|^(Ref|Gnd|ECG)$/);
    expect(ELECTRODES.slice(0, 21)).toEqual(expect.arrayContaining(['Fp1', 'Fpz', 'T7', 'Cz', 'P8', 'O2']));
    expect(ELECTRODES.slice(21)).toEqual(
      expect.arrayContaining(['F9', 'FT10', 'TP9', 'P10', 'A1', 'M2', 'Ref']),
    );
  });

  it('takes each under its own name', () => {
    for (const name of ELECTRODES) expect(modernElectrode(name)).toBe(name);
  });

  it('takes the old 10–20 names as the modern ones', () => {
    expect(['T3', 'T4', 'T5', 'T6'].map(modernElectrode)).toEqual(['T7', 'T8', 'P7', 'P8']);
  });

  it('knows no other name, letter case included', () => {
    for (const name of ['', 'fp1', 't3', 'T11', 'X1']) expect(modernElectrode(name)).toBeUndefined();
    // Names of the alias table's own prototype are not electrodes either.
    for (const name of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      expect(modernElectrode(name)).toBeUndefined();
  });

  it('answers a check stored under the old names under the modern ones, and keeps an unknown name', () => {
    expect(withModernElectrodes({ T3: 4, Fp1: 5, X9: 7 })).toEqual({ T7: 4, Fp1: 5, X9: 7 });
    expect(withModernElectrodes({})).toEqual({});
  });
});
