import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addMonths } from '../../../contract/billingMonths';
import { monthIn } from '../../../contract/calendar';
import { envelope } from '../../../contract/envelope';
import { home2Schema, homeSchema } from '../../../contract/home';
import { API_PATHS } from '../../../contract/paths';
import { DEFAULT_MAX_OPEN_LOG_HOURS, type MonitoringSettings } from '../../../contract/timeLogs';
import { monthTotals } from '../../db/billingHours';
import type { Db } from '../../db/database';
import { casesOf, clientZones, openTimeLogsOf, stageCounts } from '../../db/home';
import { monitoringBoard } from '../../db/monitoringBoard';
import { reportCasesInMonitoring, reportCasesOfReader } from '../../db/reportsDue';
import { runningClockCases } from '../../db/turnaroundClocks';
import { hoursOf } from '../../domain/billing/money';
import { openReportsOf, openReportView, overdueReportCounts } from '../../domain/reportsDue';
import { SharedReads } from '../../services/sharedReads';
import { inSomeGroup, ok, readsPatientData, sharedAnswer } from '../reply';

/**
 * The home page (DESIGN §8 "Home"): GET /getHome, the caller's own work, for every user in a group; GET
 * /getHome2, the operations board, for admins and technologists.
 */

const tags = ['home'];

export interface HomeRouteOptions {
  db: Db;
  /** Open-log rules (DESIGN §4); the defaults when a test leaves them out. */
  monitoring?: MonitoringSettings;
  now?: () => Date;
  /** Answers shared between callers (the board is the same for all who may see it); none kept without. */
  shared?: SharedReads;
}

export const homeRoutes: FastifyPluginAsyncZod<HomeRouteOptions> = async (
  app,
  {
    db,
    monitoring = { maxOpenLogHours: DEFAULT_MAX_OPEN_LOG_HOURS },
    now: clock = () => new Date(),
    shared = new SharedReads(0),
  },
) => {
  // Every user in a group reads their own home page; it names their cases' patients.
  const home = {
    preHandler: inSomeGroup,
    config: { phi: 'polled-case-list' as const },
    schema: { tags, response: { 200: envelope(homeSchema) } },
  };
  app.get(API_PATHS.home, home, async (request) => {
    const { username } = request.user;
    const [counts, myCases, openTimeLogs, reading] = await Promise.all([
      stageCounts(db),
      casesOf(db, username),
      openTimeLogsOf(db, username, monitoring),
      reportCasesOfReader(db, username),
    ]);
    const reportsDue = openReportsOf(reading, clock()).map(
      ({ caseId, caseNumber, stage, clientName, timeZone, report }) => ({
        caseId,
        caseNumber,
        stage,
        clientName,
        clientTimeZone: timeZone,
        ...openReportView(report),
      }),
    );
    return ok({ stageCounts: counts, myCases, openTimeLogs, reportsDue });
  });

  app.get(
    API_PATHS.home2,
    {
      config: readsPatientData('operations', 'list', 'polled-case-list'),
      schema: { tags, response: { 200: envelope(home2Schema) } },
    },
    async (_request, reply) => {
      const now = clock();
      return sharedAnswer(
        reply,
        shared,
        'operations-board',
        async () => ok(await operationsBoard(now)),
        now.getTime(),
      );
    },
  );

  /** The operations board as of `now`: the same for every caller who may see it. */
  async function operationsBoard(now: Date) {
    // Each client's this and last month in its own time zone: at most three months across the zones. Worked
    // out once per zone, not once per client (a thousand clients share a few zones).
    const monthsAndTotals = async () => {
      const zones = await clientZones(db);
      const zoneMonths = new Map<string, { current: string; previous: string }>();
      const months = new Map<number, { current: string; previous: string }>();
      for (const { id, timeZone } of zones) {
        let month = zoneMonths.get(timeZone);
        if (!month) {
          const current = monthIn(timeZone, now);
          month = { current, previous: addMonths(current, -1) };
          zoneMonths.set(timeZone, month);
        }
        months.set(id, month);
      }
      const thisMonths = [...zoneMonths.values()].map(({ current }) => current).sort();
      const from = addMonths(thisMonths[0] ?? monthIn('UTC', now), -1);
      const to = thisMonths.at(-1) ?? monthIn('UTC', now);
      return { months, totals: await monthTotals(db, { from, to }, now) };
    };
    // Independent reads, side by side on the pool.
    const [counts, board, reporting, { months, totals }, clocks] = await Promise.all([
      stageCounts(db),
      monitoringBoard(db, monitoring),
      reportCasesInMonitoring(db),
      monthsAndTotals(),
      runningClockCases(db, now),
    ]);
    const overdueReports = overdueReportCounts(reporting, now);
    let thisMonth = 0;
    let lastMonth = 0;
    for (const total of totals) {
      const month = months.get(total.clientId);
      const minutes = total.billableMinutes + total.adjustMinutes;
      if (total.month === month?.current) thisMonth += minutes;
      else if (total.month === month?.previous) lastMonth += minutes;
    }
    return {
      stageCounts: counts,
      monitoring: board.map((row) => ({ ...row, reportsOverdue: overdueReports.get(row.id) ?? 0 })),
      billableHours: {
        thisMonth: { minutes: thisMonth, hours: hoursOf(thisMonth) },
        lastMonth: { minutes: lastMonth, hours: hoursOf(lastMonth) },
      },
      clocks,
    };
  }
};
