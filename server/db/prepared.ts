import { Column, is, SQL, Subquery, sql } from 'drizzle-orm';
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
  const query = withFlatRows(build(keepingNames.has(db) ? name : ''));
  queries.set(key, query);
  return query;
}

/** What drizzle keeps of a prepared select: its selected fields in order, and a mapper of its rows. */
type PreparedSelect = {
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: (rows: unknown[][]) => unknown;
};
type Decoder = { mapFromDriverValue(value: unknown): unknown };

/** The decoder drizzle reads a selected field's values with (as its `mapResultRow` picks it). */
function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  // drizzle keeps an SQL's decoder (`mapWith`) on a member its types leave out.
  const sqlOf = (value: unknown) => value as { decoder: Decoder };
  if (is(field, SQL)) return sqlOf(field).decoder;
  if (is(field, Subquery)) return sqlOf((field as unknown as { _: { sql: SQL } })._.sql).decoder;
  return sqlOf((field as SQL.Aliased).sql).decoder;
}

/**
 * A prepared select of flat fields (no nested objects) whose rows are mapped with each field's decoder looked
 * up once, when it is built: drizzle's own mapping finds each value's decoder again by walking class
 * prototypes, which for a board of a few hundred rows costs more than reading them. The same values come
 * out (a null stays null, else the decoder's value); anything else is left to drizzle.
 */
function withFlatRows<Query>(query: Query): Query {
  const prepared = query as PreparedSelect;
  const fields = prepared?.fields;
  if (!fields || prepared.customResultMapper || fields.some(({ path }) => path.length !== 1)) return query;
  const keys = fields.map(({ path }) => path[0] as string);
  const decoders = fields.map(({ field }) => decoderOf(field));
  prepared.customResultMapper = (rows) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let index = 0; index < keys.length; index++) {
        const value = row[index];
        mapped[keys[index] as string] =
          value === null ? null : (decoders[index] as Decoder).mapFromDriverValue(value);
      }
      return mapped;
    });
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

/**
 * `builder` with the values written in its code (not its placeholders) sent as literals. A prepared
 * statement whose parameters are such constants (a stage, a kind, a list of event types) is planned by
 * PostgreSQL once, for those values; sent as parameters, its plan for unknown values would read whole tables,
 * so PostgreSQL planned it again on every call instead.
 */
export function withConstantsInline<Builder extends { getSQL(): SQL }>(builder: Builder): Builder {
  const text = builder.getSQL().inlineParams();
  return Object.assign(builder, { getSQL: () => text });
}
