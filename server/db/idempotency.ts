import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from './database';
import { idempotentRequests } from './schema';

/** How long a key's first answer is kept and sent again. */
const KEPT = sql`interval '24 hours'`;
/**
 * A claim neither answered nor written this long ago was abandoned (its instance stopped): a retry takes it
 * over. Taking over a request still under way is safe too: its write is then refused (`markWritten`).
 */
const ABANDONED = sql`interval '5 seconds'`;

export type IdempotentRequest = typeof idempotentRequests.$inferSelect;
/** A user's key and the request (claim) that holds it. */
export type Claim = { actor: string; key: string; claim: string };

const held = (claim: Claim) =>
  and(
    eq(idempotentRequests.actor, claim.actor),
    eq(idempotentRequests.key, claim.key),
    eq(idempotentRequests.claim, claim.claim),
  );

/**
 * Claims `key` for this user's request: true when it is new (or its earlier use is over 24 h old), else the
 * request that holds it (to answer again, or to refuse another body under the same key).
 */
export async function claimKey(
  db: Db,
  claim: Claim & { requestHash: string },
): Promise<true | IdempotentRequest> {
  const own = and(eq(idempotentRequests.actor, claim.actor), eq(idempotentRequests.key, claim.key));
  await db.delete(idempotentRequests).where(and(own, lt(idempotentRequests.createdAt, sql`now() - ${KEPT}`)));
  const claimed = await db
    .insert(idempotentRequests)
    .values(claim)
    .onConflictDoNothing()
    .returning({ key: idempotentRequests.key });
  if (claimed.length > 0) return true;
  const [holder] = await db.select().from(idempotentRequests).where(own);
  // Released between the two statements (its write failed): the caller may go on.
  return holder ?? true;
}

/**
 * Takes over `previous`'s claim when it was abandoned: neither answered nor written, and older than a few
 * seconds. Waits for a write of that claim under way to end (its row lock), then sees it written.
 */
export async function takeOverKey(db: Db, previous: Claim, claim: string): Promise<boolean> {
  const taken = await db
    .update(idempotentRequests)
    .set({ claim, createdAt: sql`now()` })
    .where(
      and(
        held(previous),
        eq(idempotentRequests.written, false),
        sql`${idempotentRequests.status} is null`,
        lt(idempotentRequests.createdAt, sql`now() - ${ABANDONED}`),
      ),
    )
    .returning({ key: idempotentRequests.key });
  return taken.length > 0;
}

/**
 * Inside the write's own transaction: notes that this claim's write is made, so it commits or rolls back
 * with it. False when a retry took the claim over: the caller then rolls its write back.
 */
export async function markWritten(db: Pick<Db, 'update'>, claim: Claim): Promise<boolean> {
  const marked = await db
    .update(idempotentRequests)
    .set({ written: true })
    .where(held(claim))
    .returning({ key: idempotentRequests.key });
  return marked.length > 0;
}

/** Keeps the first answer to a claimed key. */
export async function keepAnswer(db: Db, claim: Claim, answer: { status: number; answer: string }) {
  await db.update(idempotentRequests).set(answer).where(held(claim));
}

/** Frees a key whose write did not happen (a server error), so the retry makes it. */
export async function releaseKey(db: Db, claim: Claim) {
  await db.delete(idempotentRequests).where(and(held(claim), eq(idempotentRequests.written, false)));
}

/** Drops the keys older than 24 h. */
export async function dropExpiredKeys(db: Db) {
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, sql`now() - ${KEPT}`));
}
