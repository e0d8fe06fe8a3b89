import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordParams } from '../../../contract/caseRecords';
import { patientPutSchema, patientRevisionSchema, patientSchema } from '../../../contract/cases';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import {
  getPatient,
  insertPatient,
  keepAsRevision,
  lockPatient,
  patientHistory,
  replacePatient,
} from '../../db/patientDetails';
import { patientFor } from '../../domain/minimumNecessary';
import { conflict } from '../../errors';
import { auditCaseWrite, lockOpenCase, requireCase } from '../../services/cases';
import { checkMrn } from '../../services/patientDetails';
import { ok, page, readsPatientData, requires } from '../reply';
import type { CaseRouteOptions } from '.';

/**
 * A case's patient details (DESIGN §8 "Case records"): one set per case; each PUT, with the version it
 * loaded, keeps the details it replaces as a revision.
 */

const tags = ['case records'];

export const patientDetailsRoutes: FastifyPluginAsyncZod<CaseRouteOptions> = async (app, { db }) => {
  const path = API_PATHS.patientDetails(':caseId');

  app.get(
    path,
    {
      config: readsPatientData('cases.patient-details', 'show', 'case'),
      schema: { tags, params: recordParams, response: { 200: envelope(patientSchema.nullable()) } },
    },
    async (request) => {
      const found = await requireCase(db, request.params.caseId);
      return ok(patientFor(request.user.roles, await getPatient(db, found.id)));
    },
  );

  app.put(
    path,
    {
      config: requires('cases.patient-details', 'edit'),
      schema: {
        tags,
        params: recordParams,
        body: patientPutSchema,
        response: { 200: envelope(patientSchema) },
      },
    },
    async (request) => {
      const { caseId } = request.params;
      const { version, ...input } = request.body;
      const { username } = request.user;
      const saved = await db.transaction(async (tx) => {
        const found = await lockOpenCase(tx, caseId);
        const current = await lockPatient(tx, caseId);
        if (current && current.version !== version) {
          throw conflict(
            version === undefined
              ? 'Version is required: send the version of the patient details you loaded'
              : `The patient details were changed by someone else meanwhile (now version ${current.version}); reload and try again.`,
          );
        }
        await checkMrn(tx, found.clientId, caseId, input);
        if (!current) {
          const created = await insertPatient(tx, caseId, input, username);
          await auditCaseWrite(tx, request, 'patient.update', caseId, { after: { version: 1 } });
          return created;
        }
        await keepAsRevision(tx, current);
        const updated = await replacePatient(tx, current, input, username);
        await auditCaseWrite(tx, request, 'patient.update', caseId, {
          before: { version: current.version },
          after: { version: updated.version },
        });
        return updated;
      });
      return ok(saved);
    },
  );

  app.get(
    API_PATHS.patientDetailsRevisions(':caseId'),
    {
      config: readsPatientData('cases.patient-details', 'show', 'case'),
      schema: { tags, params: recordParams, response: { 200: envelope(z.array(patientRevisionSchema)) } },
    },
    async (request) => {
      const found = await requireCase(db, request.params.caseId);
      const rows = (await patientHistory(db, found.id)).map((row) => patientFor(request.user.roles, row));
      return page({ rows, total: rows.length });
    },
  );
};
