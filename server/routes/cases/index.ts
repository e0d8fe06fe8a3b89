import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseDeletionRefusal } from '../../../contract/caseDeletion';
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
import { countCaseHistory, getProtocolSnapshot } from '../../db/caseHistory';
import { getCaseRow, listCases } from '../../db/caseList';
import { deleteCase, intakeCase } from '../../db/cases';
import { getClient } from '../../db/clients';
import type { Db } from '../../db/database';
import { insertPatient } from '../../db/patientDetails';
import { orderColumns } from '../../db/turnaroundClocks';
import { intakeClientRefusal } from '../../domain/caseStages';
import { badRequest, conflict, notFound } from '../../errors';
import { checkPlacerOrder, loadCaseDetails } from '../../services/caseDetails';
import { auditCaseWrite, caseNotFound, lockExistingCase, requireCase, staleCase } from '../../services/cases';
import { checkMrn } from '../../services/patientDetails';
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
      const { patient, clientId, order, ...header } = request.body;
      const created = await db.transaction(async (tx) => {
        const client = await getClient(tx, clientId);
        const refused = intakeClientRefusal(clientId, client);
        if (refused || !client)
          throw badRequest('Invalid clientId', [{ field: 'clientId', message: refused ?? '' }]);
        if (order) await checkPlacerOrder(tx, clientId, null, order);
        const row = await intakeCase(tx, client, {
          ...header,
          ...(order ? orderColumns(order) : {}),
          createdBy: request.user.username,
        });
        if (patient) {
          await checkMrn(tx, clientId, row.id, patient);
          await insertPatient(tx, row.id, patient, request.user.username);
        }
        await auditCaseWrite(tx, request, 'case.intake', row.id, {
          clientId,
          after: { version: row.version },
        });
        return row;
      });
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
      const deleted = await db.transaction(async (tx) => {
        const locked = await lockExistingCase(tx, id);
        const row = await getCaseRow(tx, id);
        if (!row) throw caseNotFound(id);
        const hasRecords = locked.stage === 'intake' && (await countCaseHistory(tx, id)) > 0;
        const refusal = caseDeletionRefusal(locked.caseNumber, locked.stage, hasRecords);
        if (refusal) throw conflict(refusal);
        if (locked.version !== request.query.version) throw staleCase(locked.caseNumber);
        if (!(await deleteCase(tx, id, request.query.version))) throw staleCase(locked.caseNumber);
        await auditCaseWrite(tx, request, 'case.delete', id, { before: { version: locked.version } });
        return row;
      });
      return ok(deleted);
    },
  );

  app.get(
    API_PATHS.closedCaseProtocol(':id'),
    {
      config: requires('cases', 'show'),
      schema: { tags, params: caseIdParams, response: { 200: envelope(caseProtocolSnapshotSchema) } },
    },
    async (request) => {
      const found = await requireCase(db, request.params.id);
      const snapshot = found.stage === 'closed' ? await getProtocolSnapshot(db, found.id) : undefined;
      if (!snapshot) {
        throw notFound(
          `Case ${found.caseNumber} is not closed: its protocol is copied into it when it closes`,
        );
      }
      return ok(snapshot);
    },
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
