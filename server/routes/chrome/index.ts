import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CASE_STAGES } from '../../../contract/cases';
import { breadcrumbSchema, navigationItemSchema } from '../../../contract/chrome';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import { canAccess, type Role } from '../../../contract/roles';
import { getCase } from '../../db/cases';
import { getClient } from '../../db/clients';
import type { Db } from '../../db/database';
import { breadcrumbsFor, menuFor } from '../../domain/navigation';
import { forbidden } from '../../errors';
import type { UserDirectory } from '../../services/userDirectory';
import { ok } from '../reply';

/** The signed-in user's menu and breadcrumbs (spec §2, §7). */
const CLIENT_PATH = new RegExp(`^${API_PATHS.client('(\\d{1,9})')}(?:/|$)`);
/** A case page: `/continuous-monitoring/cases/{stage}/{caseId}/…`. */
const CASE_PATH = new RegExp(`^(${API_PATHS.caseStage(`(?:${CASE_STAGES.join('|')})`)}/(\\d{1,9}))(?:/|$)`);

/** A user's page: `/users/{username}` (not the technologists' list under `/users/continuous-monitoring`). */
const USER_PATH = /^\/users\/(?!continuous-monitoring(?:\/|$))([^/?]+)(?:\/|$)/;

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Display names for the record ids in a path (a client's name instead of its number). */
async function recordNames(
  db: Db,
  directory: UserDirectory,
  queryPath: string,
  user: { username: string; roles: readonly Role[] },
): Promise<Map<string, string>> {
  const { roles } = user;
  const names = new Map<string, string>();
  // A user's name for their username, to an admin or to the user themself.
  const userSegment = USER_PATH.exec(queryPath)?.[1];
  const username = userSegment ? decoded(userSegment) : undefined;
  if (userSegment && username && (username === user.username || canAccess(roles, 'users', 'show'))) {
    const found = await directory.getUser(username);
    if (found) names.set(`/users/${userSegment}`, found.name);
  }
  // Only a user who may read clients learns a client's name from its id.
  const clientId = canAccess(roles, 'clients', 'show') ? CLIENT_PATH.exec(queryPath)?.[1] : undefined;
  const client = clientId ? await getClient(db, Number(clientId)) : undefined;
  if (client) names.set(API_PATHS.client(client.id), client.name);
  // Only a user who may read cases learns a case's number from its id.
  const casePage = canAccess(roles, 'cases', 'show') ? CASE_PATH.exec(queryPath) : null;
  const found = casePage ? await getCase(db, Number(casePage[2])) : undefined;
  if (casePage && found) names.set(casePage[1], found.caseNumber);
  return names;
}

export const chromeRoutes: FastifyPluginAsyncZod<{ db: Db; directory: UserDirectory }> = async (
  app,
  { db, directory },
) => {
  app.get(
    API_PATHS.chrome,
    { schema: { tags: ['chrome'], response: { 200: envelope(z.array(navigationItemSchema)) } } },
    async (request) => {
      const menu = menuFor(request.user.roles);
      if (!menu) throw forbidden('Access denied');
      return ok(menu);
    },
  );

  app.get(
    API_PATHS.breadcrumbs,
    {
      schema: {
        tags: ['chrome'],
        querystring: z.object({ queryPath: z.string().startsWith('/', 'must start with /').max(500) }),
        response: { 200: envelope(z.array(breadcrumbSchema)) },
      },
    },
    async (request) => {
      const { queryPath } = request.query;
      return ok(breadcrumbsFor(queryPath, await recordNames(db, directory, queryPath, request.user)));
    },
  );
};
