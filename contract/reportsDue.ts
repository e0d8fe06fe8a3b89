import { z } from 'zod';

/**
 * Reports due (DESIGN §4 "Reading, reporting and billing"): the interpretations a reader owes a case, by
 * when, and whether they were signed in time. The server reckons them from the recording, the client's
 * billing periods and the protocol's turnaround; the browser shows them.
 */

/**
 * The turnaround of a client without a protocol: its cases are still read and reported, so they owe reports
 * on the common 24-hour turnaround rather than nothing (as a case without a protocol is still checked).
 */
export const DEFAULT_REPORT_TURNAROUND_HOURS = 24;

/** The kinds of report owed (an addendum is never owed: it amends a signed one). */
const DUE_REPORT_KINDS = ['prelim', 'daily', 'final'] as const;
export type DueReportKind = (typeof DUE_REPORT_KINDS)[number];

/**
 * `missed`: a preliminary or daily never signed and past due when the final was signed. The final ends what
 * the case owes (DESIGN §4 "Reports due", round three): a missed report is no longer due, yet counts as not on
 * time in the on-time share.
 */
const REPORT_STATUSES = ['due', 'overdue', 'on-time', 'late', 'missed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

// Stryker disable next-line ObjectLiteral,StringLiteral,ArrayDeclaration: the OpenAPI text, checked by the API tests.
const instant = z.string().meta({ description: 'ISO 8601 instant', examples: ['2026-11-24T14:00:00.000Z'] });

/** The next report a case owes, on its header. */
export const nextReportSchema = z.object({
  kind: z.enum(DUE_REPORT_KINDS),
  /** A daily report's billing period; null for the preliminary and the final. */
  periodStart: instant.nullable(),
  periodEnd: instant.nullable(),
  dueBy: instant,
  /** Past `dueBy` when the server answered (the browser turns it overdue as the clock passes `dueBy`). */
  overdue: z.boolean(),
  /**
   * No signed report covers the billing period this report speaks for (a daily's period; for the final, some
   * period of 2 h or more of the recording): until it is signed, that period earns no professional code and
   * the statement lists it as unreported.
   */
  unbilled: z.boolean(),
});
export type NextReport = z.infer<typeof nextReportSchema>;

/** Overdue as the clock now stands. */
export const isReportOverdueAt = (report: NextReport, now: Date) =>
  report.overdue || now.getTime() > Date.parse(report.dueBy);

/**
 * Due until `due` (an instant, in milliseconds), then overdue; once signed, on time when by `due` (inclusive),
 * else late.
 */
export function reportStatus(due: number, signedAt: string | null, now: Date): ReportStatus {
  if (signedAt) return Date.parse(signedAt) <= due ? 'on-time' : 'late';
  return now.getTime() <= due ? 'due' : 'overdue';
}

/** Statuses still waiting for a signature. */
export const isOpenReport = (status: ReportStatus) => status === 'due' || status === 'overdue';
