import sse from '@fastify/sse';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { API_PATHS } from '../../../contract/paths';
import type { AccountCache } from '../../auth/accountCache';
import type { VerifiedUser } from '../../auth/tokenVerifier';
import type { Database } from '../../db/database';
import { createEventStreams } from '../../services/eventStreams';
import type { SharedReads } from '../../services/sharedReads';
import { inSomeGroup } from '../reply';

/**
 * `GET /events`: Server-Sent Events of the committed changes the caller may read, from every instance
 * (issue 36). The caller sends its id token as on every call (the browser streams with fetch, which can
 * send it; EventSource cannot). A stream ends when the token expires (the browser reconnects with its
 * refreshed token, checked again) and when the user's sessions end or the account is disabled.
 */
export const eventRoutes: FastifyPluginAsync<{
  database: Database;
  shared: SharedReads;
  accounts: AccountCache;
}> = async (app, { database, shared, accounts }) => {
  await app.register(sse);
  const streams = createEventStreams({ database, shared, accounts, log: app.log });
  app.addHook('preClose', async () => streams.stop());
  app.addHook('onClose', async () => streams.close());

  app.get(
    API_PATHS.events,
    {
      sse: { kind: 'only', heartbeat: false },
      preHandler: inSomeGroup,
      schema: {
        tags: ['events'],
        summary: 'Changes as they are committed (Server-Sent Events)',
        description:
          'Events `change` (`{id, kind, caseId?, clientId?, at}`, never patient data), `clock` (`{now}`, first and every 25 s) and `resync` (missed changes are older than 5 minutes). `Last-Event-ID` resumes.',
      },
    },
    // The auth plugin keeps the verified token's user on the request.
    async (request, reply: FastifyReply) => streams.follow(request.user as VerifiedUser, reply.sse),
  );
};
