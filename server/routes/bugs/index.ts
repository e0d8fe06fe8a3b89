import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bugReportInputSchema,
  bugReportListQuery,
  bugReportSchema,
  selfCheckSchema,
} from '../../../contract/bugs';
import { envelope } from '../../../contract/envelope';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS } from '../../../contract/paths';
import { canAccess } from '../../../contract/roles';
import { recordAudit } from '../../db/audit';
import { insertBugReport, listBugReports } from '../../db/bugReports';
import type { Db } from '../../db/database';
import { runSelfChecks, type SelfCheckContext } from '../../services/selfChecks';
import { ok, page, requires } from '../reply';

/**
 * Bug reports and the live self-checks (DESIGN §8 "Administration"): every role files and reads reports
 * (an admin all of them, others their own); the self-checks are the admin's.
 */

const tags = ['bugs'];

export interface BugRouteOptions {
  db: Db;
  selfChecks: Omit<SelfCheckContext, 'db'>;
}

export const bugRoutes: FastifyPluginAsyncZod<BugRouteOptions> = async (app, { db, selfChecks }) => {
  app.get(
    API_PATHS.bugReports,
    {
      config: requires('bugs', 'list'),
      schema: { tags, querystring: bugReportListQuery, response: { 200: listEnvelope(bugReportSchema) } },
    },
    async (request) => {
      const everyone = canAccess(request.user.roles, 'bugs', 'edit');
      return page(await listBugReports(db, request.query, everyone ? undefined : request.user.username));
    },
  );

  app.post(
    API_PATHS.bugReports,
    {
      config: requires('bugs', 'create'),
      schema: { tags, body: bugReportInputSchema, response: { 201: envelope(bugReportSchema) } },
    },
    async (request, reply) => {
      const userAgent = String(request.headers['user-agent'] ?? '').slice(0, 500);
      const report = await db.transaction(async (tx) => {
        const created = await insertBugReport(tx, request.body, request.user.username, userAgent);
        // Ids and severity only: a report's text may quote a patient.
        await recordAudit(tx, {
          actor: request.user.username,
          action: 'bug.report',
          resource: 'bugs',
          resourceId: String(created.id),
          outcome: 'ok',
          details: { severity: created.severity },
        });
        return created;
      });
      return reply.code(201).send(ok(report));
    },
  );

  app.get(
    API_PATHS.selfChecks,
    {
      config: requires('bugs.unit-tests', 'list'),
      schema: { tags, response: { 200: envelope(z.array(selfCheckSchema)) } },
    },
    async () => ok(await runSelfChecks({ db, ...selfChecks })),
  );
};
