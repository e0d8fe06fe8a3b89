/**
 * The electrodes of an impedance check (DESIGN §4 "Electrodes"): their names, the old names taken for the
 * modern ones, and which impedances are over the protocol's limit.
 */

/** The 10–20 positions by their ACNS names (guideline 2: T7/T8/P7/P8 for the old T3/T4/T5/T6). */
export const ELECTRODES_10_20 = [
  'Fp1',
  'Fp2',
  'Fpz',
  'F7',
  'F3',
  'Fz',
  'F4',
  'F8',
  'T7',
  'C3',
  'Cz',
  'C4',
  'T8',
  'P7',
  'P3',
  'Pz',
  'P4',
  'P8',
  'O1',
  'Oz',
  'O2',
] as const;

/** Every electrode an impedance check takes (DESIGN §4 "Electrodes"), in the order summaries list them. */
export const ELECTRODES = [
  ...ELECTRODES_10_20,
  // The inferior 10–10 chain.
  'F9',
  'F10',
  'FT9',
  'FT10',
  'T9',
  'T10',
  'TP9',
  'TP10',
  'P9',
  'P10',
  // Ear and mastoid references.
  'A1',
  'A2',
  'M1',
  'M2',
  'Ref',
  'Gnd',
  'ECG',
] as const;
export type Electrode = (typeof ELECTRODES)[number];

/** The old 10–20 names, accepted and stored (and answered) as the modern one. */
const ELECTRODE_ALIASES: Readonly<Record<string, Electrode>> = {
  T3: 'T7',
  T4: 'T8',
  T5: 'P7',
  T6: 'P8',
};

const ELECTRODE_NAMES: ReadonlySet<string> = new Set(ELECTRODES);

/** The electrode's modern name (an old alias renamed), or undefined for a name that is no electrode. */
export const modernElectrode = (name: string): Electrode | undefined =>
  (Object.hasOwn(ELECTRODE_ALIASES, name) ? ELECTRODE_ALIASES[name] : undefined) ??
  (ELECTRODE_NAMES.has(name) ? (name as Electrode) : undefined);

/** A check's values under the modern names (checks stored before the aliases were renamed, too). */
export const withModernElectrodes = (values: Readonly<Record<string, number>>): Record<string, number> =>
  Object.fromEntries(Object.entries(values).map(([name, kOhm]) => [modernElectrode(name) ?? name, kOhm]));

/** An impedance above the protocol's limit is flagged; one at the limit is not (DESIGN §4 "impedances"). */
export const isOverLimit = (kOhm: number, limitKOhm: number) => kOhm > limitKOhm;

/** The electrodes of a check whose impedance is over the limit, in the check's order. */
export const electrodesOverLimit = (values: Readonly<Record<string, number>>, limitKOhm: number): string[] =>
  Object.entries(values)
    .filter(([, value]) => isOverLimit(value, limitKOhm))
    .map(([electrode]) => electrode);
