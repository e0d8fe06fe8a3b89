import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientParams, monthRangeQuery } from '../../../contract/billing';
import { envelope } from '../../../contract/envelope';
import {
  clientHoursReportSchema,
  hoursSummarySchema,
  monitoringHoursQuery,
  monitoringHoursSchema,
} from '../../../contract/hourReports';
import { API_PATHS } from '../../../contract/paths';
import type { MonitoringSettings } from '../../../contract/timeLogs';
import { turnaroundReportSchema } from '../../../contract/turnaround';
import type { Db } from '../../db/database';
import { createHourReports } from '../../services/hourReports';
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

export const reportRoutes: FastifyPluginAsyncZod<ReportRouteOptions> = async (
  app,
  { db, roster, monitoring, now: clock = () => new Date(), shared = new SharedReads(0) },
) => {
  // Running logs count up to the server's cap (DESIGN §4 "Open logs"), in every report alike.
  const reports = createHourReports({ db, roster, maxOpenLogHours: monitoring?.maxOpenLogHours, clock });

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
    async (request) => ok(await reports.clientHours(request.params.clientId, request.query)),
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
      const summary = async () => ok(await reports.hoursSummary(from, to, now));
      return sharedAnswer(reply, shared, `hours-summary:${from}:${to}`, summary, now.getTime());
    },
  );

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
    async (request) => ok(await reports.turnaround(request.query)),
  );

  app.get(
    API_PATHS.monitoringHours,
    {
      config: requires('reporting', 'list'),
      schema: { tags, querystring: monitoringHoursQuery, response: { 200: envelope(monitoringHoursSchema) } },
    },
    async (request) => ok(await reports.monitoringHours(request.query)),
  );
};
