import { and, eq, inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { keepsNamedStatements, preparedOnce, withConstantsInline } from '../../server/db/prepared';
import { cases, clients } from '../../server/db/schema';
import { subquery } from '../../server/db/subqueries';

/** A pool that answers every query with the same rows, as arrays of driver values (drizzle asks for arrays). */
function poolAnswering(rows: unknown[][]) {
  const query = vi.fn(async () => ({ rows, rowCount: rows.length, fields: [], command: 'SELECT' }));
  return { query, connect: vi.fn() } as unknown as pg.Pool;
}
describe('queries built once and prepared (server/db/prepared.ts)', () => {
  it('builds a key once per database, names it on PostgreSQL, and sends it unnamed on PGlite', () => {
    const postgres = {};
    const pglite = {};
    keepsNamedStatements(postgres);
    const build = vi.fn((name: string) => ({ name }));
    const first = preparedOnce(postgres, 'closed page', build);
    expect(preparedOnce(postgres, 'closed page', build)).toBe(first);
    expect(first.name).toMatch(/^vigil_\d+$/);
    // Another PostgreSQL pool gives the same key the same name: a name always means the same text.
    const other = {};
    keepsNamedStatements(other);
    expect(preparedOnce(other, 'closed page', build).name).toBe(first.name);
    expect(preparedOnce(postgres, 'intake page', build).name).not.toBe(first.name);
    expect(preparedOnce(pglite, 'closed page', build).name).toBe('');
    expect(build).toHaveBeenCalledTimes(4);
  });

  it('maps a prepared select’s rows to the values drizzle maps them to: decoders, mapWith, nulls, subquery fields', async () => {
    const rows = [
      [7, 'ABC-2026-0001', '2026-11-27 08:30:00.25+00', '12', 'Clinic', null],
      [8, 'ABC-2026-0002', null, null, 'Other', 3],
    ];
    const db = drizzle({ client: poolAnswering(rows) });
    const inner = subquery
      .select({ id: clients.id, count: sql`count(*)`.mapWith(Number).as('count') })
      .from(clients)
      .groupBy(clients.id)
      .as('inner');
    const select = () =>
      db
        .select({
          id: cases.id,
          caseNumber: cases.caseNumber,
          recordingStart: cases.recordingStart,
          minutes: sql`sum(1)`.mapWith(Number),
          clientName: sql<string>`${clients.name}`.as('client_name'),
          count: inner.count,
        })
        .from(cases)
        .innerJoin(clients, sql`true`)
        .leftJoin(inner, sql`true`);
    const prepared = await preparedOnce(db, 'mapped rows', (name) => select().prepare(name)).execute();
    // The same select, not prepared: mapped by drizzle itself.
    expect(prepared).toEqual(await select());
    expect(prepared).toEqual([
      {
        id: 7,
        caseNumber: 'ABC-2026-0001',
        recordingStart: new Date('2026-11-27T08:30:00.250Z'),
        minutes: 12,
        clientName: 'Clinic',
        count: null,
      },
      {
        id: 8,
        caseNumber: 'ABC-2026-0002',
        recordingStart: null,
        minutes: null,
        clientName: 'Other',
        count: 3,
      },
    ]);
  });

  it('sends the constants written in a prepared select as literals and keeps its placeholders as parameters', async () => {
    const pool = poolAnswering([]);
    const db = drizzle({ client: pool });
    const select = db
      .select({ id: cases.id })
      .from(cases)
      .where(
        and(
          eq(cases.stage, 'monitoring'),
          inArray(cases.caseNumber, ['ABC-1', "it's"]),
          eq(cases.clientId, sql.placeholder('clientId')),
        ),
      );
    await withConstantsInline(select).prepare('board').execute({ clientId: 7 });
    const [[sent, values]] = vi.mocked(pool.query).mock.calls as unknown as [[{ text: string }, unknown[]]];
    expect(sent.text).toContain(`"cases"."stage" = 'monitoring'`);
    expect(sent.text).toContain(`"cases"."case_number" in ('ABC-1', 'it''s')`);
    expect(sent.text).toContain(`"cases"."client_id" = $1`);
    expect(values).toEqual([7]);
  });
});
