import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { Pool } from '../../server/db/pool';
import * as schema from '../../server/db/schema';
import { isConnectionLost, readAll } from '../../server/db/transaction';
import { type CommitCutter, startCommitCutter } from './support/commitCutter';
import { workerDatabaseUrl } from './support/postgres';
import { DATABASES } from './support/testServer';

const postgresUrl = workerDatabaseUrl();

async function terminate(pid: number) {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

/** Resolves to what `pool.end()` did within two seconds: it hangs while a client is still checked out. */
async function endsWithin(pool: pg.Pool) {
  return Promise.race([
    pool.end().then(() => 'ended'),
    new Promise((resolve) => setTimeout(() => resolve('still waiting'), 2000)),
  ]);
}

describe.runIf(DATABASES.includes('postgres'))('The pool (PostgreSQL)', () => {
  let pool: Pool | undefined;
  afterEach(() => {
    pool = undefined;
  });

  it('takes back a checked-out client whose connection ends, so the pool can still end', async () => {
    pool = new Pool({ connectionString: postgresUrl, max: 2 });
    const client = await pool.connect();
    const ended = new Promise((resolve) => client.once('end', resolve));
    client.on('error', () => {});
    await terminate((client as pg.PoolClient & { processID: number }).processID);
    await ended;
    // Its holder never releases it (as drizzle's transaction does when `begin` fails).
    expect(pool.totalCount).toBe(0);
    expect(await endsWithin(pool)).toBe('ended');
  });

  /** A read that ends its own connection while the sequence `name` is at most `lost`; each try counts once. */
  const selfEndingRead = (name: string, lost: number) =>
    `select case when nextval('${name}') <= ${lost} then pg_terminate_backend(pg_backend_pid()) end as ended, currval('${name}')::int as tries`;
  const triesOf = async (name: string) =>
    (await pool?.query(`select last_value::int as tries from ${name}`))?.rows[0]?.tries as number | undefined;

  /** A pool whose ended connections are expected, with the sequence `name` (sequences ignore rollbacks). */
  async function poolCounting(name: string) {
    const made = new Pool({ connectionString: postgresUrl, max: 2 });
    made.on('error', () => {});
    made.on('connect', (client) => client.on('error', () => {}));
    await made.query(`drop sequence if exists ${name}; create sequence ${name}`);
    return made;
  }

  it('reads again on fresh connections when the connection is lost several times in a row', async () => {
    pool = await poolCounting('read_again_probe');
    try {
      // Three connections in a row end under the read (a burst, as an administrator's); the fourth answers.
      const { rows } = await pool.query(selfEndingRead('read_again_probe', 3));
      expect(rows).toEqual([{ ended: null, tries: 4 }]);
    } finally {
      await pool.query('drop sequence read_again_probe');
      await pool.end();
    }
  });

  it('gives up reading again when every fresh connection is lost too, and never sends a write twice', async () => {
    pool = await poolCounting('read_gives_up_probe');
    try {
      const failure = await pool
        .query(selfEndingRead('read_gives_up_probe', 1_000))
        .catch((error: unknown) => error);
      expect(isConnectionLost(failure)).toBe(true);
      const tries = await triesOf('read_gives_up_probe');
      expect(tries).toBeGreaterThan(3);
      expect(tries).toBeLessThan(40);

      await pool.query('alter sequence read_gives_up_probe restart');
      const write = `do $$ begin perform nextval('read_gives_up_probe'); perform pg_terminate_backend(pg_backend_pid()); end $$`;
      expect(isConnectionLost(await pool.query(write).catch((error: unknown) => error))).toBe(true);
      expect(await triesOf('read_gives_up_probe')).toBe(1);
    } finally {
      await pool.query('drop sequence read_gives_up_probe');
      await pool.end();
    }
  });

  it('lets a holder release a client twice without an error, and still answers queries', async () => {
    pool = new Pool({ connectionString: postgresUrl, max: 1 });
    const client = await pool.connect();
    client.release();
    expect(() => client.release()).not.toThrow();
    expect((await pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect(pool.idleCount).toBe(1);
    expect(await endsWithin(pool)).toBe('ended');
  });
});

describe.runIf(DATABASES.includes('postgres'))('A COMMIT whose connection is cut (PostgreSQL)', () => {
  let cutter: CommitCutter;
  let pool: Pool;
  let admin: pg.Pool;
  const db = () => drizzle(pool);
  const notesMade = async (note: string) =>
    (await admin.query('select count(*)::int as made from commit_cut_probe where note = $1', [note])).rows[0]
      .made as number;

  beforeAll(async () => {
    cutter = await startCommitCutter(postgresUrl);
    admin = new pg.Pool({ connectionString: postgresUrl, max: 1 });
    await admin.query('create table if not exists commit_cut_probe (note text not null)');
  });
  afterAll(async () => {
    await admin.query('drop table if exists commit_cut_probe');
    await admin.end();
    await cutter.close();
  });
  afterEach(async () => {
    await pool.end();
  });

  /** A pool through the cutter; its cut connections are expected, so their errors are heard, as the app's are. */
  const cutterPool = (checksLostCommits: boolean) => {
    const made = new Pool({ connectionString: cutter.url, max: 2 });
    made.checksLostCommits = checksLostCommits;
    made.on('error', () => {});
    made.on('connect', (client) => client.on('error', () => {}));
    return made;
  };

  const writeNote = (note: string) =>
    db().transaction(async (tx) => {
      await tx.execute(sql`insert into commit_cut_probe (note) values (${note})`);
      return note;
    });

  /** What writing `note` fails with when its COMMIT's connection is cut where `where` says. */
  const failureOfCutNote = async (note: string, where: 'after-commit' | 'before-commit') => {
    const cut = cutter.cutNextCommit(where);
    const failure = await writeNote(note).catch((error: unknown) => error);
    await cut;
    return failure;
  };

  it('resolves when PostgreSQL made it, though its answer never came', async () => {
    pool = cutterPool(true);
    const cut = cutter.cutNextCommit('after-commit');
    expect(await writeNote('made, answer lost')).toBe('made, answer lost');
    await cut;
    expect(await notesMade('made, answer lost')).toBe(1);
    // The pool goes on with a fresh connection.
    expect(await writeNote('next')).toBe('next');
  });

  it('fails as a lost connection when PostgreSQL never got it, and nothing is written', async () => {
    pool = cutterPool(true);
    expect(isConnectionLost(await failureOfCutNote('never made', 'before-commit'))).toBe(true);
    expect(await notesMade('never made')).toBe(0);
  });

  it('resolves a transaction that wrote nothing, whatever became of its COMMIT', async () => {
    pool = cutterPool(true);
    const cut = cutter.cutNextCommit('before-commit');
    const read = await db().transaction(async (tx) => (await tx.execute(sql`select 41 + 1 as sum`)).rows);
    await cut;
    expect(read).toEqual([{ sum: 42 }]);
  });

  it('reads the transaction id once per COMMIT, however often the pool lent the client before', async () => {
    pool = cutterPool(true);
    pool.options.max = 1;
    const lookups = () => cutter.timesSent('pg_current_xact_id_if_assigned');
    const before = lookups();
    for (let loan = 0; loan < 5; loan += 1) await writeNote(`loan ${loan}`);
    // Counted as PostgreSQL receives them: one per transaction, five transactions.
    expect(lookups() - before).toBe(5);
  });

  it('is a failure without the outcome check (the case it exists for)', async () => {
    pool = cutterPool(false);
    expect(isConnectionLost(await failureOfCutNote('made, called failed', 'after-commit'))).toBe(true);
    expect(await notesMade('made, called failed')).toBe(1);
  });
});

describe.runIf(DATABASES.includes('postgres'))('readAll (PostgreSQL)', () => {
  /** Three reads of 50 ms each through `readAll` on `db`, in the order they started and ended. */
  async function steps(db: Parameters<typeof readAll>[0]) {
    const seen: string[] = [];
    const read = (name: string) => async () => {
      seen.push(`${name} starts`);
      await db.execute(sql`select pg_sleep(0.05)`);
      seen.push(`${name} ends`);
      return name;
    };
    expect(await readAll(db, [read('a'), read('b'), read('c')])).toEqual(['a', 'b', 'c']);
    return seen;
  }

  it('reads side by side on the pool, one after another in a transaction (one connection)', async () => {
    const pool = new Pool({ connectionString: postgresUrl, max: 3 });
    const warnings: string[] = [];
    const heard = (warning: Error) => warnings.push(warning.message);
    process.on('warning', heard);
    try {
      const db = drizzle(pool, { schema });
      expect((await steps(db)).slice(0, 3)).toEqual(['a starts', 'b starts', 'c starts']);
      expect(await db.transaction((tx) => steps(tx))).toEqual([
        'a starts',
        'a ends',
        'b starts',
        'b ends',
        'c starts',
        'c ends',
      ]);
      // Nothing queued on the transaction's client: node-postgres said nothing of it.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((message) => message.includes('already executing a query'))).toEqual([]);
    } finally {
      process.off('warning', heard);
      await pool.end();
    }
  });
});

describe.runIf(DATABASES.includes('postgres'))('The app’s PostgreSQL sessions', () => {
  it('run without JIT, keeping the options the URL gives', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-jit-'));
    const url = new URL(postgresUrl);
    url.searchParams.set('options', '-c statement_timeout=12345');
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir, poolMax: 1 });
    try {
      const { rows } = await database.pool.query<{ jit: string; statement_timeout: string }>(
        "select current_setting('jit') as jit, current_setting('statement_timeout') as statement_timeout",
      );
      expect(rows).toEqual([{ jit: 'off', statement_timeout: '12345ms' }]);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
