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
