import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { runSelfChecks } from '../../server/services/selfChecks';

/**
 * A pool of `max` connections, all busy, with `waiting` calls queued for one; a connection asked for comes
 * after `comesInMs` (never, by default: a starved pool), and counts the ones given back.
 */
const busyPool = (max: number, waiting: number, comesInMs?: number) => {
  const pool = {
    totalCount: max,
    idleCount: 0,
    waitingCount: waiting,
    options: { max },
    released: 0,
    connect: () =>
      new Promise<{ release(): void }>((resolve) => {
        if (comesInMs !== undefined)
          setTimeout(() => resolve({ release: () => void pool.released++ }), comesInMs);
      }),
  };
  return pool;
};

/**
 * A database whose every query queues on `pool` (as the embedded database's one connection does) and then
 * fails: the checks that query it fail, the connection check reads the pool.
 */
function queueingDb(pool: { waitingCount: number }): Db {
  const chain: unknown = new Proxy(() => {}, {
    get: (_target, property) =>
      property === 'then'
        ? (_resolve: unknown, reject: (error: Error) => void) => reject(new Error('No database here'))
        : chain,
    apply: () => {
      pool.waitingCount += 1;
      return chain;
    },
  });
  return chain as Db;
}

async function connectionCheck(pool: ReturnType<typeof busyPool>) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-self-checks-'));
  const checks = await runSelfChecks({
    db: queueingDb(pool),
    pool,
    starvedMs: 200,
    jwksUri: 'http://127.0.0.1:9/.well-known/jwks.json',
    backupDir: path.join(folder, 'backups'),
    dataDir: folder,
    migrations: 1,
  });
  fs.rmSync(folder, { recursive: true, force: true });
  return checks.find((check) => check.name === 'Database connections');
}

describe('the database connections self-check', () => {
  it('reads the pool before the other checks queue their own queries on it', async () => {
    const check = await connectionCheck(busyPool(1, 0));
    expect(check).toMatchObject({ ok: true, detail: '1 of 1 open, 0 idle, 0 waiting' });
  });

  it('passes while no more calls are queued than there are connections, without asking for one', async () => {
    expect(await connectionCheck(busyPool(1, 1))).toMatchObject({
      ok: true,
      detail: '1 of 1 open, 0 idle, 1 waiting',
    });
    expect(await connectionCheck(busyPool(4, 4))).toMatchObject({
      ok: true,
      detail: '4 of 4 open, 0 idle, 4 waiting',
    });
  });

  it('passes a longer queue that gives a connection in time: a crowd on a busy machine, not starvation', async () => {
    // Seen under load: the embedded database's one connection with two calls queued.
    const pool = busyPool(1, 2, 20);
    const check = await connectionCheck(pool);
    expect(check).toMatchObject({ ok: true });
    expect(check?.detail).toMatch(/^1 of 1 open, 0 idle, 2 waiting; a connection came in \d+ ms$/);
    expect(pool.released).toBe(1);
  });

  it('fails when the queue gives no connection within the time allowed, and gives it back when it comes', async () => {
    expect(await connectionCheck(busyPool(4, 5))).toMatchObject({
      ok: false,
      detail:
        '4 of 4 open, 0 idle, 5 waiting: requests are queueing for the database (no connection within 200 ms)',
    });
    const late = busyPool(1, 2, 400);
    expect(await connectionCheck(late)).toMatchObject({ ok: false });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(late.released).toBe(1);
  });
});
