import type { Db } from './database';

/** A transaction handle; repository functions take `DbOrTx` so a route can compose them in one transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/** PostgreSQL's error fields, unwrapped from drizzle's query error. */
function postgresError(error: unknown): { code?: string; constraint?: string } | undefined {
  if (!(error instanceof Error)) return undefined;
  const cause = 'code' in error ? error : error.cause;
  return typeof cause === 'object' && cause !== null
    ? (cause as { code?: string; constraint?: string })
    : undefined;
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
