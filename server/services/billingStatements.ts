import type {
  BillableCase,
  BillingCycle,
  ClientHeader,
  CptResult,
  ProfessionalCodes,
  Statement,
  StatementChange,
} from '../../contract/billing';
import { type Interval, isStaleOpenLog, openLogEnd } from '../../contract/hours';
import type { Role } from '../../contract/roles';
import { DEFAULT_MAX_OPEN_LOG_HOURS } from '../../contract/timeLogs';
import { frozenLines, type StoredCycle, type StoredFigures } from '../db/billing';
import { caseMinutesInMonth, type MonthTotal } from '../db/billingHours';
import {
  type RevisionAfter,
  type RunningLog,
  revisionsAfter,
  runningLogsOfClient,
  type StatementCase,
  statementCases,
} from '../db/statementCases';
import { type DbOrTx, readAll } from '../db/transaction';
import { type CptInput, cptCodes } from '../domain/billing/cpt';
import { allowedCycleMoves } from '../domain/billing/cycleStatus';
import { amountCents, hoursOf, moneyOf, rateCents } from '../domain/billing/money';
import { monthEnded, monthName, monthWindow } from '../domain/billing/months';
import { professionalCodes } from '../domain/billing/professional';

/**
 * A client's month as billing sees it (DESIGN §4 "Hours and money", §8): the cases with billable time,
 * adjustments or CPT periods in the month, their totals, and the amount, rounded once, at the end.
 */

const NO_CODES: CptResult = { codes: [], periods: [], recordingMinutes: 0, flag: null };
const NO_PROFESSIONAL_CODES: ProfessionalCodes = { readers: [], unreported: [] };

/** The study as the codes read it, or null before its recording has started (or when it has no length). */
function studyOf(found: StatementCase, client: ClientHeader, now: Date): CptInput | null {
  if (!found.recordingStart) return null;
  const recordingEnd = (found.recordingEnd ?? now).getTime();
  if (recordingEnd <= found.recordingStart.getTime()) return null;
  return {
    recordingStart: found.recordingStart.getTime(),
    recordingEnd,
    timeZone: client.timeZone,
    billingPeriodStart: client.billingPeriodStart,
    channelCount: found.channelCount,
    hasVideo: found.hasVideo,
    monitoringLevel: found.monitoringLevel,
    hasHookupLog: found.hasHookupLog,
  };
}

/**
 * The cases whose running logs count in the month's window (up to their cap), each with whether one of them
 * is stale.
 */
function runningLogsIn(
  logs: readonly RunningLog[],
  window: Interval,
  now: Date,
  maxOpenLogHours: number,
): Map<number, boolean> {
  const byCase = new Map<number, boolean>();
  for (const log of logs) {
    const end = openLogEnd(log, {
      now: now.getTime(),
      recordingEnd: log.recordingEnd,
      maxOpenLogHours,
    });
    if (log.start >= window.end || end <= window.start) continue;
    const stale = isStaleOpenLog(log.start, now.getTime(), maxOpenLogHours);
    byCase.set(log.caseId, (byCase.get(log.caseId) ?? false) || stale);
  }
  return byCase;
}

/** The month's statement lines as they are now, by case number. */
export async function currentLines(
  db: DbOrTx,
  client: ClientHeader,
  month: string,
  now: Date,
  maxOpenLogHours = DEFAULT_MAX_OPEN_LOG_HOURS,
): Promise<BillableCase[]> {
  const window = monthWindow(month, client.timeZone);
  // Independent reads, side by side on the pool.
  const [minutes, runningLogs] = await readAll(db, [
    () => caseMinutesInMonth(db, client.id, month, now, maxOpenLogHours),
    () => runningLogsOfClient(db, client.id),
  ]);
  const running = runningLogsIn(runningLogs, window, now, maxOpenLogHours);
  const found = await statementCases(
    db,
    client.id,
    [...minutes.keys()],
    { start: new Date(window.start), end: new Date(window.end) },
    now,
  );
  return found.flatMap((statementCase) => {
    const { billable, adjust } = minutes.get(statementCase.caseId) ?? { billable: 0, adjust: 0 };
    const study = studyOf(statementCase, client, now);
    const cpt = study ? cptCodes(study, month) : NO_CODES;
    if (billable === 0 && adjust === 0 && cpt.periods.length === 0 && cpt.codes.length === 0) return [];
    const {
      hasHookupLog: _hookup,
      channelCount: _channels,
      reports,
      recordingStart,
      recordingEnd,
      ...shown
    } = statementCase;
    const professional = study ? professionalCodes({ study, reports, month }) : NO_PROFESSIONAL_CODES;
    return [
      {
        ...shown,
        recordingStart: recordingStart?.toISOString() ?? null,
        recordingEnd: recordingEnd?.toISOString() ?? null,
        minutes: billable,
        hours: hoursOf(billable),
        adjustMinutes: adjust,
        adjustHours: hoursOf(adjust),
        totalMinutes: billable + adjust,
        totalHours: hoursOf(billable + adjust),
        openLog: running.has(statementCase.caseId),
        staleLog: running.get(statementCase.caseId) ?? false,
        cpt,
        professional,
      },
    ];
  });
}

export function totalsOf(lines: readonly BillableCase[]) {
  const minutes = lines.reduce((sum, line) => sum + line.minutes, 0);
  const adjustMinutes = lines.reduce((sum, line) => sum + line.adjustMinutes, 0);
  return totalsFrom(minutes, adjustMinutes);
}

function totalsFrom(minutes: number, adjustMinutes: number) {
  return {
    minutes,
    hours: hoursOf(minutes),
    adjustMinutes,
    adjustHours: hoursOf(adjustMinutes),
    totalMinutes: minutes + adjustMinutes,
    totalHours: hoursOf(minutes + adjustMinutes),
  };
}

/** The amount of `minutes` at `rate` ("125.50"), or null without a rate. */
const amountOf = (minutes: number, rate: string | null) =>
  rate === null ? null : moneyOf(amountCents(minutes, rateCents(rate)));

/** Hours of a month that is live (open) or frozen (closed, invoiced). */
export interface MonthHours {
  minutes: number;
  adjustMinutes: number;
  cases: number;
}

/** The live hours of a month from its summed rows (none: nothing logged). */
export const liveHoursOf = (total: MonthTotal | undefined): MonthHours => ({
  minutes: total?.billableMinutes ?? 0,
  adjustMinutes: total?.adjustMinutes ?? 0,
  cases: total?.cases ?? 0,
});

/** A month's figures: its own hours while open, the frozen ones once closed; never stored is open, unrated. */
export function cycleFigures(stored: StoredFigures | undefined, live: MonthHours) {
  const frozen = stored && stored.status !== 'open';
  const figures = frozen
    ? {
        minutes: stored.frozenMinutes ?? 0,
        adjustMinutes: stored.frozenAdjustMinutes ?? 0,
        cases: stored.frozenCases ?? 0,
      }
    : live;
  const total = figures.minutes + figures.adjustMinutes;
  const rate = stored?.rate ?? null;
  return {
    status: stored?.status ?? ('open' as const),
    rate,
    minutes: total,
    hours: hoursOf(total),
    amount: amountOf(total, rate),
    cases: figures.cases,
  };
}

/** Who reads a cycle, and when: the moves it offers depend on both. */
export interface CycleViewer {
  roles: readonly Role[];
  /** The client's zone, where its months end. */
  timeZone: string;
  now: Date;
}

/** A month as the API shows a cycle; a month never stored is open, without a rate, version 0. */
export function cycleView(
  month: string,
  stored: StoredCycle | undefined,
  live: MonthHours,
  viewer: CycleViewer,
): BillingCycle {
  const figures = cycleFigures(stored, live);
  const facts = {
    month: monthName(month),
    status: figures.status,
    hasRate: figures.rate !== null,
    monthEnded: monthEnded(month, viewer.timeZone, viewer.now.getTime()),
  };
  return {
    id: month,
    month,
    ...figures,
    version: stored?.version ?? 0,
    closedAt: stored?.closedAt?.toISOString() ?? null,
    closedBy: stored?.closedBy ?? null,
    invoicedAt: stored?.invoicedAt?.toISOString() ?? null,
    invoicedBy: stored?.invoicedBy ?? null,
    allowedMoves: allowedCycleMoves(facts, viewer.roles),
  };
}

/** Whether a revision's own window (a time log) or month (a billing note) touches the cycle. */
function touches(revision: RevisionAfter, month: string, window: Interval): boolean {
  if (revision.kind === 'billing-notes') return revision.body.month === month;
  const start = Date.parse(String(revision.body.start));
  const end = revision.body.end ? Date.parse(String(revision.body.end)) : Number.POSITIVE_INFINITY;
  return start < window.end && end > window.start;
}

/** The cases whose figures differ from the frozen ones, or whose logs or notes for the month changed. */
async function changesSinceClose(
  db: DbOrTx,
  month: string,
  window: Interval,
  closedAt: Date,
  frozen: readonly BillableCase[],
  current: readonly BillableCase[],
): Promise<StatementChange[]> {
  const before = new Map(frozen.map((line) => [line.caseId, line]));
  const now = new Map(current.map((line) => [line.caseId, line]));
  const caseIds = [...new Set([...before.keys(), ...now.keys()])];
  const revisions = await revisionsAfter(db, caseIds, closedAt);
  return caseIds
    .map((caseId) => {
      const was = before.get(caseId);
      const is = now.get(caseId);
      return {
        caseId,
        caseNumber: (is ?? was)?.caseNumber ?? '',
        frozenMinutes: was?.minutes ?? 0,
        currentMinutes: is?.minutes ?? 0,
        frozenAdjustMinutes: was?.adjustMinutes ?? 0,
        currentAdjustMinutes: is?.adjustMinutes ?? 0,
        revisions: revisions
          .filter((revision) => revision.caseId === caseId)
          .map(({ kind, itemId, revision, author, createdAt }) => ({
            kind,
            itemId,
            revision,
            author,
            createdAt: createdAt.toISOString(),
          })),
        touched: revisions.some((revision) => revision.caseId === caseId && touches(revision, month, window)),
      };
    })
    .filter(
      ({ touched, ...change }) =>
        touched ||
        change.frozenMinutes !== change.currentMinutes ||
        change.frozenAdjustMinutes !== change.currentAdjustMinutes,
    )
    .map(({ touched: _, ...change }) => change)
    .sort((a, b) => a.caseNumber.localeCompare(b.caseNumber));
}

/** The statement of a client's month: live lines while open, the frozen ones (and what changed) after. */
export async function statementOf(
  db: DbOrTx,
  client: ClientHeader,
  month: string,
  stored: StoredCycle | undefined,
  roles: readonly Role[],
  now: Date,
  maxOpenLogHours?: number,
): Promise<Statement> {
  const window = monthWindow(month, client.timeZone);
  const [current, frozen] = await readAll(db, [
    () => currentLines(db, client, month, now, maxOpenLogHours),
    async () => (stored && stored.status !== 'open' ? frozenLines(db, stored.id) : undefined),
  ]);
  const lines = frozen ?? current;
  const totals = totalsOf(lines);
  const cycle = cycleView(
    month,
    stored,
    { minutes: totals.minutes, adjustMinutes: totals.adjustMinutes, cases: lines.length },
    { roles, timeZone: client.timeZone, now },
  );
  return {
    client,
    cycle,
    periodStart: new Date(window.start).toISOString(),
    periodEnd: new Date(window.end).toISOString(),
    lines,
    totals: { ...totals, amount: amountOf(totals.totalMinutes, cycle.rate) },
    frozen: frozen !== undefined,
    draft: cycle.status === 'open',
    changedSinceClose:
      frozen && stored?.closedAt
        ? await changesSinceClose(db, month, window, stored.closedAt, frozen, current)
        : [],
  };
}
