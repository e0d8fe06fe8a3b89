import type { z } from 'zod';
import type { MonthRange } from '../../contract/billing';
import { isUnrated, monthsBetween } from '../../contract/billingMonths';
import type { MonthFigures, monitoringHoursQuery } from '../../contract/hourReports';
import { type MonthTotal, monthTotals } from '../db/billingHours';
import { callFigures } from '../db/callFigures';
import type { Db } from '../db/database';
import {
  clientNames,
  cyclesInRange,
  monitoringByCase,
  monitoringByTechnologist,
  notifiableEvents,
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

/** Each month of the range for one client: its cycle's figures (frozen once closed), rate and amount. */
function monthsOfClient(
  months: readonly string[],
  clientId: number,
  totals: ReadonlyMap<string, MonthTotal>,
  cycles: StoredCycles,
): MonthFigures[] {
  return months.map((month) => ({
    month,
    ...cycleFigures(cycles.get(`${clientId} ${month}`), liveHoursOf(totals.get(`${clientId} ${month}`))),
  }));
}

/** "1569.75" → 156975, "-0.05" → -5: an amount this API wrote, back in cents. */
const centsOf = (amount: string) =>
  amount.startsWith('-') ? -rateCents(amount.slice(1)) : rateCents(amount);

/** Totals of some months: amounts are added in cents, each month already rounded once as it is invoiced. */
function totalsOf(months: readonly MonthFigures[]) {
  const minutes = months.reduce((sum, month) => sum + month.minutes, 0);
  const cents = months.reduce((sum, month) => sum + (month.amount === null ? 0 : centsOf(month.amount)), 0);
  return {
    minutes,
    hours: hoursOf(minutes),
    amount: moneyOf(cents),
    unratedMonths: months.filter(isUnrated).length,
    cases: months.reduce((sum, month) => sum + month.cases, 0),
  };
}

const byClientMonth = (totals: readonly MonthTotal[]) =>
  new Map(totals.map((total) => [`${total.clientId} ${total.month}`, total]));

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
    return { client: found.header, from, to, months, totals: totalsOf(months) };
  }

  /** Every client's hours and amounts per month of the range, as of `now`: the same for every caller. */
  async function hoursSummary(from: string, to: string, now: Date) {
    const [totals, cycles] = await Promise.all([
      monthTotals(db, { from, to }, now, maxOpenLogHours),
      cyclesInRange(db, { from, to }),
    ]);
    const months = monthsBetween(from, to);
    const clientIds = [
      ...new Set([
        ...totals.map((total) => total.clientId),
        ...[...cycles.values()].map((cycle) => cycle.clientId),
      ]),
    ];
    const names = await clientNames(db, clientIds);
    const lookup = byClientMonth(totals);
    const clients = clientIds
      .map((clientId) => {
        const figures = monthsOfClient(months, clientId, lookup, cycles);
        const client = names.get(clientId) ?? { name: '', code: '' };
        return {
          clientId,
          clientName: client.name,
          clientCode: client.code,
          months: figures,
          totals: totalsOf(figures),
        };
      })
      .sort((a, b) => a.clientName.localeCompare(b.clientName));
    const monthTotalsRow = months.map((month, index) => {
      const column = clients.map((client) => client.months[index] as MonthFigures);
      const total = totalsOf(column);
      return {
        month,
        minutes: total.minutes,
        hours: total.hours,
        amount: total.amount,
        cases: total.cases,
      };
    });
    const all = clients.flatMap((client) => client.months);
    return { from, to, months, clients, monthTotals: monthTotalsRow, totals: totalsOf(all) };
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
