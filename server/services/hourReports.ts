import type { z } from 'zod';
import type { MonthRange } from '../../contract/billing';
import { isUnrated, monthsBetween } from '../../contract/billingMonths';
import type { MonthFigures, monitoringHoursQuery } from '../../contract/hourReports';
import { type MonthTotal, monthTotals } from '../db/billingHours';
import { callFigures } from '../db/callFigures';
import { liveCaseHours, runningCaseIds } from '../db/caseHours';
import type { Db } from '../db/database';
import {
  clientNames,
  cyclesInRange,
  monitoringByCase,
  monitoringByTechnologist,
  notifiableEvents,
  type SummaryMonth,
  summaryMonths,
} from '../db/reports';
import { reportCasesInRange } from '../db/reportsDue';
import { ordersOfMonths } from '../db/turnaroundClocks';
import { hoursOf, moneyOf, rateCents } from '../domain/billing/money';
import { notificationMonths } from '../domain/notifications';
import { reportMonths } from '../domain/reportsDue';
import { turnaroundMonths } from '../domain/turnaroundClocks';
import { cycleFigures, liveHoursOf } from './billingStatements';
import { requireClientHeader } from './clients';
import type { TechnologistRoster } from './technologistRoster';

/**
 * The hour reports (DESIGN §8 "Billing and reports"): billable hours and amounts per client and month (a
 * closed month as it was frozen), monitoring hours per client, technologist and case, and turnaround. Every
 * sum is made here or by the database; the browser only shows them.
 */

type StoredCycles = Awaited<ReturnType<typeof cyclesInRange>>;
type ClientRange = z.infer<typeof monitoringHoursQuery>;

/** A month's figures and its amount in cents (none without a rate), read once from the amount it shows. */
type PricedMonth = { figures: MonthFigures; cents: number };

/** "1569.75" → 156975, "-0.05" → -5: an amount this API wrote, back in cents. */
const centsOf = (amount: string) =>
  amount.startsWith('-') ? -rateCents(amount.slice(1)) : rateCents(amount);

const priced = (figures: MonthFigures): PricedMonth => ({
  figures,
  cents: figures.amount === null ? 0 : centsOf(figures.amount),
});

/** Each month of the range for one client: its cycle's figures (frozen once closed), rate and amount. */
function monthsOfClient(
  months: readonly string[],
  clientId: number,
  totals: ReadonlyMap<string, MonthTotal>,
  cycles: StoredCycles,
): PricedMonth[] {
  return months.map((month) =>
    priced({
      month,
      ...cycleFigures(cycles.get(`${clientId} ${month}`), liveHoursOf(totals.get(`${clientId} ${month}`))),
    }),
  );
}

/** Totals of some months: amounts are added in cents, each month already rounded once as it is invoiced. */
function totalsOf(months: readonly PricedMonth[]) {
  let minutes = 0;
  let cents = 0;
  let unratedMonths = 0;
  let cases = 0;
  for (const { figures, cents: amount } of months) {
    minutes += figures.minutes;
    cents += amount;
    if (isUnrated(figures)) unratedMonths += 1;
    cases += figures.cases;
  }
  return { minutes, hours: hoursOf(minutes), amount: moneyOf(cents), unratedMonths, cases };
}

/** A month with nothing logged. */
const NO_HOURS = { minutes: 0, adjustMinutes: 0, cases: 0 };

const byClientMonth = (totals: readonly MonthTotal[]) =>
  new Map(totals.map((total) => [`${total.clientId} ${total.month}`, total]));

/** The running cases' live hours added to the stored ones of their client's month in range. */
function withLiveHours(
  clients: Awaited<ReturnType<typeof summaryMonths>>,
  caseRows: Awaited<ReturnType<typeof liveCaseHours>>['caseRows'],
  { from, to }: MonthRange,
) {
  const byId = new Map(clients.map((client) => [client.clientId, client]));
  const missing = new Map<number, Map<string, SummaryMonth>>();
  for (const row of caseRows) {
    if (row.month < from || row.month > to) continue;
    const months = byId.get(row.clientId)?.months ?? missing.get(row.clientId) ?? new Map();
    if (!byId.has(row.clientId)) missing.set(row.clientId, months);
    const month = months.get(row.month) ?? {};
    const hours = month.hours ?? { minutes: 0, adjustMinutes: 0, cases: 0 };
    hours.minutes += row.billableMinutes;
    hours.adjustMinutes += row.adjustMinutes;
    if (row.billableMinutes > 0 || row.adjustMinutes !== 0) hours.cases += 1;
    months.set(row.month, { ...month, hours });
  }
  return missing;
}

export interface HourReportSettings {
  db: Db;
  roster: TechnologistRoster;
  /** Running logs count up to the server's cap (DESIGN §4 "Open logs"), in every report alike. */
  maxOpenLogHours: number | undefined;
  clock: () => Date;
}

export function createHourReports({ db, roster, maxOpenLogHours, clock }: HourReportSettings) {
  /** One client's hours and amounts per month of the range, with their totals. */
  async function clientHours(clientId: number, { from, to }: MonthRange) {
    const found = await requireClientHeader(db, clientId);
    const id = found.header.id;
    const [totals, cycles] = await Promise.all([
      monthTotals(db, { clientId: id, from, to }, clock(), maxOpenLogHours),
      cyclesInRange(db, { clientId: id, from, to }),
    ]);
    const months = monthsOfClient(monthsBetween(from, to), id, byClientMonth(totals), cycles);
    return {
      client: found.header,
      from,
      to,
      months: months.map((month) => month.figures),
      totals: totalsOf(months),
    };
  }

  /**
   * Every client's hours and amounts per month of the range, as of `now`: the same for every caller. The
   * database sums the stored hours and joins the cycles and names per client and month; the running cases are
   * added live.
   */
  async function hoursSummary(from: string, to: string, now: Date) {
    const months = monthsBetween(from, to);
    const live = await runningCaseIds(db);
    const [stored, { caseRows }] = await Promise.all([
      summaryMonths(db, months, live),
      liveCaseHours(db, live, now, maxOpenLogHours),
    ]);
    const missing = withLiveHours(stored, caseRows, { from, to });
    const names = await clientNames(db, [...missing.keys()]);
    const clients = [
      ...stored,
      ...[...missing].map(([clientId, figures]) => ({
        clientId,
        ...(names.get(clientId) ?? { name: '', code: '' }),
        months: figures,
      })),
    ]
      .map((client) => {
        const figures = months.map((month) => {
          const { hours, cycle } = client.months.get(month) ?? {};
          return priced({ month, ...cycleFigures(cycle, hours ?? NO_HOURS) });
        });
        return { client, figures };
      })
      .sort((a, b) => a.client.name.localeCompare(b.client.name) || a.client.clientId - b.client.clientId);
    const monthTotalsRow = months.map((month, index) => {
      const total = totalsOf(clients.map((client) => client.figures[index] as PricedMonth));
      return { month, minutes: total.minutes, hours: total.hours, amount: total.amount, cases: total.cases };
    });
    return {
      from,
      to,
      months,
      clients: clients.map(({ client, figures }) => ({
        clientId: client.clientId,
        clientName: client.name,
        clientCode: client.code,
        months: figures.map((month) => month.figures),
        totals: totalsOf(figures),
      })),
      monthTotals: monthTotalsRow,
      totals: totalsOf(clients.flatMap((client) => client.figures)),
    };
  }

  /** How the range's orders and critical calls met their turnaround targets, per month. */
  async function turnaround({ from, to, clientId }: ClientRange) {
    if (clientId !== undefined) await requireClientHeader(db, clientId);
    const now = clock();
    const [orders, calls] = await Promise.all([
      ordersOfMonths(db, { clientId, from, to }, now),
      callFigures(db, { clientId, from, to }, now),
    ]);
    return { months: turnaroundMonths(orders, calls) };
  }

  /** Monitoring hours per client, technologist and case, and the notifications and reports due, per month. */
  async function monitoringHours({ from, to, clientId }: ClientRange) {
    const now = clock();
    const found = clientId === undefined ? undefined : await requireClientHeader(db, clientId);
    const [totals, technologists, cases, events, reporting] = await Promise.all([
      monthTotals(db, { clientId, from, to }, now, maxOpenLogHours),
      monitoringByTechnologist(db, { clientId, from, to }, now, maxOpenLogHours),
      clientId === undefined
        ? Promise.resolve([])
        : monitoringByCase(db, { clientId, from, to }, now, maxOpenLogHours),
      notifiableEvents(db, { clientId, from, to }),
      reportCasesInRange(db, { clientId, from, to }),
    ]);
    const inRange = (row: { month: string }) => row.month >= from && row.month <= to;
    const notifications = notificationMonths(events, now).filter(inRange);
    const reports = reportMonths(reporting, now).filter(inRange);
    const clientNamesById = await clientNames(db, [
      ...new Set([...totals, ...notifications, ...reports].map((total) => total.clientId)),
    ]);
    const byClientAndMonth = <T extends { clientId: number; month: string }>(rows: T[]) =>
      rows
        .map((row) => ({ ...row, clientName: clientNamesById.get(row.clientId)?.name ?? '' }))
        .sort((a, b) => a.clientName.localeCompare(b.clientName) || a.month.localeCompare(b.month));
    const people = await roster.nameOf([...new Set(technologists.map((row) => row.technologist))]);
    const withHours = <T extends { minutes: number }>(row: T) => ({ ...row, hours: hoursOf(row.minutes) });
    return {
      from,
      to,
      months: monthsBetween(from, to),
      client: found?.header ?? null,
      byClient: totals
        .filter((total) => total.monitoringMinutes > 0)
        .map((total) =>
          withHours({
            clientId: total.clientId,
            clientName: clientNamesById.get(total.clientId)?.name ?? '',
            month: total.month,
            minutes: total.monitoringMinutes,
          }),
        )
        .sort((a, b) => a.clientName.localeCompare(b.clientName) || a.month.localeCompare(b.month)),
      byTechnologist: technologists
        .map((row) => withHours({ ...row, name: people.get(row.technologist) ?? row.technologist }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.month.localeCompare(b.month)),
      byCase: cases.map(withHours),
      notifications: byClientAndMonth(notifications),
      reports: byClientAndMonth(reports),
    };
  }

  return { clientHours, hoursSummary, turnaround, monitoringHours };
}
