import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACTIVE_CASE_STAGES,
  CASE_STAGES,
  type CaseStage,
  caseDeleteQuerySchema,
  caseDetailsSchema,
  caseIdParams,
  caseIntakeSchema,
  caseListQuerySchema,
  caseProtocolSnapshotSchema,
  caseRowSchema,
} from '../../../contract/cases';
import { envelope } from '../../../contract/envelope';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS } from '../../../contract/paths';
import type { MonitoringSettings } from '../../../contract/timeLogs';
import { listCases } from '../../db/caseList';
import type { Db } from '../../db/database';
import { closedCaseProtocol, loadCaseDetails } from '../../services/caseDetails';
import { admitCase, removeCase } from '../../services/caseIntake';
import type { TechnologistRoster } from '../../services/technologistRoster';
import type { UserDirectory } from '../../services/userDirectory';
import { ok, page, readsPatientData, requires } from '../reply';
import { callAttemptRoutes } from './callAttempts';
import { handoverRoutes } from './handovers';
import { caseHeaderRoutes } from './header';
import { patientDetailsRoutes } from './patientDetails';
import { readerRoutes } from './readers';
import { caseRecordRoutes } from './records';
import { technologistRoutes } from './technologists';
import { timeLogRoutes } from './timeLogs';
import { transitionRoutes } from './transitions';

export type CaseRouteOptions = {
  db: Db;
  directory: UserDirectory;
  roster: TechnologistRoster;
  /** Open-log rules (DESIGN §4); the defaults when a test leaves them out. */
  monitoring?: MonitoringSettings;
};

const tags = ['cases'];

/** The Cases API (DESIGN §8 "Cases"): intake, the stage lists, details, deletion and the snapshot. */
export const caseRoutes: FastifyPluginAsyncZod<CaseRouteOptions> = async (app, options) => {
  const { db, roster } = options;

  const lists: [string, readonly CaseStage[]][] = [
    ...CASE_STAGES.map((stage) => [API_PATHS.caseStage(stage), [stage]] as [string, CaseStage[]]),
    [API_PATHS.caseAssignments, ACTIVE_CASE_STAGES],
  ];
  for (const [path, stages] of lists) {
    app.get(
      path,
      {
        config: readsPatientData('cases', 'list', 'case-list'),
        schema: { tags, querystring: caseListQuerySchema, response: { 200: listEnvelope(caseRowSchema) } },
      },
      async (request) => page(await listCases(db, request.query, { stages })),
    );
  }

  app.get(
    API_PATHS.caseDetails(':id'),
    {
      config: readsPatientData('cases', 'show', 'case'),
      schema: { tags, params: caseIdParams, response: { 200: envelope(caseDetailsSchema) } },
    },
    async (request) => ok(await loadCaseDetails(db, request.params.id, request.user.roles, roster)),
  );

  app.post(
    API_PATHS.cases,
    {
      config: requires('cases', 'create'),
      schema: { tags, body: caseIntakeSchema, response: { 201: envelope(caseDetailsSchema) } },
    },
    async (request, reply) => {
      const created = await db.transaction((tx) => admitCase(tx, request, request.body));
      return reply.code(201).send(ok(await loadCaseDetails(db, created.id, request.user.roles, roster)));
    },
  );

  app.delete(
    API_PATHS.case(':id'),
    {
      config: requires('cases', 'delete'),
      schema: {
        tags,
        params: caseIdParams,
        querystring: caseDeleteQuerySchema,
        response: { 200: envelope(caseRowSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      return ok(await db.transaction((tx) => removeCase(tx, request, id, request.query.version)));
    },
  );

  app.get(
    API_PATHS.closedCaseProtocol(':id'),
    {
      config: requires('cases', 'show'),
      schema: { tags, params: caseIdParams, response: { 200: envelope(caseProtocolSnapshotSchema) } },
    },
    async (request) => ok(await closedCaseProtocol(db, request.params.id)),
  );

  await app.register(caseHeaderRoutes, options);
  await app.register(transitionRoutes, options);
  await app.register(technologistRoutes, options);
  await app.register(readerRoutes, options);
  await app.register(handoverRoutes, options);
  await app.register(caseRecordRoutes, options);
  await app.register(callAttemptRoutes, options);
  await app.register(timeLogRoutes, options);
  await app.register(patientDetailsRoutes, options);
};
