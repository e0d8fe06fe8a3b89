import { z } from 'zod';
import { CYCLE_STATUSES, clientHeaderSchema, hours, money, monthField, monthRangeQuery } from './billing';
import { idParam } from './fields';
import { onTimeTallySchema } from './onTime';

/** The hour reports (DESIGN §8 "Billing and reports"): a client's months, the summary and monitoring hours. */

const monthFigures = z.object({
  month: z.string(),
  minutes: z.number().int(),
  hours,
  amount: money.nullable(),
  rate: money.nullable(),
  status: z.enum(CYCLE_STATUSES),
  cases: z.number().int(),
});
export type MonthFigures = z.infer<typeof monthFigures>;

const reportTotals = z.object({
  minutes: z.number().int(),
  hours,
  /** Sum of the months' amounts; months with no rate add nothing and are counted in `unratedMonths`. */
  amount: money,
  unratedMonths: z.number().int(),
  cases: z.number().int(),
});

/** GET /reporting/…/billable-hours/client/{clientId}?from&to */
export const clientHoursReportSchema = z.object({
  client: clientHeaderSchema,
  from: z.string(),
  to: z.string(),
  months: z.array(monthFigures),
  totals: reportTotals,
});
export type ClientHoursReport = z.infer<typeof clientHoursReportSchema>;

/** GET /reporting/…/billable-hours/summary?from&to: per client per month, and totals. */
export const hoursSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(z.string()),
  clients: z.array(
    z.object({
      clientId: z.number().int(),
      clientName: z.string(),
      clientCode: z.string(),
      months: z.array(monthFigures),
      totals: reportTotals,
    }),
  ),
  /** Per month over every client. */
  monthTotals: z.array(
    z.object({ month: z.string(), minutes: z.number().int(), hours, amount: money, cases: z.number().int() }),
  ),
  totals: reportTotals,
});
export type HoursSummary = z.infer<typeof hoursSummarySchema>;

export const monitoringHoursQuery = z
  .object({ from: monthField('From'), to: monthField('To'), clientId: idParam('Client id').optional() })
  .superRefine((value, context) => {
    const range = monthRangeQuery.safeParse({ from: value.from, to: value.to });
    if (!range.success)
      for (const issue of range.error.issues) context.addIssue({ ...issue, code: 'custom' });
  });

/** How one client met one kind of deadline in one month: due = on time + late + overdue; pending not judged. */
const onTimeMonthSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  month: z.string(),
  ...onTimeTallySchema.shape,
});

/** GET /reporting/…/monitoring-hours?from&to[&clientId] */
export const monitoringHoursSchema = z.object({
  from: z.string(),
  to: z.string(),
  months: z.array(z.string()),
  client: clientHeaderSchema.nullable(),
  /** Per client per month: the union of each case's logs, summed over the client's cases. */
  byClient: z.array(
    z.object({
      clientId: z.number().int(),
      clientName: z.string(),
      month: z.string(),
      minutes: z.number().int(),
      hours,
    }),
  ),
  /** Per technologist per month: the union of their logs (any activity). */
  byTechnologist: z.array(
    z.object({
      technologist: z.string(),
      name: z.string(),
      month: z.string(),
      minutes: z.number().int(),
      hours,
    }),
  ),
  /** With `clientId`: per case per month, the union of all its logs. */
  byCase: z.array(
    z.object({
      caseId: z.number().int(),
      caseNumber: z.string(),
      month: z.string(),
      minutes: z.number().int(),
      hours,
    }),
  ),
  /**
   * Per client per month (the month the event occurred in, in the client's zone): the events a protocol rule
   * covers, how they were notified, the share on time of those due (on time + late + overdue; pending ones
   * are not judged yet) and the median minutes from the event to the call (DESIGN §4 "Notifications").
   */
  notifications: z.array(onTimeMonthSchema.extend({ medianDelayMinutes: z.number().nullable() })),
  /**
   * Per client per month (the month each report was due in, in the client's zone): the reports owed, how
   * they were signed, and the share on time of those due by now (on time + late + overdue) (DESIGN §4
   * "Reports due").
   */
  reports: z.array(onTimeMonthSchema),
});
export type MonitoringHours = z.infer<typeof monitoringHoursSchema>;
export type NotificationMonthRow = MonitoringHours['notifications'][number];
export type ReportMonthRow = MonitoringHours['reports'][number];
