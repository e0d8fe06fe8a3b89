import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ATTENTION_KEY_MAX, attentionListSchema } from '../../../contract/attention';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import { acknowledge, acknowledgedKeys, attentionCases } from '../../db/attention';
import { recordAudit } from '../../db/audit';
import type { Db } from '../../db/database';
import type { DbOrTx } from '../../db/transaction';
import { asksAttentionOf, attentionItems } from '../../domain/attention';
import { notFound } from '../../errors';
import { ok, requires } from '../reply';

/**
 * Attention items (issue 36): GET /attention, the caller's open items; POST /attention/acknowledgements, the
 * caller acknowledges one, on all their devices (the row publishes an `attention` change for them alone).
 * Those who watch the board (admins, technologists) have them.
 */

const tags = ['attention'];

/** The caller's items at `now`, each with whether they acknowledged it. */
async function itemsOf(db: DbOrTx, user: Parameters<typeof asksAttentionOf>[0], now: number) {
  const cases = (await attentionCases(db)).filter((attentionCase) => asksAttentionOf(user, attentionCase));
  const items = attentionItems(cases, now);
  const acknowledged = await acknowledgedKeys(
    db,
    user.username,
    items.map((item) => item.key),
  );
  return items.map((item) => ({ ...item, acknowledged: acknowledged.has(item.key) }));
}

export const attentionRoutes: FastifyPluginAsyncZod<{ db: Db; now?: () => Date }> = async (
  app,
  { db, now = () => new Date() },
) => {
  app.get(
    API_PATHS.attention,
    {
      config: requires('operations', 'list'),
      schema: { tags, response: { 200: envelope(attentionListSchema) } },
    },
    async (request) => {
      const items = await itemsOf(db, request.user, now().getTime());
      return ok({
        items: items.filter((item) => !item.acknowledged).map(({ acknowledged, ...item }) => item),
      });
    },
  );

  app.post(
    API_PATHS.attentionAcknowledgements,
    {
      config: requires('operations', 'list'),
      schema: {
        tags,
        body: z.object({ key: z.string().min(1).max(ATTENTION_KEY_MAX) }),
        response: { 200: envelope(z.object({ key: z.string() })) },
      },
    },
    async (request) => {
      const { key } = request.body;
      const { username } = request.user;
      await db.transaction(async (tx) => {
        // Only an item the caller has now (acknowledged already or not): no row for a made-up key.
        const item = (await itemsOf(tx, request.user, now().getTime())).find((open) => open.key === key);
        if (!item) throw notFound('No such attention item: it may have been dealt with meanwhile');
        if (item.acknowledged) return;
        await acknowledge(tx, username, key, item.caseId);
        await recordAudit(tx, {
          actor: username,
          action: 'attention.acknowledge',
          resource: 'cases',
          resourceId: String(item.caseId),
          outcome: 'ok',
        });
      });
      return ok({ key });
    },
  );
};
