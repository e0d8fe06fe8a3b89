import { ELECTRODES_10_20, type Electrode } from '../../../../../contract/caseRecords';

/**
 * The 10–20 electrodes laid out as seen from above, nose up: the frontopolar row, the frontal row, the
 * temporal and central row with the ear references at its ends, the parietal row, the occipital row. The
 * grid is written row by row, so the Tab key moves through it in this order.
 */
export const HEAD_LAYOUT: readonly (readonly (Electrode | null)[])[] = [
  [null, null, 'Fp1', null, 'Fp2', null, null],
  [null, 'F7', 'F3', 'Fz', 'F4', 'F8', null],
  ['A1', 'T3', 'C3', 'Cz', 'C4', 'T4', 'A2'],
  [null, 'T5', 'P3', 'Pz', 'P4', 'T6', null],
  [null, null, 'O1', null, 'O2', null, null],
];

/** An electrode measured above the limit, with its value. */
interface OverLimit {
  electrode: string;
  kOhm: number;
}

const inSystemOrder = (a: string, b: string) =>
  ELECTRODES_10_20.indexOf(a as Electrode) - ELECTRODES_10_20.indexOf(b as Electrode);

/**
 * An impedance check in brief: how many electrodes were measured and, in the 10–20 order, those the server
 * found above the protocol's limit (`overLimit`) with their values: "19 electrodes, 2 over 10 kΩ".
 */
export function impedanceSummary(
  values: Readonly<Record<string, number>>,
  overLimit: readonly string[],
  limit: number,
) {
  const count = Object.keys(values).length;
  const over: OverLimit[] = overLimit
    .toSorted(inSystemOrder)
    .map((electrode) => ({ electrode, kOhm: values[electrode] }));
  const measured = `${count} electrode${count === 1 ? '' : 's'}`;
  const text =
    over.length > 0 ? `${measured}, ${over.length} over ${limit} kΩ` : `${measured}, all within ${limit} kΩ`;
  return { text, over };
}
