import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientParams, monthRangeQuery } from '../../../contract/billing';
import { isUnrated, monthsBetween } from '../../../contract/billingMonths';
import { envelope } from '../../../contract/envelope';
import {
  clientHoursReportSchema,
  hoursSummarySchema,
  type MonthFigures,
  monitoringHoursQuery,
  monitoringHoursSchema,
} from '../../../contract/hourReports';
import { API_PATHS } from '../../../contract/paths';
import type { MonitoringSettings } from '../../../contract/timeLogs';
import { turnaroundReportSchema } from '../../../contract/turnaround';
import { type MonthTotal, monthTotals } from '../../db/billingHours';
import { callFigures } from '../../db/callFigures';
import type { Db } from '../../db/database';
import {
  clientNames,
  cyclesInRange,
  monitoringByCase,
  monitoringByTechnologist,
  notifiableEvents,
} from '../../db/reports';
import { reportCasesInRange } from '../../db/reportsDue';
import { orderedCasesInRange } from '../../db/turnaroundClocks';
import { hoursOf, moneyOf, rateCents } from '../../domain/billing/money';
import { notificationMonths } from '../../domain/notifications';
import { reportMonths } from '../../domain/reportsDue';
import { turnaroundMonths } from '../../domain/turnaroundClocks';
import { cycleFigures, liveHoursOf } from '../../services/billingStatements';
import { requireClientHeader } from '../../services/clients';
import { SharedReads } from '../../services/sharedReads';
import type { TechnologistRoster } from '../../services/technologistRoster';
import { ok, requires, sharedAnswer } from '../reply';

/**
 * The hour reports (DESIGN §8 "Billing and reports"), billing and admin only: billable hours and amounts per
 * client and month (a closed month as it was frozen), and monitoring hours per client, technologist and case.
 * Every sum is made here or by the database; the browser only shows them.
 */

const tags = ['reports'];

export interface ReportRouteOptions {
  db: Db;
  /** Open-log rules (DESIGN §4); the defaults when a test leaves them out. */
  monitoring?: MonitoringSettings;
  roster: TechnologistRoster;
  now?: () => Date;
  /** Answers shared between callers (a range's summary is the same for all who may see it); none kept without. */
  shared?: SharedReads;
}

type StoredCycles = Awaited<ReturnType<typeof cyclesInRange>>;

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

export const reportRoutes: FastifyPluginAsyncZod<ReportRouteOptions> = async (
  app,
  { db, roster, monitoring, now: clock = () => new Date(), shared = new SharedReads(0) },
) => {
  // Running logs count up to the server's cap (DESIGN §4 "Open logs"), in every report alike.
  const maxOpenLogHours = monitoring?.maxOpenLogHours;
  app.get(
    API_PATHS.clientHoursReport(':clientId'),
    {
      config: requires('reporting', 'show'),
      schema: {
        tags,
        params: clientParams,
        querystring: monthRangeQuery,
        response: { 200: envelope(clientHoursReportSchema) },
      },
    },
    async (request) => {
      const { from, to } = request.query;
      const found = await requireClientHeader(db, request.params.clientId);
      const clientId = found.header.id;
      const [totals, cycles] = await Promise.all([
        monthTotals(db, { clientId, from, to }, clock(), maxOpenLogHours),
        cyclesInRange(db, { clientId, from, to }),
      ]);
      const months = monthsOfClient(monthsBetween(from, to), clientId, byClientMonth(totals), cycles);
      return ok({ client: found.header, from, to, months, totals: totalsOf(months) });
    },
  );

  app.get(
    API_PATHS.hoursSummary,
    {
      config: requires('reporting', 'list'),
      schema: { tags, querystring: monthRangeQuery, response: { 200: envelope(hoursSummarySchema) } },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      const now = clock();
      const summary = async () => ok(await hoursSummary(from, to, now));
      return sharedAnswer(reply, shared, `hours-summary:${from}:${to}`, summary, now.getTime());
    },
  );

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

  app.get(
    API_PATHS.turnaround,
    {
      config: requires('reporting', 'list'),
      schema: {
        tags,
        querystring: monitoringHoursQuery,
        response: { 200: envelope(turnaroundReportSchema) },
      },
    },
    async (request) => {
      const { from, to, clientId } = request.query;
      if (clientId !== undefined) await requireClientHeader(db, clientId);
      const now = clock();
      const [ordered, calls] = await Promise.all([
        orderedCasesInRange(db, { clientId, from, to }, now),
        callFigures(db, { clientId, from, to }, now),
      ]);
      return ok({ months: turnaroundMonths(ordered, calls) });
    },
  );

  app.get(
    API_PATHS.monitoringHours,
    {
      config: requires('reporting', 'list'),
      schema: { tags, querystring: monitoringHoursQuery, response: { 200: envelope(monitoringHoursSchema) } },
    },
    async (request) => {
      const { from, to, clientId } = request.query;
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
      return ok({
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
      });
    },
  );
};
