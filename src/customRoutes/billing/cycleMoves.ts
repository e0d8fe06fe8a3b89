import type { BillingCycle, CycleStatus } from '../../../contract/billing';
import { monthLabel } from './billingFormat';

/** A status change offered on a month, with the words of its button, confirmation and notice. */
export interface CycleMove {
  to: CycleStatus;
  /** The button's text, also the confirmation's. */
  action: string;
  /** The button's accessible name: the action and the month, as a row holds several months. */
  name: string;
  title: string;
  explanation: string;
  done: string;
  /** Why the move is not offered to this user or for this month yet; null when it is. */
  refusal: string | null;
}

export interface MoveContext {
  isAdmin: boolean;
  /** The month is over in the client's time zone: a month still running cannot be closed. */
  monthEnded: boolean;
}

/** Why an open month cannot be closed yet, or null. */
const closeRefusal = (cycle: BillingCycle, monthEnded: boolean) => {
  if (!monthEnded) return 'The month has not ended yet';
  return cycle.rate === null ? 'Set a rate before closing' : null;
};

/**
 * The moves the server accepts from each status (DESIGN §8): open → closed once the month has ended and has
 * a rate; a closed month may be invoiced or reopened by anyone who edits billing; an invoiced month goes
 * back to closed, admins only.
 */
export function cycleMoves(cycle: BillingCycle, { isAdmin, monthEnded }: MoveContext): CycleMove[] {
  const month = monthLabel(cycle.month);
  const move = (to: CycleStatus, action: string, rest: Omit<CycleMove, 'to' | 'action' | 'name'>) => ({
    to,
    action,
    name: `${action} ${month}`,
    ...rest,
  });
  switch (cycle.status) {
    case 'open':
      return [
        move('closed', 'Close', {
          title: `Close ${month}?`,
          explanation:
            'Its statement lines are frozen: time logs or billing notes changed later are listed on the statement, not added to it. Its rate cannot change until it is reopened.',
          done: `${month} closed: its statement lines are frozen`,
          refusal: closeRefusal(cycle, monthEnded),
        }),
      ];
    case 'closed':
      return [
        move('invoiced', 'Mark invoiced', {
          title: `Mark ${month} invoiced?`,
          explanation: 'Only an admin can reopen an invoiced month.',
          done: `${month} marked invoiced`,
          refusal: null,
        }),
        move('open', 'Reopen', {
          title: `Reopen ${month}?`,
          explanation:
            'Its statement follows the time logs and billing notes again, and its rate can be changed.',
          done: `${month} reopened`,
          refusal: null,
        }),
      ];
    case 'invoiced':
      return [
        move('closed', 'Reopen', {
          title: `Reopen ${month}?`,
          explanation: 'It goes back to closed, no longer invoiced; its statement lines stay frozen.',
          done: `${month} reopened: closed, no longer invoiced`,
          refusal: isAdmin ? null : 'Only an admin can reopen an invoiced month',
        }),
      ];
  }
}
