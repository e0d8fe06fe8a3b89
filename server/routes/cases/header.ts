import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseDetailsSchema, caseIdParams, casePatchSchema } from '../../../contract/cases';
import type { FieldError } from '../../../contract/envelope';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import { rolesFromGroups } from '../../../contract/roles';
import { listLatestRevisions } from '../../db/caseRecords';
import { type CaseRecord, updateCase } from '../../db/cases';
import {
  activeCasesByTechnologist,
  lockTechnologists,
  technologistsOfCase,
} from '../../db/caseTechnologists';
import { handoversOf } from '../../db/handovers';
import type { DbOrTx } from '../../db/transaction';
import { orderColumns } from '../../db/turnaroundClocks';
import {
  DATED_KINDS,
  datedRecords,
  recordingChangeRefusal,
  recordingErrors,
} from '../../domain/caseRecording';
import { loadLimitRefusal, loadOf } from '../../domain/technologistLoad';
import { badRequest, conflict } from '../../errors';
import { checkPlacerOrder, loadCaseDetails } from '../../services/caseDetails';
import { auditCaseWrite, lockOpenCase, staleCase, studyOf } from '../../services/cases';
import { READER_GROUPS } from '../../services/technologistRoster';
import type { UserDirectory } from '../../services/userDirectory';
import { ok, requires } from '../reply';
import type { CaseRouteOptions } from '.';

const toDate = (value: string | null) => (value === null ? null : new Date(value));

/** A reader is an enabled user of a reader group (READER_GROUPS: the readers list offers the same). */
async function readerError(directory: UserDirectory, reader: string): Promise<FieldError | undefined> {
  const user = await directory.getUser(reader);
  const roles = rolesFromGroups(user?.groups);
  if (user?.isEnabled && READER_GROUPS.some((group) => roles.includes(group))) return undefined;
  return { field: 'reader', message: `${reader} is not a reader` };
}

/**
 * New recording times keep every live log and record of the case within its window (DESIGN §4, round
 * three): 409 naming those it would leave outside, to be revised first.
 */
async function checkRecordsStayInside(
  tx: DbOrTx,
  current: CaseRecord,
  next: Pick<CaseRecord, 'recordingStart' | 'recordingEnd'>,
) {
  const unchanged = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);
  if (
    unchanged(current.recordingStart, next.recordingStart) &&
    unchanged(current.recordingEnd, next.recordingEnd)
  )
    return;
  const [stored, handovers] = [
    await listLatestRevisions(tx, current.id, DATED_KINDS),
    await handoversOf(tx, current.id),
  ];
  const study = await studyOf(tx, current);
  const refusal = recordingChangeRefusal(current.caseNumber, datedRecords(stored, handovers), study, {
    ...study,
    recordingStart: next.recordingStart?.getTime() ?? null,
    recordingEnd: next.recordingEnd?.getTime() ?? null,
  });
  if (refusal) throw conflict(refusal.message, refusal.records);
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
      const { version, recordingStart, recordingEnd, order, ...fields } = request.body;
      const readerProblem = fields.reader ? await readerError(directory, fields.reader) : undefined;
      await db.transaction(async (tx) => {
        const technologists = fields.monitoringLevel ? await technologistsOfCase(tx, id) : [];
        await lockTechnologists(tx, technologists);
        const current = await lockOpenCase(tx, id);
        if (current.version !== version) throw staleCase(current.caseNumber);
        const errors = recordingErrors(current, request.body, Date.now());
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
        const recording = {
          recordingStart: recordingStart === undefined ? current.recordingStart : toDate(recordingStart),
          recordingEnd: recordingEnd === undefined ? current.recordingEnd : toDate(recordingEnd),
        };
        await checkRecordsStayInside(tx, current, recording);
        await checkPlacerOrder(tx, current.clientId, id, order);
        const updated = await updateCase(tx, id, version, {
          ...fields,
          ...recording,
          ...(order === undefined ? {} : orderColumns(order)),
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
