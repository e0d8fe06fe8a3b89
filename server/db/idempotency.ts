import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from './database';
import { idempotentRequests } from './schema';

/** How long a key's first answer is kept and sent again. */
const KEPT = sql`interval '24 hours'`;

export type IdempotentRequest = typeof idempotentRequests.$inferSelect;

/**
 * Claims `key` for this user's request: true when it is new (or its earlier use is over 24 h old), else the
 * request that holds it (to answer again, or to refuse another body under the same key).
 */
export async function claimKey(
  db: Db,
  claim: { actor: string; key: string; requestHash: string },
): Promise<true | IdempotentRequest> {
  const own = and(eq(idempotentRequests.actor, claim.actor), eq(idempotentRequests.key, claim.key));
  await db.delete(idempotentRequests).where(and(own, lt(idempotentRequests.createdAt, sql`now() - ${KEPT}`)));
  const claimed = await db
    .insert(idempotentRequests)
    .values(claim)
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (claimed.length > 0) return true;
  const [held] = await db.select().from(idempotentRequests).where(own);
  // Released between the two statements (its write failed): the caller may go on.
  return held ?? true;
}

/** Keeps the first answer to a claimed key. */
export async function keepAnswer(
  db: Db,
  claim: { actor: string; key: string },
  answer: { status: number; answer: string },
) {
  await db
    .update(idempotentRequests)
    .set(answer)
    .where(and(eq(idempotentRequests.actor, claim.actor), eq(idempotentRequests.key, claim.key)));
}

/** Frees a key whose write did not happen (a server error), so the retry makes it. */
export async function releaseKey(db: Db, claim: { actor: string; key: string }) {
  await db
    .delete(idempotentRequests)
    .where(and(eq(idempotentRequests.actor, claim.actor), eq(idempotentRequests.key, claim.key)));
}

/** Drops the keys older than 24 h. */
export async function dropExpiredKeys(db: Db) {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, sql`now() - ${KEPT}`));
}
