import { z } from 'zod';
import { callFiguresSchema } from './callAttempts';
import { instant, optionalText, wholeNumber } from './fields';

/**
 * Orders and turnaround clocks (DESIGN §4 "Orders and critical calls (turn 4)"): a case's order (when, how
 * urgent, by whom, why), the client's turnaround targets per priority, and the clocks a case runs against
 * them. Times are ISO-8601 instants in UTC; every rule works in instants, so a DST change moves nothing. The
 * rules on priorities and clocks are in turnaroundRules.ts.
 */

export const ORDER_PRIORITIES = ['stat', 'urgent', 'routine'] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number];

/** Minutes from order to hookup, and from hookup to the first review, for one priority. */
const priorityTargetsSchema = z.object({
  orderToHookupMinutes: wholeNumber('Order to hookup', 1, 10_080, ' minutes'),
  hookupToFirstReviewMinutes: wholeNumber('Hookup to first review', 1, 10_080, ' minutes'),
});

export const turnaroundTargetsSchema = z.object({
  stat: priorityTargetsSchema,
  urgent: priorityTargetsSchema,
  routine: priorityTargetsSchema,
});
export type TurnaroundTargets = z.infer<typeof turnaroundTargetsSchema>;

/** DESIGN's defaults: stat 60/60, urgent 180/180, routine 1440/720 minutes. */
export const DEFAULT_TURNAROUND_TARGETS: TurnaroundTargets = {
  stat: { orderToHookupMinutes: 60, hookupToFirstReviewMinutes: 60 },
  urgent: { orderToHookupMinutes: 180, hookupToFirstReviewMinutes: 180 },
  routine: { orderToHookupMinutes: 1440, hookupToFirstReviewMinutes: 720 },
};

/** The order as the API answers it; `null` on a case without one ("no order", never invented). */
export const orderSchema = z.object({
  /** Null only on a hospital order that gave no time (ORC-9/OBR-6): it runs no clocks. */
  orderedAt: z.string().nullable(),
  priority: z.enum(ORDER_PRIORITIES).nullable(),
  orderingPhysician: z.object({ name: z.string(), phone: z.string() }),
  indication: z.string(),
  placerOrderNumber: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;

/** A moment not in the future (a minute of clock drift allowed). */
const pastInstant = (label: string) =>
  instant(label).refine(
    (value) => Date.parse(value) <= Date.now() + 60_000,
    `${label} cannot be in the future`,
  );

/** An order sent with the intake or a PATCH of the case; `null` on a PATCH removes it. */
export const orderInputSchema = z.object({
  orderedAt: pastInstant('Ordered at'),
  priority: z.enum(ORDER_PRIORITIES, { error: 'Choose a priority: stat, urgent or routine' }),
  orderingPhysician: z
    .object({
      name: optionalText('Ordering physician', 200),
      phone: optionalText('Ordering physician phone', 40),
    })
    .default({ name: '', phone: '' }),
  indication: optionalText('Indication', 2000, { multiline: true }),
  placerOrderNumber: optionalText('Placer order number', 60),
});
export type OrderInput = z.infer<typeof orderInputSchema>;

const CLOCK_KINDS = ['hookup', 'first-review', 'preliminary'] as const;
export type ClockKind = (typeof CLOCK_KINDS)[number];

/**
 * One turnaround clock: due by `dueBy`; met at `metAt` (null while it runs); `breachedByMinutes` is how
 * many whole minutes past `dueBy` it was met, or is now while it runs, and null while it is within target.
 */
export const clockSchema = z.object({
  kind: z.enum(CLOCK_KINDS),
  dueBy: z.string(),
  metAt: z.string().nullable(),
  breachedByMinutes: z.number().int().nullable(),
});
export type Clock = z.infer<typeof clockSchema>;

/**
 * An active case (intake, monitoring) with a running clock, as the operations board lists them: the one
 * nearest to breach first. `nearest` is that clock; the others are in `clocks`.
 */
export const clockCaseSchema = z.object({
  id: z.number().int(),
  caseNumber: z.string(),
  stage: z.enum(['intake', 'monitoring']),
  clientName: z.string(),
  clientTimeZone: z.string(),
  patientName: z.string(),
  priority: z.enum(ORDER_PRIORITIES).nullable(),
  nearest: clockSchema,
  clocks: z.array(clockSchema),
});
export type ClockCase = z.infer<typeof clockCaseSchema>;

// The monthly report

/** One target's figures: how many cases it was measured on, how many met it, and the interval's median. */
const targetFiguresSchema = z.object({
  /** Cases whose clock has ended (met, or breached while running): the share's denominator. */
  measured: z.number().int(),
  met: z.number().int(),
  /** `met / measured`, 0–1, null when nothing was measured. */
  share: z.number().nullable(),
  /** Median minutes of the interval (on the minute grid) over the cases where it ended, late or not; null when none. */
  medianMinutes: z.number().nullable(),
});
export type TargetFigures = z.infer<typeof targetFiguresSchema>;

const priorityFiguresSchema = z.object({
  priority: z.enum(ORDER_PRIORITIES),
  orders: z.number().int(),
  hookup: targetFiguresSchema,
  firstReview: targetFiguresSchema,
});

/**
 * One client's month: `orders` placed in it, by priority (each with zeros when none was), and the critical
 * `calls` of the events that occurred in it (null when no event of the month called for one). A month is
 * listed when it had either.
 */
const turnaroundMonthSchema = z.object({
  clientId: z.number().int(),
  clientName: z.string(),
  /** The client's calendar month the orders were placed and the events occurred in, `YYYY-MM`. */
  month: z.string(),
  orders: z.array(priorityFiguresSchema),
  calls: callFiguresSchema.nullable(),
});
export type TurnaroundMonth = z.infer<typeof turnaroundMonthSchema>;

export const turnaroundReportSchema = z.object({ months: z.array(turnaroundMonthSchema) });
export type TurnaroundReport = z.infer<typeof turnaroundReportSchema>;
