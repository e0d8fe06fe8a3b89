import type { CycleStatus } from '../../../contract/billing';

/**
 * The moves of a billing cycle (DESIGN §4 "Billing cycle", §8): open → closed (the month has ended and has a
 * rate; its lines freeze) → invoiced (final); a closed cycle reopens; only an admin takes an invoiced one
 * back.
 */

export interface StatusChange {
  /** The month's name, for messages ("October 2026"). */
  month: string;
  from: CycleStatus;
  to: CycleStatus;
  hasRate: boolean;
  isAdmin: boolean;
  /** The month is over in the client's time zone. */
  monthEnded: boolean;
}

export type Refusal = { status: 403 | 409; message: string };

/** Why the move may not be made, or undefined when it may. */
export function cycleStatusRefusal({
  month,
  from,
  to,
  hasRate,
  isAdmin,
  monthEnded,
}: StatusChange): Refusal | undefined {
  if (from === to) return { status: 409, message: `${month} is already ${to}` };
  if (from === 'invoiced') {
    return isAdmin
      ? undefined
      : { status: 403, message: `Only an admin may reopen ${month}: it is invoiced` };
  }
  if (to === 'invoiced' && from === 'open') {
    return { status: 409, message: `Close ${month} before marking it invoiced` };
  }
  if (to === 'closed') {
    if (!monthEnded) return { status: 409, message: `${month} has not ended yet in the client's time zone` };
    if (!hasRate) return { status: 409, message: `Set a rate before closing ${month}` };
  }
  return undefined;
}
