import { eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { AccountState } from '../auth/accountCache';
import type { Db } from './database';
import { preparedOnce } from './prepared';
import { auditLog, userAccounts } from './schema';
import type { DbOrTx, Tx } from './transaction';

export type AccountStatus = AccountState & { newSignIn: boolean };

const stateOf = (row: typeof userAccounts.$inferSelect): AccountState => ({
  isEnabled: row.isEnabled,
  tokensValidAfter: row.tokensValidAfter,
  lastSignInAt: row.lastSignInAt,
});

/**
 * One account by username: read on every request whose account state is not in the cache, so built once and
 * prepared (no SQL built per call, however long ago the cache was filled).
 */
const accountQuery = (db: Db) =>
  preparedOnce(db, 'account by username', (name) =>
    db
      .select()
      .from(userAccounts)
      .where(eq(userAccounts.username, sql.placeholder('username')))
      .prepare(name),
  );

/**
 * Finds the caller's account (creating it on first sight) and records a sign-in, in one transaction,
 * when the token comes from a sign-in newer than the last one seen. Parallel first requests with one new
 * token race here: the upsert moves `lastSignInAt` forward only when it is older, so exactly one of them
 * gets a row back and writes the audit entry.
 */
export async function touchAccount(db: Db, username: string, signedInAt: Date): Promise<AccountStatus> {
  const [existing] = await accountQuery(db).execute({ username });
  if (existing?.lastSignInAt && existing.lastSignInAt >= signedInAt) {
    return { ...stateOf(existing), newSignIn: false };
  }
  return db.transaction(async (tx) => {
    const [account] = await tx
      .insert(userAccounts)
      .values({ username, lastSignInAt: signedInAt })
      .onConflictDoUpdate({
        target: userAccounts.username,
        set: { lastSignInAt: signedInAt, updatedAt: new Date() },
        setWhere: or(isNull(userAccounts.lastSignInAt), lt(userAccounts.lastSignInAt, signedInAt)),
      })
      .returning();
    if (!account) {
      // Another request recorded this sign-in first.
      const [current] = await tx.select().from(userAccounts).where(eq(userAccounts.username, username));
      return { ...stateOf(current), newSignIn: false };
    }
    await tx.insert(auditLog).values({
      actor: username,
      action: 'sign-in',
      resource: 'session',
      outcome: account.isEnabled ? 'ok' : 'denied',
      details: { signedInAt: signedInAt.toISOString() },
    });
    return { ...stateOf(account), newSignIn: true };
  });
}

export async function getAccount(db: Db, username: string) {
  const [account] = await accountQuery(db).execute({ username });
  return account;
}

/** Every account the API has seen, by username. */
export async function listAccounts(db: DbOrTx) {
  const rows = await db.select().from(userAccounts);
  return new Map(rows.map((row) => [row.username, row]));
}

/** The accounts of these users that the API has seen. */
export async function accountsNamed(db: Db, usernames: readonly string[]) {
  return db
    .select()
    .from(userAccounts)
    .where(inArray(userAccounts.username, [...usernames]));
}

/**
 * The user's account, created if the API has not seen them yet, locked until the transaction ends: changes
 * of whether the user is enabled run one after another, each seeing the state the previous one left.
 */
export async function lockAccount(tx: Tx, username: string) {
  await tx.insert(userAccounts).values({ username }).onConflictDoNothing();
  const [account] = await tx
    .select()
    .from(userAccounts)
    .where(eq(userAccounts.username, username))
    .for('update');
  return account;
}

/** The API's own record of whether a user may call it (checked on every request). */
export async function setAccountEnabled(tx: DbOrTx, username: string, isEnabled: boolean) {
  await tx
    .insert(userAccounts)
    .values({ username, isEnabled })
    .onConflictDoUpdate({ target: userAccounts.username, set: { isEnabled, updatedAt: new Date() } });
}

/**
 * When sessions ended now end: the next whole second. Tokens carry their issue time in whole seconds, so
 * a token of the second under way could be older or newer than the ending: every one is refused, and the
 * caller answers only once that second is over (`sessionsEnded`), so a sign-in made after the answer is never
 * refused, and none made before it is kept.
 */
export const sessionsEndAt = (now = Date.now()) => new Date((Math.floor(now / 1000) + 1) * 1000);

/** Waits until sessions ended at `at` are over (under a second). */
export const sessionsEnded = (at: Date) =>
  new Promise((resolve) => setTimeout(resolve, Math.max(0, at.getTime() - Date.now())));

/**
 * Ends every session of a user (DESIGN §3): tokens issued before `at` are refused from the next request, on
 * every instance within the account cache's life. Written in the caller's transaction.
 */
export async function endSessions(tx: DbOrTx, username: string, at: Date) {
  await tx
    .insert(userAccounts)
    .values({ username, tokensValidAfter: at })
    .onConflictDoUpdate({ target: userAccounts.username, set: { tokensValidAfter: at, updatedAt: at } });
}
