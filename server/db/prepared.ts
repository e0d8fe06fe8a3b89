/**
 * Queries built once and prepared, for the calls that run hundreds of times a second with only their
 * parameters changing (a stage list's page): no SQL to build in the server each call, and on PostgreSQL no
 * SQL to parse and plan in the database either, as each connection keeps the statement by its name.
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
