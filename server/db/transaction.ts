import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/** A transaction handle; repository functions take `DbOrTx` so a route can compose them in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type PostgresErrorFields = { code?: string; constraint?: string; column?: string };

/** PostgreSQL's error fields (SQLSTATE code, constraint, column), unwrapped from drizzle's query error. */
export function postgresError(error: unknown): PostgresErrorFields | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = 'code' in error ? error : error.cause;
  if (typeof cause !== 'object' || cause === null) return undefined;
  const fields = cause as PostgresErrorFields;
  // A SQLSTATE is five digits or capitals; Node's own codes (ECONNREFUSED, ERR_…) are not database refusals.
  return typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) ? fields : undefined;
}

/** SQLSTATE classes and codes meaning the connection went away, not that the request was wrong. */
const CONNECTION_LOST_STATES = /^(08...|57P0[123])$/;
/** What node-postgres and the socket say when a connection dies mid-query. */
const CONNECTION_LOST_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);
const CONNECTION_LOST_MESSAGES =
  /Connection terminated|connection is closed|Client has encountered a connection error|timeout exceeded when trying to connect/i;

/**
 * The database could not be reached or dropped the connection (terminated by an administrator, restarted,
 * a network fault): the request may be tried again, unlike a refusal of what it asked.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { code } = current as Error & { code?: unknown };
    if (typeof code === 'string' && (CONNECTION_LOST_STATES.test(code) || CONNECTION_LOST_CODES.has(code)))
      return true;
    if (CONNECTION_LOST_MESSAGES.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** True when `error` is a unique violation (23505) of the named index or constraint. */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  const pg = postgresError(error);
  return pg?.code === '23505' && pg.constraint === constraint;
}

/** True when `error` is a foreign-key violation (23503) of the named constraint. */
export function isForeignKeyViolation(error: unknown, constraint: string): boolean {
  const pg = postgresError(error);
  return pg?.code === '23503' && pg.constraint === constraint;
}

/**
 * Runs `reads` side by side on the pool (each on a connection of its own), one after another in a
 * transaction: a transaction holds one connection, which runs one statement at a time, so reads sent at once
 * would only queue in node-postgres (deprecated; pg 9 refuses a query sent while another is under way).
 */
export async function readAll<T extends readonly unknown[]>(
  db: DbOrTx,
  reads: readonly [...{ [K in keyof T]: () => Promise<T[K]> }],
): Promise<T> {
  if (!is(db, PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
