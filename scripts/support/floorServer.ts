/**
 * The floor `npm run bench:floor` holds Vigil against, run in its own process: a bare Fastify + pg server
 * answering the same list and details requests with the same SQL and the same audit insert Vigil makes per
 * read, and nothing else (no token check, no validation, no compression, no ORM per request).
 *
 * The SQL is Vigil's own: the first request of each list URL runs the server's `listCases` through a drizzle
 * instance that records the statements it sends (the page, and the count beside it when the list is
 * filtered), and from then on the floor sends those statements itself, prepared by name, with their
 * values; details record `readCaseDetails` once and change only the case id. Each answer is the rows as the
 * driver gives them, as JSON, after the audit entry Vigil writes for it (who, which call, which cases).
 *
 * Environment: FLOOR_DATABASE_URL (PostgreSQL), FLOOR_PORT, FLOOR_APPLICATION_NAME (names its connections,
 * so their backends' CPU can be read).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { ACTIVE_CASE_STAGES, type CaseStage, caseListQuerySchema } from '../../contract/cases';
import { readCaseDetails } from '../../server/db/caseDetails';
import { listCases } from '../../server/db/caseList';
import { withoutJit } from '../../server/db/database';
import * as schema from '../../server/db/schema';
import type { DbOrTx } from '../../server/db/transaction';
import { withApplicationName } from './loadTarget';

const { FLOOR_DATABASE_URL, FLOOR_PORT, FLOOR_APPLICATION_NAME } = process.env;
if (!FLOOR_DATABASE_URL || !FLOOR_PORT || !FLOOR_APPLICATION_NAME)
  throw new Error('FLOOR_DATABASE_URL, FLOOR_PORT and FLOOR_APPLICATION_NAME are required');

/** As many connections as Vigil's pool keeps by default (DATABASE_POOL_MAX). */
const pool = new pg.Pool({
  ...withoutJit(withApplicationName(FLOOR_DATABASE_URL, FLOOR_APPLICATION_NAME)),
  max: 4,
});

type Statement = { name: string; text: string; values: unknown[] };
const names = new Map<string, string>();

/** The statements `run` sends through the server's query code, each named by its text. */
async function recorded(run: (db: DbOrTx) => Promise<unknown>): Promise<Statement[]> {
  const statements: Statement[] = [];
  const db = drizzle(pool, {
    schema,
    logger: {
      logQuery(text, values) {
        const name = names.get(text) ?? `floor_${names.size + 1}`;
        names.set(text, name);
        statements.push({ name, text, values });
      },
    },
  });
  await run(db);
  return statements;
}

const send = ({ name, text, values }: Statement) => pool.query({ name, text, values, rowMode: 'array' });

const AUDIT_INSERT =
  'insert into audit_log (actor, action, resource, resource_id, outcome, details) values ($1, $2, $3, $4, $5, $6)';

/** Vigil's audit entry of a successful read: the list's cases (their ids), or the one case read. */
const audit = (action: string, resourceId: string | null, details: Record<string, unknown>) =>
  pool.query({
    name: 'floor_audit',
    text: AUDIT_INSERT,
    values: ['admin', action, 'cases', resourceId, 'ok', JSON.stringify(details)],
  });

const CASES = '/api/continuous-monitoring/cases';
const app = Fastify({ logger: false });
const lists = new Map<string, Statement[]>();

app.get<{ Params: { stage: string }; Querystring: Record<string, string> }>(
  `${CASES}/:stage`,
  async (request, reply) => {
    const { stage } = request.params;
    let statements = lists.get(request.url);
    if (!statements) {
      const query = caseListQuerySchema.parse(request.query);
      const stages: readonly CaseStage[] =
        stage === 'assignments' ? ACTIVE_CASE_STAGES : [stage as CaseStage];
      statements = await recorded((db) => listCases(db, query, { stages }));
      lists.set(request.url, statements);
    }
    const results = await Promise.all(statements.map(send));
    // The page is the statement with the row's columns; a filtered list's count (sent first) has one.
    const page = results.reduce((widest, result) =>
      result.fields.length > widest.fields.length ? result : widest,
    );
    const count = results.find((result) => result !== page);
    const rows = page.rows;
    // A whole stage list reads its total beside its rows (the last column); a filtered one counts apart.
    const total = count ? count.rows[0]?.[0] : (rows[0]?.at(-1) ?? 0);
    await audit(`GET ${CASES}/${stage}`, null, {
      query: request.query,
      caseIds: rows.map((row) => row[0]),
    });
    reply.type('application/json');
    return JSON.stringify({ data: rows, total: Number(total) });
  },
);

let details: { statement: Statement; idAt: number } | undefined;

app.get<{ Params: { id: string } }>(`${CASES}/details/:id`, async (request, reply) => {
  const id = Number(request.params.id);
  if (!details) {
    const [statement] = await recorded((db) => readCaseDetails(db, id));
    const idAt = statement?.values.indexOf(id) ?? -1;
    if (!statement || idAt < 0 || statement.values.lastIndexOf(id) !== idAt)
      throw new Error('The details statement does not take the case id once: the floor cannot reuse it');
    details = { statement, idAt };
  }
  const values = [...details.statement.values];
  values[details.idAt] = id;
  const { rows } = await send({ ...details.statement, values });
  await audit(`GET ${CASES}/details/:id`, String(id), { query: {} });
  reply.type('application/json');
  return JSON.stringify({ data: rows[0] ?? null });
});

app.get('/health', async () => 'ok');

await app.listen({ host: '127.0.0.1', port: Number(FLOOR_PORT) });
