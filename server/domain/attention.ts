import type { AttentionItem, AttentionKind } from '../../contract/attention';
import type { CaseStage } from '../../contract/cases';
import type { Role } from '../../contract/roles';
import type { Clock } from '../../contract/turnaround';

/**
 * Attention items (issue 36) as pure rules over what the database says of each active case: one rule per
 * kind, each naming its items at `now` and the next moment one of them comes due (for the stream to tell
 * the browsers then, with no write). A new kind is one more kind and rule.
 */

/** A notification still to make on a case: its event and when the call is due by. */
type OpenNotification = { eventId: number; occurredAt: string; dueBy: string };

/** A critical call tried without closing: its event and when the next contact is due to be called. */
type OpenCall = { eventId: number; escalateBy: string };

/** What the rules read of an active case. */
export type AttentionCase = {
  caseId: number;
  caseNumber: string;
  stage: CaseStage;
  technologists: readonly string[];
  /** The hospital order's priority as received ('stat', or HL7's code 'S'), else null. */
  orderPriority: string | null;
  createdAt: string;
  /** When the next check is due (the board's rule); null when none is (watched, ended, not started). */
  nextCheckBy: string | null;
  notifications: readonly OpenNotification[];
  /** Its turnaround clocks now (server/domain/turnaroundClocks.ts): the running ones can breach. */
  clocks: readonly Pick<Clock, 'kind' | 'dueBy' | 'metAt'>[];
  /** Its open calls after an unanswered attempt (the board's "call next"). */
  calls: readonly OpenCall[];
};

type Rule = {
  /** The case's items of this kind at `now`. */
  items(
    attentionCase: AttentionCase,
    now: number,
  ): Omit<AttentionItem, 'caseId' | 'caseNumber' | 'stage' | 'kind'>[];
  /** The moments after `now` when an item of this kind will appear on the case (none for a write's items). */
  comingAt(attentionCase: AttentionCase, now: number): number[];
};

/** An order's priority is stat as the order form writes it or as HL7 v2 codes it (TQ1-9, OBR-27). */
export const isStatPriority = (priority: string | null) =>
  priority !== null && ['stat', 's'].includes(priority.trim().toLowerCase());

const after = (moment: string, now: number) => Date.parse(moment) > now;

const ATTENTION_RULES: Record<AttentionKind, Rule> = {
  // No check within the protocol interval: due again at the next check time, so a new check ends it.
  'check-overdue': {
    items: ({ caseId, stage, nextCheckBy }, now) =>
      stage === 'monitoring' && nextCheckBy !== null && !after(nextCheckBy, now)
        ? [{ key: `check-overdue:${caseId}:${nextCheckBy}`, since: nextCheckBy, dueBy: null }]
        : [],
    comingAt: ({ stage, nextCheckBy }, now) =>
      stage === 'monitoring' && nextCheckBy !== null && after(nextCheckBy, now)
        ? [Date.parse(nextCheckBy)]
        : [],
  },
  // An event whose protocol asks for a call: due from the moment it is logged until its due time…
  'notification-due': {
    items: ({ caseId, notifications }, now) =>
      notifications
        .filter(({ dueBy }) => after(dueBy, now))
        .map(({ eventId, occurredAt, dueBy }) => ({
          key: `notification-due:${caseId}:${eventId}`,
          since: occurredAt,
          dueBy,
        })),
    comingAt: () => [],
  },
  // …and late after it: a new item, so one acknowledged while due asks again once late.
  'notification-late': {
    items: ({ caseId, notifications }, now) =>
      notifications
        .filter(({ dueBy }) => !after(dueBy, now))
        .map(({ eventId, dueBy }) => ({
          key: `notification-late:${caseId}:${eventId}`,
          since: dueBy,
          dueBy: null,
        })),
    comingAt: ({ notifications }, now) =>
      notifications.filter(({ dueBy }) => after(dueBy, now)).map(({ dueBy }) => Date.parse(dueBy)),
  },
  // A stat order taken in and not yet recording.
  'stat-order': {
    items: ({ caseId, stage, orderPriority, createdAt }) =>
      stage === 'intake' && isStatPriority(orderPriority)
        ? [{ key: `stat-order:${caseId}`, since: createdAt, dueBy: null }]
        : [],
    comingAt: () => [],
  },
  // A running turnaround clock past its due time (hookup, first review, preliminary), until it is met.
  'clock-breached': {
    items: ({ caseId, clocks }, now) =>
      clocks
        .filter(({ metAt, dueBy }) => metAt === null && !after(dueBy, now))
        .map(({ kind, dueBy }) => ({
          key: `clock-breached:${caseId}:${kind}:${dueBy}`,
          since: dueBy,
          dueBy: null,
        })),
    comingAt: ({ clocks }, now) =>
      clocks
        .filter(({ metAt, dueBy }) => metAt === null && after(dueBy, now))
        .map(({ dueBy }) => Date.parse(dueBy)),
  },
  // A critical call tried without reaching anyone: the next contact is due at the escalation time, and
  // each new unanswered attempt moves it (a new item).
  'call-next': {
    items: ({ caseId, calls }, now) =>
      calls
        .filter(({ escalateBy }) => !after(escalateBy, now))
        .map(({ eventId, escalateBy }) => ({
          key: `call-next:${caseId}:${eventId}:${escalateBy}`,
          since: escalateBy,
          dueBy: null,
        })),
    comingAt: ({ calls }, now) =>
      calls
        .filter(({ escalateBy }) => after(escalateBy, now))
        .map(({ escalateBy }) => Date.parse(escalateBy)),
  },
};

const KINDS = Object.keys(ATTENTION_RULES) as AttentionKind[];

/** Every item of these cases at `now`, oldest first. */
export function attentionItems(cases: readonly AttentionCase[], now: number): AttentionItem[] {
  return cases
    .flatMap((attentionCase) =>
      KINDS.flatMap((kind) =>
        ATTENTION_RULES[kind].items(attentionCase, now).map((item) => ({
          kind,
          caseId: attentionCase.caseId,
          caseNumber: attentionCase.caseNumber,
          stage: attentionCase.stage,
          ...item,
        })),
      ),
    )
    .sort((a, b) => Date.parse(a.since) - Date.parse(b.since) || a.key.localeCompare(b.key));
}

/** The next moment after `now` an item appears on one of these cases with no write; undefined if none. */
export function nextAttentionMoment(cases: readonly AttentionCase[], now: number): number | undefined {
  const moments = cases.flatMap((attentionCase) =>
    KINDS.flatMap((kind) => ATTENTION_RULES[kind].comingAt(attentionCase, now)),
  );
  return moments.length === 0 ? undefined : Math.min(...moments);
}

/**
 * Whose attention a case asks for: its technologists; every technologist while it has none (a stat order
 * just taken in, a case nobody was assigned); administrators for every case, as they run the service.
 */
export function asksAttentionOf(
  user: { username: string; roles: readonly Role[] },
  attentionCase: AttentionCase,
) {
  if (user.roles.includes('admin')) return true;
  if (!user.roles.includes('technologist')) return false;
  return attentionCase.technologists.length === 0 || attentionCase.technologists.includes(user.username);
}
