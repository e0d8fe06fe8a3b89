import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessLogQuery, accessLogEntrySchema, accessLogQuerySchema } from '../../../contract/accessLog';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS } from '../../../contract/paths';
import { readEntry } from '../../accessAudit';
import { caseOfNumber, casesOfPatient, listAccessLog, MAX_PATIENT_CASES, recordAudit } from '../../db/audit';
import type { Db } from '../../db/database';
import { badRequest } from '../../errors';
import { page, requires } from '../reply';

/** The ids both filters allow: undefined when neither is set. */
const narrowed = (ids: number[] | undefined, more: readonly number[]) =>
  ids === undefined ? [...more] : ids.filter((id) => more.includes(id));

/**
 * The access log (DESIGN §6), the admin's: the audit log filtered by user, case (its id or number),
 * patient (MRN or name), outcome and date. A patient filter is a read of patient data: it is audited with
 * the cases it found, the typed text only by its length.
 */
export const accessLogRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    API_PATHS.accessLog,
    {
      config: requires('access-log', 'list'),
      schema: {
        tags: ['access-log'],
        querystring: accessLogQuerySchema,
        response: { 200: listEnvelope(accessLogEntrySchema) },
      },
    },
    async (request) => {
      const query: AccessLogQuery = request.query;
      let caseIds = query.caseId === undefined ? undefined : [Number(query.caseId)];
      if (query.caseNumber) caseIds = narrowed(caseIds, await caseOfNumber(db, query.caseNumber));
      if (query.patient) {
        const ofPatient = await casesOfPatient(db, query.patient);
        if (ofPatient.length > MAX_PATIENT_CASES) {
          const message = `More than ${MAX_PATIENT_CASES} cases match this patient: type more of the MRN or name.`;
          throw badRequest(message, [{ field: 'patient', message }]);
        }
        await recordAudit(db, readEntry(request, ofPatient));
        caseIds = narrowed(caseIds, ofPatient);
      }
      return page(await listAccessLog(db, query, caseIds));
    },
  );
};
