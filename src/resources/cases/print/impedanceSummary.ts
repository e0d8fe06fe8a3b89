import { ELECTRODES } from '../../../../contract/electrodes';
import type { RecordOf } from '../records/types';

export type ImpedanceCheck = RecordOf<'impedances'>;

interface ElectrodeOverLimit {
  electrode: string;
  /** The highest value it was measured at, in kΩ. */
  highestKOhm: number;
}

export interface ImpedanceSummary {
  /** In the order they were measured. */
  checks: ImpedanceCheck[];
  first: string | null;
  last: string | null;
  /** Every electrode found above the protocol's limit at some check, in ACNS order. */
  overLimit: ElectrodeOverLimit[];
}

const electrodeOrder = (electrode: string) => {
  const index = (ELECTRODES as readonly string[]).indexOf(electrode);
  return index === -1 ? ELECTRODES.length : index;
};

/** The case's impedance checks at a glance (the server marks each check's electrodes over the limit). */
export function impedanceSummary(records: readonly ImpedanceCheck[]): ImpedanceSummary {
  const checks = records.toSorted((a, b) => a.measuredAt.localeCompare(b.measuredAt));
  const highest = new Map<string, number>();
  for (const check of checks)
    for (const electrode of check.overLimit)
      highest.set(electrode, Math.max(highest.get(electrode) ?? 0, check.values[electrode] ?? 0));
  const overLimit = [...highest]
    .map(([electrode, highestKOhm]) => ({ electrode, highestKOhm }))
    .toSorted((a, b) => electrodeOrder(a.electrode) - electrodeOrder(b.electrode));
  return {
    checks,
    first: checks.at(0)?.measuredAt ?? null,
    last: checks.at(-1)?.measuredAt ?? null,
    overLimit,
  };
}
