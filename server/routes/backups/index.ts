import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupIdSchema, backupLinkSchema, backupListQuery, backupSchema } from '../../../contract/backups';
import { envelope } from '../../../contract/envelope';
import { decimalParam } from '../../../contract/fields';
import { listEnvelope } from '../../../contract/list';
import { API_PATHS } from '../../../contract/paths';
import { recordAudit } from '../../db/audit';
import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import type { BackupService } from '../../services/backups';
import { ok, page, requires } from '../reply';

/**
 * Backups (DESIGN §6, §8 "Administration"), the admin's: the list (a running backup with its size so far),
 * a new backup (the request waits for it), and a short-lived signed download link. The file itself is
 * served to the holder of a valid link without a token, so a browser can download it.
 */

const tags = ['backups'];
const params = z.object({ id: backupIdSchema });
const fileQuery = z.object({
  expires: decimalParam('Expires', { min: 0, max: 9_999_999_999 }),
  signature: z.string().regex(/^[0-9a-f]{64}$/, 'is not a link signature'),
});

export interface BackupRouteOptions {
  db: Db;
  backups: BackupService;
}

export const backupRoutes: FastifyPluginAsyncZod<BackupRouteOptions> = async (app, { db, backups }) => {
  app.get(
    API_PATHS.backups,
    {
      config: requires('backups', 'list'),
      schema: { tags, querystring: backupListQuery, response: { 200: listEnvelope(backupSchema) } },
    },
    async (request) => page(await backups.list(request.query)),
  );

  app.post(
    API_PATHS.backups,
    {
      config: requires('backups', 'create'),
      schema: { tags, response: { 201: envelope(backupSchema) } },
    },
    async (request, reply) => {
      const backup = await backups.create(request.user.username);
      // Ids only: the file holds patient data, its metadata does not.
      await recordAudit(db, {
        actor: request.user.username,
        action: 'backup.create',
        resource: 'backups',
        resourceId: backup.id,
        outcome: 'ok',
        details: { status: backup.status },
      });
      if (backup.status === 'failed') throw new AppError(500, `The backup failed: ${backup.error}`);
      return reply.code(201).send(ok(backup));
    },
  );

  app.get(
    API_PATHS.backup(':id'),
    {
      config: requires('backups', 'show'),
      schema: { tags, params, response: { 200: envelope(backupLinkSchema) } },
    },
    async (request) => {
      const link = await backups.link(request.params.id);
      await recordAudit(db, {
        actor: request.user.username,
        action: 'backup.link',
        resource: 'backups',
        resourceId: request.params.id,
        outcome: 'ok',
        details: {},
      });
      return ok(link);
    },
  );

  app.get(
    API_PATHS.backupFile(':id'),
    {
      // The signed link is the credential: a browser follows it without the id token.
      config: { access: 'public' },
      schema: { tags, security: [], params, querystring: fileQuery },
    },
    async (request, reply) => {
      const { expires, signature } = request.query;
      const { backup, stream } = await backups.download(request.params.id, expires, signature);
      return reply
        .header('content-type', 'application/sql; charset=utf-8')
        .header('content-disposition', `attachment; filename="${backup.fileName}"`)
        .header('content-length', String(backup.size))
        .header('x-checksum-sha256', backup.sha256 ?? '')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
};
