import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { Pool } from '../../server/db/pool';
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
