import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type CasePatch, caseDetailsSchema, caseIdParams, casePatchSchema } from '../../../contract/cases';
import type { FieldError } from '../../../contract/envelope';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import { rolesFromGroups } from '../../../contract/roles';
import { type CaseRecord, updateCase } from '../../db/cases';
import {
  activeCasesByTechnologist,
  lockTechnologists,
  technologistsOfCase,
} from '../../db/caseTechnologists';
import { loadLimitRefusal, loadOf } from '../../domain/technologistLoad';
import { badRequest, conflict } from '../../errors';
import { READER_GROUPS } from '../../services/technologistRoster';
import type { UserDirectory } from '../../services/userDirectory';
import type { CaseRouteOptions } from '../cases';
import { ok, requires } from '../reply';
import { auditCaseWrite, loadCaseDetails, lockOpenCase, staleCase } from './shared';

/** A recording time set a few minutes ahead is a clock difference; further ahead it is a typing error. */
const FUTURE_TOLERANCE_MS = 5 * 60_000;

/** The recording times after the patch, checked against each other, the clock and the stage. */
function recordingErrors(current: CaseRecord, patch: CasePatch): FieldError[] {
  const start = patch.recordingStart === undefined ? current.recordingStart : toDate(patch.recordingStart);
  const end = patch.recordingEnd === undefined ? current.recordingEnd : toDate(patch.recordingEnd);
  const errors: FieldError[] = [];
  const latest = Date.now() + FUTURE_TOLERANCE_MS;
  if (start && start.getTime() > latest) {
    errors.push({ field: 'recordingStart', message: 'Recording start cannot be in the future' });
  }
  if (end && end.getTime() > latest) {
    errors.push({ field: 'recordingEnd', message: 'Recording end cannot be in the future' });
  }
  if (end && !start) errors.push({ field: 'recordingEnd', message: 'Set the recording start first' });
  if (end && start && end <= start) {
    errors.push({ field: 'recordingEnd', message: 'Recording end must be after the recording start' });
  }
  if (!start && current.stage !== 'intake') {
    errors.push({
      field: 'recordingStart',
      message: `A case in ${current.stage} keeps its recording start`,
    });
  }
  if (!end && (current.stage === 'preview' || current.stage === 'reviewed')) {
    errors.push({ field: 'recordingEnd', message: `A case in ${current.stage} keeps its recording end` });
  }
  return errors;
}

const toDate = (value: string | null) => (value === null ? null : new Date(value));

/** A reader is an enabled user of a reader group (READER_GROUPS: the readers list offers the same). */
async function readerError(directory: UserDirectory, reader: string): Promise<FieldError | undefined> {
  const user = await directory.getUser(reader);
  const roles = rolesFromGroups(user?.groups);
  if (user?.isEnabled && READER_GROUPS.some((group) => roles.includes(group))) return undefined;
  return { field: 'reader', message: `${reader} is not a reader` };
}

/** PATCH a case's header: study, video, monitoring level, recording times, reader. */
export const caseHeaderRoutes: FastifyPluginAsyncZod<CaseRouteOptions> = async (
  app,
  { db, directory, roster },
) => {
  app.patch(
    API_PATHS.case(':id'),
    {
      config: requires('cases', 'edit'),
      schema: {
        tags: ['cases'],
        params: caseIdParams,
        body: casePatchSchema,
        response: { 200: envelope(caseDetailsSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { version, recordingStart, recordingEnd, ...fields } = request.body;
      const readerProblem = fields.reader ? await readerError(directory, fields.reader) : undefined;
      await db.transaction(async (tx) => {
        const technologists = fields.monitoringLevel ? await technologistsOfCase(tx, id) : [];
        await lockTechnologists(tx, technologists);
        const current = await lockOpenCase(tx, id);
        if (current.version !== version) throw staleCase(current.caseNumber);
        const errors = recordingErrors(current, request.body);
        if (readerProblem && fields.reader !== current.reader) errors.push(readerProblem);
        if (errors.length > 0) throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);
        if (fields.monitoringLevel && fields.monitoringLevel !== current.monitoringLevel) {
          const held = await activeCasesByTechnologist(tx, technologists);
          for (const username of technologists) {
            const cases = (held.get(username) ?? []).map((active) =>
              active.id === id
                ? { ...active, monitoringLevel: fields.monitoringLevel ?? active.monitoringLevel }
                : active,
            );
            const names = await roster.nameOf([username]);
            const refusal = loadLimitRefusal(names.get(username) ?? username, loadOf(cases));
            if (refusal) throw conflict(refusal);
          }
        }
        const updated = await updateCase(tx, id, version, {
          ...fields,
          recordingStart: recordingStart === undefined ? undefined : toDate(recordingStart),
          recordingEnd: recordingEnd === undefined ? undefined : toDate(recordingEnd),
        });
        if (!updated) throw staleCase(current.caseNumber);
        await auditCaseWrite(tx, request, 'case.update', id, {
          fields: Object.keys(request.body).filter((key) => key !== 'version'),
          before: { version: current.version },
          after: { version: updated.version },
        });
      });
      return ok(await loadCaseDetails(db, id, request.user.roles, roster));
    },
  );
};
