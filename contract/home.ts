import { z } from 'zod';
import { CASE_STAGES, MONITORING_LEVELS } from './cases';

/**
 * The home page's two calls (DESIGN §8 "Home"): GET /getHome, the caller's own work; GET /getHome2, the
 * operations board (active monitoring with its checks, billable hours this month against last month).
 */

const hours = z.string().meta({ description: 'hours, 2 decimal places', examples: ['12.50'] });

export const stageCountsSchema = z.object(
  Object.fromEntries(CASE_STAGES.map((stage) => [stage, z.number().int()])) as Record<
    (typeof CASE_STAGES)[number],
    z.ZodNumber
  >,
);
export type StageCounts = z.infer<typeof stageCountsSchema>;

export const homeCaseSchema = z.object({
  id: z.number().int(),
  caseNumber: z.string(),
  clientName: z.string(),
  stage: z.enum(CASE_STAGES),
  patientName: z.string(),
  monitoringLevel: z.enum(MONITORING_LEVELS),
  recordingStart: z.string().nullable(),
  /** Why it is the caller's: one of its technologists, or its reader. */
  role: z.enum(['technologist', 'reader']),
});
export type HomeCase = z.infer<typeof homeCaseSchema>;

export const openTimeLogSchema = z.object({
  itemId: z.number().int(),
  revision: z.number().int(),
  caseId: z.number().int(),
  caseNumber: z.string(),
  stage: z.enum(CASE_STAGES),
  start: z.string(),
  activity: z.string(),
});
export type OpenTimeLog = z.infer<typeof openTimeLogSchema>;

/** GET /getHome */
export const homeSchema = z.object({
  /** Cases per stage, over every case. */
  stageCounts: stageCountsSchema,
  /** The caller's active cases (intake, monitoring) and the cases they read that wait for review. */
  myCases: z.array(homeCaseSchema),
  openTimeLog: openTimeLogSchema.nullable(),
});
export type Home = z.infer<typeof homeSchema>;

export const boardCaseSchema = z.object({
  id: z.number().int(),
  caseNumber: z.string(),
  clientName: z.string(),
  patientName: z.string(),
  monitoringLevel: z.enum(MONITORING_LEVELS),
  technologists: z.array(z.string()),
  recordingStart: z.string().nullable(),
  /** The latest check time log or impedance measurement, if any. */
  lastCheckAt: z.string().nullable(),
  /** The protocol's check interval; null when the client has no protocol (then never overdue). */
  checkIntervalMinutes: z.number().int().nullable(),
  overdue: z.boolean(),
});
export type BoardCase = z.infer<typeof boardCaseSchema>;

const monthHours = z.object({ minutes: z.number().int(), hours });

/** GET /getHome2 */
export const home2Schema = z.object({
  stageCounts: stageCountsSchema,
  /** Cases in monitoring, overdue first, then by the oldest check. */
  monitoring: z.array(boardCaseSchema),
  /** Billable hours of every client in its own local month (time logs and billing-note adjustments). */
  billableHours: z.object({ thisMonth: monthHours, lastMonth: monthHours }),
});
export type Home2 = z.infer<typeof home2Schema>;
