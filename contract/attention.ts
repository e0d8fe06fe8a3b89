import { z } from 'zod';
import { CASE_STAGES } from './cases';

/**
 * Attention items (issue 36): what needs a person now, derived from the cases (never stored), each under a
 * stable key a user acknowledges once. A kind is one rule (server/domain/attention.ts).
 */
const ATTENTION_KINDS = [
  'check-overdue',
  'notification-due',
  'notification-late',
  'stat-order',
  'clock-breached',
  'call-next',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/** What is due, as the badge's list and a browser notification name it (with the case number, never the patient). */
export const ATTENTION_LABELS: Record<AttentionKind, string> = {
  'check-overdue': 'Check overdue',
  'notification-due': 'Notification due',
  'notification-late': 'Notification late',
  'stat-order': 'New stat order',
  'clock-breached': 'Turnaround clock breached',
  'call-next': 'Next call due',
};

const instant = z.string().meta({ description: 'ISO 8601 instant', examples: ['2026-11-23T18:23:00.000Z'] });

const attentionItemSchema = z.object({
  /** Stable while the item is the same (kind, case, what and when it is due); acknowledgements use it. */
  key: z.string(),
  kind: z.enum(ATTENTION_KINDS),
  caseId: z.number().int(),
  caseNumber: z.string(),
  /** The case's stage, where its page is. */
  stage: z.enum(CASE_STAGES),
  /** When the item's time came (a check or call due at, an order received at). */
  since: instant,
  /** When what is due must be done by, when it has a deadline still ahead; else null. */
  dueBy: instant.nullable(),
});
export type AttentionItem = z.infer<typeof attentionItemSchema>;

/** GET /attention: the caller's open (unacknowledged) items, oldest first. */
export const attentionListSchema = z.object({ items: z.array(attentionItemSchema) });

/** The longest key a route accepts (the keys it makes are far shorter). */
export const ATTENTION_KEY_MAX = 200;
