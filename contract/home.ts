import { z } from 'zod';
import { callNextSchema } from './callAttempts';
import { CASE_STAGES, MONITORING_LEVELS } from './cases';
import { nextReportSchema } from './reportsDue';
import { TIME_LOG_ACTIVITIES } from './timeLogs';
import { clockCaseSchema } from './turnaround';

/**
 * The home page's two calls (DESIGN §8 "Home"): GET /getHome, the caller's own work; GET /getHome2, the
 * operations board (active monitoring with its checks, billable hours this month against last month).
 */

/** The check interval of a client without a protocol (DESIGN §4): such cases are still checked. */
export const DEFAULT_CHECK_INTERVAL_MINUTES = 120;

const instant = z.string().meta({ description: 'ISO 8601 instant', examples: ['2026-11-23T18:23:00.000Z'] });

const hours = z.string().meta({ description: 'hours, 2 decimal places', examples: ['12.50'] });

const stageCountsSchema = z.object(
  Object.fromEntries(CASE_STAGES.map((stage) => [stage, z.number().int()])) as Record<
    (typeof CASE_STAGES)[number],
    z.ZodNumber
  >,
);
export type StageCounts = z.infer<typeof stageCountsSchema>;

const homeCaseSchema = z.object({
  id: z.number().int(),
  caseNumber: z.string(),
  clientName: z.string(),
  stage: z.enum(CASE_STAGES),
  patientName: z.string(),
  monitoringLevel: z.enum(MONITORING_LEVELS),
  recordingStart: z.string().nullable(),
  /** The client's IANA zone: the case's times are shown in it (DESIGN §4 "One clock"). */
  clientTimeZone: z.string(),
  /** Why it is the caller's: one of its technologists, or its reader. */
  role: z.enum(['technologist', 'reader']),
});
export type HomeCase = z.infer<typeof homeCaseSchema>;

const openTimeLogSchema = z.object({
  itemId: z.number().int(),
  revision: z.number().int(),
  caseId: z.number().int(),
  caseNumber: z.string(),
  stage: z.enum(CASE_STAGES),
  start: z.string(),
  activity: z.string(),
  clientTimeZone: z.string(),
  /** Open for longer than `MAX_OPEN_LOG_HOURS` (DESIGN §4): most likely never stopped. */
  stale: z.boolean(),
});
export type OpenTimeLog = z.infer<typeof openTimeLogSchema>;

/** A report the caller owes as the case's reader (DESIGN §4 "Reports due"). */
const reportDueSchema = nextReportSchema.extend({
  caseId: z.number().int(),
  caseNumber: z.string(),
  stage: z.enum(CASE_STAGES),
  clientName: z.string(),
  /** The client's IANA zone: the due time and the period are shown in it (DESIGN §4 "One clock"). */
  clientTimeZone: z.string(),
});
export type ReportDue = z.infer<typeof reportDueSchema>;

/** GET /getHome */
export const homeSchema = z.object({
  /** Cases per stage, over every case. */
  stageCounts: stageCountsSchema,
  /** The caller's active cases (intake, monitoring) and the cases they read that wait for review. */
  myCases: z.array(homeCaseSchema),
  /** The caller's running logs, one per case at most (concurrent monitoring), oldest first. */
  openTimeLogs: z.array(openTimeLogSchema),
  /** The reports the caller owes as the reader of open cases, not yet signed, the soonest due first. */
  reportsDue: z.array(reportDueSchema),
});
export type Home = z.infer<typeof homeSchema>;

/** An open log older than `MAX_OPEN_LOG_HOURS` on a board case. */
const staleOpenLogSchema = z.object({
  technologist: z.string(),
  activity: z.enum(TIME_LOG_ACTIVITIES),
  start: instant,
});
export type StaleOpenLog = z.infer<typeof staleOpenLogSchema>;

/** A case in monitoring and its checks (DESIGN §4 "Checks and overdue"). */
const boardCaseSchema = z.object({
  id: z.number().int(),
  caseNumber: z.string(),
  clientName: z.string(),
  clientTimeZone: z.string(),
  patientName: z.string(),
  monitoringLevel: z.enum(MONITORING_LEVELS),
  technologists: z.array(z.string()),
  recordingStart: instant.nullable(),
  /**
   * "Last check": the latest of a check (a `check` log's start, an impedance), the end of a `monitoring`
   * log, and the recording start; times after now do not count. Null before the recording starts.
   */
  lastCheckAt: instant.nullable(),
  /** The protocol's check interval, or 120 when the client has no protocol. */
  checkIntervalMinutes: z.number().int(),
  /** Continuous, with a `monitoring` log open: someone is watching, no check is due. */
  watched: z.boolean(),
  /** The recording has ended: no check is due. */
  recordingEnded: z.boolean(),
  /** Last check + interval; null while watched, once the recording ended, or before it starts. */
  nextCheckBy: instant.nullable(),
  /** `nextCheckBy` once it has passed (overdue), else null. */
  overdueSince: instant.nullable(),
  /** Overdue for a check when the server answered (`overdueSince` set), by the stage lists' rule. */
  overdue: z.boolean(),
  staleOpenLogs: z.array(staleOpenLogSchema),
  /** The protocol's notifications not made yet on this case (DESIGN §4 "Notifications"): before their due time… */
  notificationsPending: z.number().int(),
  /** …and past it. */
  notificationsOverdue: z.number().int(),
  /** The pending ones' due times, soonest first: the browser turns each overdue as the clock passes it. */
  pendingNotificationsDueBy: z.array(instant),
  /** After an unanswered critical call: whom to call next and by when (DESIGN §4 "Orders and critical calls"). */
  callNext: callNextSchema.nullable(),
  /** Reports past their due time and not signed (DESIGN §4 "Reports due"). */
  reportsOverdue: z.number().int(),
});
export type BoardCase = z.infer<typeof boardCaseSchema>;

const monthHours = z.object({ minutes: z.number().int(), hours });

/** GET /getHome2 */
export const home2Schema = z.object({
  stageCounts: stageCountsSchema,
  /** Cases in monitoring, the longest overdue first, then the soonest due. */
  monitoring: z.array(boardCaseSchema),
  /** Billable hours of every client in its own local month (time logs and billing-note adjustments). */
  billableHours: z.object({ thisMonth: monthHours, lastMonth: monthHours }),
  /** Active cases with a running turnaround clock, the nearest to breach first (DESIGN §4 turn 4). */
  clocks: z.array(clockCaseSchema),
});
export type Home2 = z.infer<typeof home2Schema>;
