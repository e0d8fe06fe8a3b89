import { ELECTRODES, type Electrode } from '../../../../../contract/electrodes';

/**
 * The electrodes laid out as seen from above, nose up, by their modern names: the frontopolar row, the
 * frontal row, the temporal and central row with the ear references at its ends, the parietal row, the
 * occipital row; the inferior 10–10 chain on the outside, the mastoids under the ears, then Ref, Gnd and
 * ECG. The grid is written row by row, so the Tab key moves through it in this order.
 */
export const HEAD_LAYOUT: readonly (readonly (Electrode | null)[])[] = [
  [null, null, null, 'Fp1', 'Fpz', 'Fp2', null, null, null],
  [null, 'F9', 'F7', 'F3', 'Fz', 'F4', 'F8', 'F10', null],
  [null, 'FT9', null, null, null, null, null, 'FT10', null],
  ['A1', 'T9', 'T7', 'C3', 'Cz', 'C4', 'T8', 'T10', 'A2'],
  ['M1', 'TP9', null, null, null, null, null, 'TP10', 'M2'],
  [null, 'P9', 'P7', 'P3', 'Pz', 'P4', 'P8', 'P10', null],
  [null, null, null, 'O1', 'Oz', 'O2', null, null, null],
  ['Ref', 'Gnd', 'ECG', null, null, null, null, null, null],
];
export const HEAD_COLUMNS = HEAD_LAYOUT[0].length;

/** An electrode measured above the limit, with its value. */
interface OverLimit {
  electrode: string;
  kOhm: number;
}

const inSystemOrder = (a: string, b: string) =>
  ELECTRODES.indexOf(a as Electrode) - ELECTRODES.indexOf(b as Electrode);

/**
 * An impedance check in brief: how many electrodes were measured and, in the ACNS order, those the server
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
