import { z } from 'zod';
import { monthsBetween } from './billingMonths';
import { MONITORING_LEVELS, STUDY_TYPES } from './cases';
import { idParam, version } from './fields';

/**
 * Billing cycles and statements (DESIGN §4 "Hours and money", §8 "Billing and reports"; the hour reports are in
 * `hourReports.ts`, the months in `billingMonths.ts`).
 * Durations are whole minutes; hours go out as decimal strings with 2 places ("12.50"), money as strings
 * with 2 places ("1569.75"), never as binary floats. A cycle is a client's local calendar month, named by
 * its month (`YYYY-MM`), which is also its id in paths.
 */

export const CYCLE_STATUSES = ['open', 'closed', 'invoiced'] as const;
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

/** The earliest and latest months the API accepts: anything else is a typo. */
export const FIRST_MONTH = '2000-01';
export const LAST_MONTH = '2099-12';
/** The longest range of a report, in months. */
const MAX_REPORT_MONTHS = 60;
/** The largest hourly rate accepted. */
const MAX_RATE = '99999.99';

const MONTH_FORMAT = /^\d{4}-(0[1-9]|1[0-2])$/;

/** A billing month, `YYYY-MM`. */
export function monthField(label: string) {
  return z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be a month written YYYY-MM`,
    })
    .regex(MONTH_FORMAT, { error: `${label} must be a month written YYYY-MM, e.g. 2026-03`, abort: true })
    .refine((value) => value >= FIRST_MONTH && value <= LAST_MONTH, {
      error: `${label} must be between ${FIRST_MONTH} and ${LAST_MONTH}`,
    })
    .meta({ examples: ['2026-03'] });
}

/** An hourly rate: a decimal string ≥ 0 with at most 2 places, at most MAX_RATE. */
export const rateField = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? 'Rate is required'
        : 'Rate must be written as text, e.g. "125.50"',
  })
  .trim()
  .refine((value) => !value.startsWith('-'), { error: 'Rate cannot be negative', abort: true })
  .regex(/^\d+(\.\d+)?$/, {
    error: 'Rate must be an amount per hour such as 125.50 (digits and a decimal point)',
    abort: true,
  })
  .regex(/^\d+(\.\d{1,2})?$/, { error: 'Rate may have at most 2 decimal places', abort: true })
  // Compared digit by digit, not as a float: leading zeros aside, at most 5 digits before the point.
  .refine((value) => (value.split('.')[0] as string).replace(/^0+(?=\d)/, '').length <= 5, {
    error: `Rate must be at most ${MAX_RATE} per hour`,
  })
  .meta({ examples: ['125.50'] });

/** Path parameters of a client's billing calls. */
export const clientParams = z.object({ clientId: idParam('Client id') });
export const cycleParams = clientParams.extend({ cycleId: monthField('Billing month') });

export const billableHoursQuery = z.object({ month: monthField('Month') });

/** `?from=YYYY-MM&to=YYYY-MM`, both included, at most MAX_REPORT_MONTHS months. */
export const monthRangeQuery = z
  .object({ from: monthField('From'), to: monthField('To') })
  .superRefine(({ from, to }, context) => {
    if (to < from) context.addIssue({ code: 'custom', path: ['to'], message: 'To must not be before From' });
    else if (monthsBetween(from, to).length > MAX_REPORT_MONTHS)
      context.addIssue({
        code: 'custom',
        path: ['to'],
        message: `A report covers at most ${MAX_REPORT_MONTHS} months`,
      });
  });
export type MonthRange = z.infer<typeof monthRangeQuery>;

export const rateInputSchema = z.object({ rate: rateField, version: version.optional() });
export type RateInput = z.input<typeof rateInputSchema>;

export const statusInputSchema = z.object({
  status: z.enum(CYCLE_STATUSES, { error: `Status must be one of ${CYCLE_STATUSES.join(', ')}` }),
  version,
});
export type StatusInput = z.infer<typeof statusInputSchema>;

/** Hours as the API answers them. */
export const hours = z.string().meta({ description: 'hours, 2 decimal places', examples: ['12.50'] });
/** Money as the API answers it. */
export const money = z.string().meta({ description: 'an amount, 2 decimal places', examples: ['1569.75'] });

export const CPT_UNITS = ['2-12h', '12-26h'] as const;

/** One billing period of a recording and what it bills (DESIGN §4 "CPT technical codes"). */
const cptPeriodSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** Minutes of recording inside the period. */
  minutes: z.number().int(),
  unit: z.enum(CPT_UNITS).nullable(),
  code: z.string().nullable(),
  /** Why a period bills nothing, e.g. "under 2 h" or "one 2–12 h unit per study". */
  note: z.string().nullable(),
});

const cptCodeSchema = z.object({ code: z.string(), description: z.string(), units: z.number().int() });
export type CptCode = z.infer<typeof cptCodeSchema>;

const cptResultSchema = z.object({
  codes: z.array(cptCodeSchema),
  periods: z.array(cptPeriodSchema),
  /** Recording minutes in all. */
  recordingMinutes: z.number().int(),
  /**
   * `routine`: under 2 h in all, a routine EEG outside the long-term codes; `channels`: fewer than 8 EEG
   * channels, not a long-term EEG.
   */
  flag: z.enum(['routine', 'channels']).nullable(),
});
export type CptResult = z.infer<typeof cptResultSchema>;

/** One reader's professional codes: the reports they signed. */
const readerCodesSchema = z.object({
  /** The signer's username; null only on lines frozen (before codes followed the signer) with no case reader. */
  reader: z.string().nullable(),
  codes: z.array(cptCodeSchema),
});
export type ReaderCodes = z.infer<typeof readerCodesSchema>;

/** A billing period's recorded part that would earn a professional code but no signed report covers. */
const unreportedPeriodSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** Minutes of recording inside it. */
  minutes: z.number().int(),
});
export type UnreportedPeriod = z.infer<typeof unreportedPeriodSchema>;

/** The professional codes of a line (DESIGN §4 "Reading, reporting and billing", round three). */
const professionalCodesSchema = z.object({
  readers: z.array(readerCodesSchema),
  unreported: z.array(unreportedPeriodSchema),
});
export type ProfessionalCodes = z.infer<typeof professionalCodesSchema>;

/** A case on a client's month: its billable time, the month's adjustments from its billing notes, its codes. */
const billableCaseSchema = z.object({
  caseId: z.number().int(),
  caseNumber: z.string(),
  patientName: z.string(),
  mrn: z.string(),
  stage: z.string(),
  studyType: z.enum(STUDY_TYPES),
  hasVideo: z.boolean(),
  monitoringLevel: z.enum(MONITORING_LEVELS),
  recordingStart: z.string().nullable(),
  recordingEnd: z.string().nullable(),
  /** Union of the case's billable time logs inside the month. */
  minutes: z.number().int(),
  hours,
  adjustMinutes: z.number().int(),
  adjustHours: hours,
  totalMinutes: z.number().int(),
  totalHours: hours,
  /**
   * A running time log counts in this month (DESIGN §4 "Open logs"): up to the earliest of now, the recording
   * end + 4 h and its start + MAX_OPEN_LOG_HOURS, so the minutes may still change; the cycle cannot close.
   */
  openLog: z.boolean(),
  /** That running log is older than MAX_OPEN_LOG_HOURS: forgotten, most likely. */
  staleLog: z.boolean(),
  /** The codes of the billing periods that start in this month (95700 in the month the study starts). */
  cpt: cptResultSchema,
  /**
   * The readers' professional codes (95717–95726) billed in this month, per reader who signed the reports,
   * and the periods no signed report covers; absent on lines frozen before they were computed.
   */
  professional: professionalCodesSchema.optional(),
});
export type BillableCase = z.infer<typeof billableCaseSchema>;

export const clientHeaderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  timeZone: z.string(),
  address: z.string(),
  /** ISO 4217 code the amounts are in. */
  currency: z.string(),
  /** Where the client's billing periods start: `recording-start` or a local `HH:MM`. */
  billingPeriodStart: z.string(),
});
export type ClientHeader = z.infer<typeof clientHeaderSchema>;

const totalsSchema = z.object({
  minutes: z.number().int(),
  hours,
  adjustMinutes: z.number().int(),
  adjustHours: hours,
  totalMinutes: z.number().int(),
  totalHours: hours,
});

/** GET …/client/{clientId}/billable-hours?month= */
export const billableHoursSchema = z.object({
  client: clientHeaderSchema,
  month: z.string(),
  /** The month's first and last instants in UTC: local midnight to local midnight. */
  periodStart: z.string(),
  periodEnd: z.string(),
  cases: z.array(billableCaseSchema),
  totals: totalsSchema,
});
export type BillableHours = z.infer<typeof billableHoursSchema>;

/** A status change the caller may be offered on a month, and why the server would refuse it now (or null). */
const allowedCycleMoveSchema = z.object({
  to: z.enum(CYCLE_STATUSES),
  refusal: z.string().nullable(),
});
export type AllowedCycleMove = z.infer<typeof allowedCycleMoveSchema>;

/** A client's month as billing sees it; months with no stored cycle answer `version: 0`, open, no rate. */
export const billingCycleSchema = z.object({
  id: z.string(),
  month: z.string(),
  status: z.enum(CYCLE_STATUSES),
  rate: money.nullable(),
  minutes: z.number().int(),
  hours,
  amount: money.nullable(),
  cases: z.number().int(),
  version: z.number().int(),
  closedAt: z.string().nullable(),
  closedBy: z.string().nullable(),
  invoicedAt: z.string().nullable(),
  invoicedBy: z.string().nullable(),
  /** The moves offered to the caller from this status (none without billing edit), as cases send theirs. */
  allowedMoves: z.array(allowedCycleMoveSchema),
});
export type BillingCycle = z.infer<typeof billingCycleSchema>;

/** A time-log or billing-note revision saved after the cycle closed, and what it changes. */
const statementChangeSchema = z.object({
  caseId: z.number().int(),
  caseNumber: z.string(),
  frozenMinutes: z.number().int(),
  currentMinutes: z.number().int(),
  frozenAdjustMinutes: z.number().int(),
  currentAdjustMinutes: z.number().int(),
  revisions: z.array(
    z.object({
      kind: z.enum(['time-logs', 'billing-notes']),
      itemId: z.number().int(),
      revision: z.number().int(),
      author: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type StatementChange = z.infer<typeof statementChangeSchema>;

/** GET …/client/{clientId}/cycle/{cycleId}: the statement; a closed cycle answers its frozen lines. */
export const statementSchema = z.object({
  client: clientHeaderSchema,
  cycle: billingCycleSchema,
  periodStart: z.string(),
  periodEnd: z.string(),
  lines: z.array(billableCaseSchema),
  totals: totalsSchema.extend({ amount: money.nullable() }),
  /** True when the lines are the ones frozen at closing. */
  frozen: z.boolean(),
  /** The cycle is still open: its statement is a draft, and prints marked DRAFT. */
  draft: z.boolean(),
  changedSinceClose: z.array(statementChangeSchema),
});
export type Statement = z.infer<typeof statementSchema>;
