import type { BillingCycle, CycleStatus } from '../../../contract/billing';
import { CYCLE_STATUS_LABELS, monthLabel } from './billingFormat';

/** A status change the server offers on a month, with the words of its button, confirmation and notice. */
export interface CycleMove {
  to: CycleStatus;
  /** The button's text, also the confirmation's. */
  action: string;
  /** The button's accessible name: the action and the month, as a row holds several months. */
  name: string;
  title: string;
  explanation: string;
  done: string;
  /** Why the server would refuse the move now, in its words; null when it would make it. */
  refusal: string | null;
}

type Words = Pick<CycleMove, 'action' | 'title' | 'explanation' | 'done'>;

/** The words of each move the server offers, by its from and to (DESIGN §8); which moves, it decides. */
const WORDS: Partial<Record<`${CycleStatus}→${CycleStatus}`, (month: string) => Words>> = {
  'open→closed': (month) => ({
    action: 'Close',
    title: `Close ${month}?`,
    explanation:
      'Its statement lines are frozen: time logs or billing notes changed later are listed on the statement, not added to it. Its rate cannot change until it is reopened.',
    done: `${month} closed: its statement lines are frozen`,
  }),
  'closed→invoiced': (month) => ({
    action: 'Mark invoiced',
    title: `Mark ${month} invoiced?`,
    explanation: 'Only an admin can reopen an invoiced month.',
    done: `${month} marked invoiced`,
  }),
  'closed→open': (month) => ({
    action: 'Reopen',
    title: `Reopen ${month}?`,
    explanation: 'Its statement follows the time logs and billing notes again, and its rate can be changed.',
    done: `${month} reopened`,
  }),
  'invoiced→closed': (month) => ({
    action: 'Reopen',
    title: `Reopen ${month}?`,
    explanation: 'It goes back to closed, no longer invoiced; its statement lines stay frozen.',
    done: `${month} reopened: closed, no longer invoiced`,
  }),
  'invoiced→open': (month) => ({
    action: 'Reopen for changes',
    title: `Reopen ${month} for changes?`,
    explanation:
      'It goes back to open, no longer invoiced: its statement follows the time logs and billing notes again, and its rate can be changed.',
    done: `${month} reopened for changes: open, no longer invoiced`,
  }),
};

/** Words for a move the server offers that this page has none for: the status it leads to. */
const plainWords = (month: string, to: CycleStatus): Words => {
  const label = CYCLE_STATUS_LABELS[to];
  return {
    action: `Mark ${label.toLowerCase()}`,
    title: `Mark ${month} ${label.toLowerCase()}?`,
    explanation: `It becomes ${label.toLowerCase()}.`,
    done: `${month} is now ${label.toLowerCase()}`,
  };
};

/** The moves the server sent for the month and the caller, in its order, with their words. */
export function cycleMoves(cycle: BillingCycle): CycleMove[] {
  const month = monthLabel(cycle.month);
  return cycle.allowedMoves.map(({ to, refusal }) => {
    const words = WORDS[`${cycle.status}→${to}`]?.(month) ?? plainWords(month, to);
    return { to, ...words, name: `${words.action} ${month}`, refusal };
  });
}
