import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordItemParams, recordParams } from '../../../contract/caseRecords';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import {
  DEFAULT_MAX_OPEN_LOG_HOURS,
  insertionQuerySchema,
  timeLogCreateSchema,
  timeLogInsertionSchema,
  timeLogListSchema,
  timeLogRevisionSchema,
  timeLogSchema,
} from '../../../contract/timeLogs';
import { concurrentRevisionConflict } from '../../services/caseRecords';
import {
  createTimeLog,
  insertTimeLog,
  listTimeLogs,
  reviseTimeLog,
  type TimeLogSettings,
  timeLogHistory,
} from '../../services/timeLogs';
import { ok, page, readsPatientData, requires } from '../reply';
import type { CaseRouteOptions } from '.';

/**
 * Time logs (DESIGN §4 "time-logs", §8 "Case records"): list, create, revise (the case's latest log when
 * no id is given), read the history of, and insert a log right before or after another.
 */

const tags = ['case records'];
const resource = 'cases.time-logs';

export const timeLogRoutes: FastifyPluginAsyncZod<CaseRouteOptions> = async (
  app,
  { db, roster, monitoring },
) => {
  const path = API_PATHS.caseRecords(':caseId', 'time-logs');
  const revisionBody = { tags, body: timeLogRevisionSchema, response: { 201: envelope(timeLogSchema) } };
  const settings: TimeLogSettings = {
    roster,
    maxOpenLogHours: monitoring?.maxOpenLogHours ?? DEFAULT_MAX_OPEN_LOG_HOURS,
  };

  app.get(
    path,
    {
      config: readsPatientData(resource, 'list', 'case'),
      schema: { tags, params: recordParams, response: { 200: envelope(timeLogListSchema) } },
    },
    async (request) => ok(await listTimeLogs(db, request, settings, request.params.caseId)),
  );

  app.post(
    path,
    {
      config: requires(resource, 'create'),
      schema: {
        tags,
        params: recordParams,
        body: timeLogCreateSchema,
        response: { 201: envelope(timeLogSchema) },
      },
    },
    async (request, reply) => {
      const created = await db.transaction((tx) =>
        createTimeLog(tx, request, settings, request.params.caseId, request.body),
      );
      return reply.code(201).send(ok(created));
    },
  );

  app.post(
    API_PATHS.latestTimeLogRevisions(':caseId'),
    { config: requires(resource, 'edit'), schema: { ...revisionBody, params: recordParams } },
    async (request, reply) => {
      const revised = await db
        .transaction((tx) =>
          reviseTimeLog(tx, request, settings, request.params.caseId, undefined, request.body),
        )
        .catch(concurrentRevisionConflict);
      return reply.code(201).send(ok(revised));
    },
  );

  app.post(
    API_PATHS.caseRecordRevisions(':caseId', 'time-logs', ':itemId'),
    { config: requires(resource, 'edit'), schema: { ...revisionBody, params: recordItemParams } },
    async (request, reply) => {
      const { caseId, itemId } = request.params;
      const revised = await db
        .transaction((tx) => reviseTimeLog(tx, request, settings, caseId, itemId, request.body))
        .catch(concurrentRevisionConflict);
      return reply.code(201).send(ok(revised));
    },
  );

  app.get(
    API_PATHS.caseRecordRevisions(':caseId', 'time-logs', ':itemId'),
    {
      config: readsPatientData(resource, 'show', 'case'),
      schema: { tags, params: recordItemParams, response: { 200: envelope(z.array(timeLogSchema)) } },
    },
    async (request) => {
      const { caseId, itemId } = request.params;
      const rows = await timeLogHistory(db, request, settings, caseId, itemId);
      return page({ rows, total: rows.length });
    },
  );

  app.post(
    API_PATHS.timeLogInsertion(':caseId', ':itemId'),
    {
      config: requires(resource, 'create'),
      schema: {
        tags,
        params: recordItemParams,
        querystring: insertionQuerySchema,
        body: timeLogInsertionSchema,
        response: { 201: envelope(timeLogSchema) },
      },
    },
    async (request, reply) => {
      const target = { ...request.params, location: request.query.location };
      const created = await db.transaction((tx) =>
        insertTimeLog(tx, request, settings, target, request.body),
      );
      return reply.code(201).send(ok(created));
    },
  );
};
