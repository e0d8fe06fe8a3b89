import { z } from 'zod';
import { optionalText, requiredText } from './fields';
import { listQuerySchema } from './list';

/**
 * Bug reports and the live self-checks (DESIGN §4 "Bug report", §8 "Administration"): every user may
 * report a bug (the server takes the reporter and user agent from the request); an admin sees every
 * report, anyone else their own. The self-checks are the running system's own health, each with its time.
 */

export const BUG_SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;
export type BugSeverity = (typeof BUG_SEVERITIES)[number];
export const BUG_STATUSES = ['open', 'in-progress', 'resolved'] as const;
export type BugStatus = (typeof BUG_STATUSES)[number];

export const bugReportInputSchema = z.object({
  title: requiredText('Title', 200),
  description: requiredText('Description', 5000, { multiline: true }),
  steps: optionalText('Steps to reproduce', 5000, { multiline: true }),
  severity: z
    .enum(BUG_SEVERITIES, { error: `Severity must be one of ${BUG_SEVERITIES.join(', ')}` })
    .default('medium'),
  /** The page the user was on (the app's own route, e.g. `/continuous-monitoring/cases/monitoring/7/events`). */
  pageUrl: optionalText('Page', 2000),
});
export type BugReportInput = z.input<typeof bugReportInputSchema>;

export const bugReportSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  steps: z.string(),
  severity: z.enum(BUG_SEVERITIES),
  pageUrl: z.string(),
  reporter: z.string(),
  userAgent: z.string(),
  status: z.enum(BUG_STATUSES),
  createdAt: z.string(),
});
export type BugReport = z.infer<typeof bugReportSchema>;

export const bugReportListQuery = listQuerySchema(['createdAt', 'severity', 'title'], 'createdAt', 'DESC');

/** One live self-check (GET /bugs/unit-tests): passed or not, how long it took, and why when it failed. */
export const selfCheckSchema = z.object({
  name: z.string(),
  ok: z.boolean(),
  ms: z.number(),
  detail: z.string(),
});
export type SelfCheck = z.infer<typeof selfCheckSchema>;
