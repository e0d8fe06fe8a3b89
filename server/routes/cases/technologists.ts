import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  technologistCasesInputSchema,
  technologistCasesSchema,
  technologistSchema,
} from '../../../contract/cases';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import { rolesFromGroups } from '../../../contract/roles';
import { usernameSchema } from '../../../contract/users';
import { lockCases, touchCases } from '../../db/cases';
import {
  activeCasesByTechnologist,
  assignTechnologist,
  lockTechnologists,
  openLogsOnCases,
  technologistCounts,
  unassignTechnologist,
} from '../../db/caseTechnologists';
import { assignmentRefusal, lastTechnologistRefusal } from '../../domain/caseStages';
import { loadLimitRefusal, loadOf } from '../../domain/technologistLoad';
import { openLogUnassignRefusal } from '../../domain/timeLogRules';
import { conflict, notFound } from '../../errors';
import { auditCaseWrite, caseNotFound } from '../../services/cases';
import { ok, requires } from '../reply';
import type { CaseRouteOptions } from '.';

const tags = ['cases'];

/** The technologists with their load, and the PUT of one technologist's whole set of active cases. */
export const technologistRoutes: FastifyPluginAsyncZod<CaseRouteOptions> = async (
  app,
  { db, directory, roster },
) => {
  app.get(
    API_PATHS.technologists,
    {
      config: requires('cases', 'list'),
      schema: { tags, response: { 200: envelope(z.array(technologistSchema)) } },
    },
    async () => {
      const [members, held] = await Promise.all([roster.list(), activeCasesByTechnologist(db)]);
      return ok(
        members.map(({ username, name }) => ({ username, name, active: loadOf(held.get(username) ?? []) })),
      );
    },
  );

  app.put(
    API_PATHS.technologistCases(':username'),
    {
      config: requires('cases', 'edit'),
      schema: {
        tags,
        params: z.object({ username: usernameSchema }),
        body: technologistCasesInputSchema,
        response: { 200: envelope(technologistCasesSchema) },
      },
    },
    async (request) => {
      const { username } = request.params;
      const { caseIds } = request.body;
      // Membership is read afresh: a write must not rely on a cached roster.
      const user = await directory.getUser(username);
      if (!user || !rolesFromGroups(user.groups).includes('technologist')) {
        throw notFound(`No technologist named ${username}`);
      }
      const result = await db.transaction(async (tx) => {
        await lockTechnologists(tx, [username]);
        const heldBefore = (await activeCasesByTechnologist(tx, [username])).get(username) ?? [];
        const before = new Set(heldBefore.map((held) => held.id));
        const locked = await lockCases(tx, [...new Set([...before, ...caseIds])]);
        const byId = new Map(locked.map((row) => [row.id, row]));
        const wanted = caseIds.map((caseId) => {
          const row = byId.get(caseId);
          if (!row) throw caseNotFound(caseId);
          const refused = assignmentRefusal(row.caseNumber, row.stage);
          if (refused) throw conflict(refused);
          return row;
        });
        const refusal = loadLimitRefusal(user.name, loadOf(wanted));
        if (refusal) throw conflict(refusal);
        const added = caseIds.filter((caseId) => !before.has(caseId));
        const removed = [...before].filter((caseId) => !caseIds.includes(caseId));
        // The cases are locked above, so a concurrent removal of the other technologist waits and counts again.
        const counts = await technologistCounts(tx, removed);
        const leaving = locked
          .filter((row) => removed.includes(row.id))
          .map((row) => ({
            caseNumber: row.caseNumber,
            stage: row.stage,
            technologists: counts.get(row.id) ?? 0,
          }));
        const unstaffed = lastTechnologistRefusal(user.name, leaving);
        if (unstaffed) throw conflict(unstaffed);
        const stillLogging = openLogUnassignRefusal(username, await openLogsOnCases(tx, username, removed));
        if (stillLogging) throw conflict(stillLogging);
        await unassignTechnologist(tx, removed, username);
        await assignTechnologist(tx, added, username, request.user.username);
        await touchCases(tx, [...added, ...removed]);
        for (const caseId of [...added, ...removed]) {
          await auditCaseWrite(tx, request, 'case.technologists', caseId, {
            technologist: username,
            change: added.includes(caseId) ? 'assigned' : 'unassigned',
          });
        }
        return { active: loadOf(wanted), caseIds: wanted.map((row) => row.id) };
      });
      return ok({ username, name: user.name, ...result });
    },
  );
};
