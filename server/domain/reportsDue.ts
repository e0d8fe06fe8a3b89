import type { BillingPeriodStart } from '../../contract/billingPeriods';
import { monthIn } from '../../contract/calendar';
import type { CaseStage } from '../../contract/cases';
import { HOUR_MS, type Interval, toMinuteGrid } from '../../contract/hours';
import {
  type DueReportKind,
  isOpenReport,
  type NextReport,
  type ReportStatus,
  reportStatus,
} from '../../contract/reportsDue';
import { recordedPeriods } from './billing/cpt';
import { billingPeriods } from './billing/periods';
import { coveringReport, type ReportCover, recordedPart } from './billing/professional';
import { type OnTimeMonth, onTimeMonths } from './onTimeMonths';

/**
 * The reports a case owes (DESIGN §4 "Reports due"): a preliminary `turnaroundHours` after the recording
 * starts; when the study spans more than one billing period, a daily report for each full period (the
 * recording covers it whole, and it has ended), due at its end + `turnaroundHours`; the final at the
 * recording's end + `turnaroundHours` once the recording has ended. A cancelled case owes nothing, nor does
 * a case whose recording has not started. Each report is done by the earliest signed interpretation of its
 * kind; a daily one by a signed daily whose period is centred in the billing period (readers write the
 * period as they read it, so an exact match would miss reports that are there). An open report whose period
 * no signed daily or final covers, by billing's reading of "covers" (`billing/professional.ts`), is marked
 * `unbilled`: until it is signed, that period earns no professional code. A signed final (live: the caller
 * passes live interpretations only) ends what the case owes (DESIGN §4 "Reports due", round three): a report
 * it found unsigned and past due is `missed` (never due again, not on time in the share), one not yet due
 * then is not owed at all.
 */

export interface SignedInterpretation {
  kind: string;
  periodStart: string | null;
  periodEnd: string | null;
  signedAt: string;
}

export interface ReportsDueInput {
  recordingStart: string | null;
  recordingEnd: string | null;
  timeZone: string;
  billingPeriodStart: BillingPeriodStart;
  turnaroundHours: number;
  cancelled: boolean;
  /** The case's live, signed interpretations (any kind; addenda are ignored). */
  signed: readonly SignedInterpretation[];
}

export interface ExpectedReport {
  kind: DueReportKind;
  periodStart: string | null;
  periodEnd: string | null;
  dueBy: string;
  signedAt: string | null;
  status: ReportStatus;
  /** Open, and no signed report covers its period (see NextReport's `unbilled`). */
  unbilled: boolean;
}

// Stryker disable next-line ObjectLiteral: read only by the sort below, which finds the reports in order.
const KIND_ORDER: Record<DueReportKind, number> = { prelim: 0, daily: 1, final: 2 };

/** The instant a daily interpretation speaks for: the middle of its period, or the one end it gives. */
function dailyMoment({ periodStart, periodEnd }: SignedInterpretation): number | null {
  const start = periodStart ? Date.parse(periodStart) : null;
  const end = periodEnd ? Date.parse(periodEnd) : null;
  if (start !== null && end !== null) return (start + end) / 2;
  if (start !== null) return start;
  // Stryker disable next-line ConditionalExpression: null - 1 is -1, a moment in no billing period, as null is.
  return end === null ? null : end - 1;
}

/** The earliest of these signatures, or null. */
function earliest(signed: readonly SignedInterpretation[]): string | null {
  // Compared as text, as a sort would (ISO instants of one form sort as they fall): no list made to sort.
  let first: string | null = null;
  // Stryker disable next-line EqualityOperator: of two equal signatures either is the earliest.
  for (const { signedAt } of signed) if (first === null || signedAt < first) first = signedAt;
  return first;
}

/** The full billing periods of a study that spans more than one: those the recording (so far) covers whole. */
function fullPeriods(input: ReportsDueInput, start: number, end: number): Interval[] {
  const periods = billingPeriods({ start, end }, input);
  if (periods.length < 2) return [];
  return periods.filter((period) => period.start >= start && period.end <= end);
}

/**
 * Whether the periods a report speaks for earn no professional code yet (the billing rule of
 * `billing/professional.ts`): a daily's own period, or for the final any period of 2 h or more of the
 * recording, that no signed daily or final covers. A preliminary never earns a code.
 */
function leavesUnbilled(
  input: ReportsDueInput,
  recording: Interval,
  kind: DueReportKind,
  period: Interval | undefined,
): boolean {
  const covers: ReportCover[] = input.signed.flatMap(({ kind: signedKind, periodStart, periodEnd }) =>
    signedKind === 'daily' || signedKind === 'final'
      ? [
          {
            kind: signedKind,
            periodStart: periodStart ? Date.parse(periodStart) : null,
            periodEnd: periodEnd ? Date.parse(periodEnd) : null,
          },
        ]
      : [],
  );
  const uncovered = (part: Interval) => coveringReport(part, covers, recording) === null;
  if (kind === 'daily' && period) return uncovered(period);
  if (kind !== 'final') return false;
  const grid = toMinuteGrid(recording);
  if (!grid) return false;
  return recordedPeriods(grid, input).some(
    (each) => each.minutes >= UNBILLED_MINIMUM_MINUTES && uncovered(recordedPart(each, grid)),
  );
}

/** The shortest period that earns a professional code (2 h). */
const UNBILLED_MINIMUM_MINUTES = 120;

/** A report owed and judged, before what only its view needs (its times as text, whether it is unbilled). */
interface OwedReport {
  kind: DueReportKind;
  period: Interval | undefined;
  due: number;
  signedAt: string | null;
  status: ReportStatus;
}

/** The reports a case owes, judged at `now`, in the order they fall due; with the recording they are of. */
function owedReports(input: ReportsDueInput, now: Date): { owed: OwedReport[]; recording: Interval } {
  // Stryker disable next-line ObjectLiteral: with nothing owed, the recording is never read.
  if (input.cancelled || !input.recordingStart) return { owed: [], recording: { start: 0, end: 0 } };
  const start = Date.parse(input.recordingStart);
  const end = input.recordingEnd ? Date.parse(input.recordingEnd) : null;
  const turnaround = input.turnaroundHours * HOUR_MS;
  const recording = { start, end: end ?? Math.max(start, now.getTime()) };
  const ofKind = (kind: string) => input.signed.filter((item) => item.kind === kind);
  const finalSignedAt = earliest(ofKind('final'));
  const finalSignedMs = finalSignedAt ? Date.parse(finalSignedAt) : null;
  const owed: OwedReport[] = [];
  const report = (
    kind: DueReportKind,
    due: number,
    signed: readonly SignedInterpretation[],
    period?: Interval,
  ) => {
    const signedAt = earliest(signed);
    // A signed final ends what the case owes: a report it found unsigned and past due was missed; one not yet
    // due then is owed no more (the final spoke for its period in time).
    if (!signedAt && finalSignedMs !== null && due >= finalSignedMs) return;
    const status = !signedAt && finalSignedAt ? 'missed' : reportStatus(due, signedAt, now);
    owed.push({ kind, period, due, signedAt, status });
  };
  report('prelim', start + turnaround, ofKind('prelim'));
  // Each daily's moment read once, not once per billing period.
  const dailies = ofKind('daily').map((daily) => ({ daily, moment: dailyMoment(daily) }));
  for (const period of fullPeriods(input, start, recording.end))
    report(
      'daily',
      period.end + turnaround,
      dailies
        // Stryker disable next-line ConditionalExpression: null compares as 0, before every period.
        .filter(({ moment }) => moment !== null && moment >= period.start && moment < period.end)
        .map(({ daily }) => daily),
      period,
    );
  if (end !== null) report('final', end + turnaround, ofKind('final'));
  // Built in due order already (a period ends after the recording starts, the final after every period);
  // the sort states the order the callers rely on.
  // Stryker disable next-line all: sorting reports already in order changes nothing.
  owed.sort((a, b) => a.due - b.due || KIND_ORDER[a.kind] - KIND_ORDER[b.kind]);
  return { owed, recording };
}

export function reportsDue(input: ReportsDueInput, now: Date): ExpectedReport[] {
  const { owed, recording } = owedReports(input, now);
  return owed.map(({ kind, period, due, signedAt, status }) => ({
    kind,
    periodStart: period ? new Date(period.start).toISOString() : null,
    periodEnd: period ? new Date(period.end).toISOString() : null,
    dueBy: new Date(due).toISOString(),
    signedAt,
    status,
    unbilled: isOpenReport(status) && leavesUnbilled(input, recording, kind, period),
  }));
}

/** An open report as the case header and the reader's home show it. */
export const openReportView = ({
  kind,
  periodStart,
  periodEnd,
  dueBy,
  status,
  unbilled,
}: ExpectedReport): NextReport => ({
  kind,
  periodStart,
  periodEnd,
  dueBy,
  overdue: status === 'overdue',
  unbilled,
});

/** The soonest-due report still waiting for a signature, or null. */
export function nextOpenReport(reports: readonly ExpectedReport[]): NextReport | null {
  const next = reports.find((report) => isOpenReport(report.status));
  return next ? openReportView(next) : null;
}

/**
 * The report a case's header shows next (DESIGN §4 "Reports due", round three): none before the recording
 * starts, none once the case is closed, else the soonest open one.
 */
export const caseNextReport = (stage: CaseStage, input: ReportsDueInput | undefined, now: Date) =>
  stage === 'closed' || !input ? null : nextOpenReport(reportsDue(input, now));

/** A case's open reports, each with the case it belongs to. */
export function openReportsOf<T>(cases: readonly (T & { input: ReportsDueInput })[], now: Date) {
  return cases
    .flatMap(({ input, ...rest }) =>
      reportsDue(input, now)
        .filter((report) => isOpenReport(report.status))
        .map((report) => ({ ...rest, timeZone: input.timeZone, report })),
    )
    .sort((a, b) => a.report.dueBy.localeCompare(b.report.dueBy));
}

/** Each case's reports past due and not signed, by case id (cases with none are left out). */
export function overdueReportCounts(cases: readonly { caseId: number; input: ReportsDueInput }[], now: Date) {
  const counts = new Map<number, number>();
  for (const { caseId, input } of cases) {
    // Counted from the reports owed: whether each is unbilled, and its view, are not needed.
    const overdue = owedReports(input, now).owed.filter((report) => report.status === 'overdue').length;
    if (overdue > 0) counts.set(caseId, overdue);
  }
  return counts;
}

/** How one client's reports fared in one month (the month each was due in, in the client's zone). */
export type ReportMonth = OnTimeMonth;

/** The reports of these cases per client and month (DESIGN §4 "Reports due": the share on time). */
export function reportMonths(
  cases: readonly { clientId: number; input: ReportsDueInput }[],
  now: Date,
): ReportMonth[] {
  const reports = cases.flatMap(({ clientId, input }) =>
    reportsDue(input, now).map((report) => ({
      clientId,
      month: monthIn(input.timeZone, new Date(report.dueBy)),
      status: report.status,
    })),
  );
  return onTimeMonths(reports, (report) => report).map(({ items, ...month }) => month);
}
