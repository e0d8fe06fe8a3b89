import type { Clock, OrderPriority } from './turnaround';

/**
 * Turnaround rules shared by the server and the browser (DESIGN §4 "Orders and critical calls (turn 4)"):
 * the priority a received value stands for, and the clock nearest to breach.
 */

/**
 * The priority a stored or received value stands for: our words, or the HL7 v2 codes (TQ1-9 / ORC-7.6):
 * S stat; A (ASAP) and T (timing critical) urgent; R routine, and so are P (pre-op), C (callback) and an
 * empty priority on a hospital order, as HL7 defaults to R. Anything else is no priority (null).
 */
export function orderPriorityOf(value: string | null | undefined): OrderPriority | null {
  const code = (value ?? '').trim().toUpperCase();
  if (code === 'S' || code === 'STAT') return 'stat';
  if (code === 'A' || code === 'T' || code === 'ASAP' || code === 'URGENT') return 'urgent';
  if (['', 'R', 'P', 'C', 'ROUTINE'].includes(code)) return 'routine';
  return null;
}

/**
 * The clock nearest to breach: of the running ones, the one due soonest (so the most breached first);
 * undefined when none runs. The board and the intake list sort and flag by it.
 */
export function nearestClock(clocks: readonly Clock[]): Clock | undefined {
  const running = clocks.filter((each) => each.metAt === null);
  return running.sort((a, b) => Date.parse(a.dueBy) - Date.parse(b.dueBy))[0];
}
