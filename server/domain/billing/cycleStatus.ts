import type { AllowedCycleMove, CycleStatus } from '../../../contract/billing';
import { canAccess, type Role } from '../../../contract/roles';

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

/**
 * The moves a cycle's page offers from each status: close; mark invoiced or reopen; take an invoiced month
 * back to closed (its lines stay frozen) or reopen it for changes. Every move the server makes is offered.
 */
const OFFERED_CYCLE_MOVES: Readonly<Record<CycleStatus, readonly CycleStatus[]>> = {
  open: ['closed'],
  closed: ['invoiced', 'open'],
  invoiced: ['closed', 'open'],
};

/** A cycle as its moves see it. */
export interface CycleFacts {
  /** The month's name, for messages ("October 2026"). */
  month: string;
  status: CycleStatus;
  hasRate: boolean;
  /** The month is over in the client's time zone. */
  monthEnded: boolean;
}

/**
 * The moves offered to a caller with `roles`, each with the refusal the server would answer now (null: it
 * would make it). Nothing is offered to a caller who may not change billing.
 */
export function allowedCycleMoves(facts: CycleFacts, roles: readonly Role[]): AllowedCycleMove[] {
  if (!canAccess(roles, 'billing', 'edit')) return [];
  const isAdmin = roles.includes('admin');
  return OFFERED_CYCLE_MOVES[facts.status].map((to) => ({
    to,
    refusal: cycleStatusRefusal({ ...facts, from: facts.status, to, isAdmin })?.message ?? null,
  }));
}

/** Why a cycle's rate may not change (409), or undefined: only an open month takes a new rate. */
export function rateRefusal(month: string, status: CycleStatus): string | undefined {
  return status === 'open' ? undefined : `Cycle ${month} is ${status}: reopen it to change the rate`;
}

/** Why a month may not close while time logs counted in it are running (409), or undefined when none is. */
export function runningLogsRefusal(month: string, caseNumbers: readonly string[]): string | undefined {
  if (caseNumbers.length === 0) return undefined;
  const cases = `case${caseNumbers.length === 1 ? '' : 's'} ${caseNumbers.join(', ')}`;
  return `${month} cannot be closed while a time log counted in it is running: stop the running logs of ${cases} first`;
}
