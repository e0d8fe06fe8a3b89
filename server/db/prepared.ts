import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './database';

/**
 * Queries built once and prepared, for the reads that run hundreds of times a second with only their
 * parameters changing (the lists and their counts, a case's details, the home page, a statement): no SQL to
 * build in the server each call, and on PostgreSQL no SQL to parse and plan in the database either, as each
 * connection keeps the statement by its name. Their values are placeholders (`sql.placeholder`), given to
 * `execute` on each call; a list of values is one placeholder holding an array (`isAnyOf`), so the text does
 * not depend on how many there are.
 *
 * PGlite's connections share its one session, whose backups deallocate every statement: there a prepared
 * query is sent unnamed, parsed each time, and only its building is saved.
 */

/** The databases whose connections keep named statements for their life (PostgreSQL). */
const keepingNames = new WeakSet<object>();
const built = new WeakMap<object, Map<string, unknown>>();
/** One name per key, the same for every database: a name always means the same text on a connection. */
const names = new Map<string, string>();

export function keepsNamedStatements(db: object) {
  keepingNames.add(db);
}

/**
 * The query `key` names on `db`, built by `build` the first time. `key` must say everything the text
 * depends on (it names the statement); the values that change per call are placeholders.
 */
export function preparedOnce<Query>(db: object, key: string, build: (name: string) => Query): Query {
  const queries = built.get(db) ?? new Map<string, unknown>();
  built.set(db, queries);
  const found = queries.get(key) as Query | undefined;
  if (found) return found;
  const name = names.get(key) ?? `vigil_${names.size + 1}`;
  names.set(key, name);
  // node-postgres sends an empty name as the unnamed statement.
  const query = build(keepingNames.has(db) ? name : '');
  queries.set(key, query);
  return query;
}

/** `column` is one of the values of the array placeholder `name` (none: false). */
export const isAnyOf = (column: AnyPgColumn | SQL, name: string): SQL =>
  sql`${column} = any(${sql.placeholder(name)})`;

/** `column` is none of the values of the array placeholder `name` (none: true). */
export const isNoneOf = (column: AnyPgColumn | SQL, name: string): SQL =>
  sql`${column} <> all(${sql.placeholder(name)})`;

/**
 * A statement of raw SQL (what drizzle's builders cannot say) prepared as `name`, for `preparedOnce`'s
 * `build`: `db.execute` only builds its query until it is awaited.
 */
export const prepareSql = (db: Db, query: SQL, name: string) =>
  db._.session.prepareQuery(db.execute(query).getQuery(), undefined, name, false);
