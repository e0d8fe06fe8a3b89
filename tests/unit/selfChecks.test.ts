import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { runSelfChecks } from '../../server/services/selfChecks';

/** A pool of `max` connections, all busy, with `waiting` calls queued for one. */
const busyPool = (max: number, waiting: number) => ({
  totalCount: max,
  idleCount: 0,
  waitingCount: waiting,
  options: { max },
});

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

  it('fails only when more calls are queued than there are connections', async () => {
    expect(await connectionCheck(busyPool(1, 1))).toMatchObject({ ok: true });
    expect(await connectionCheck(busyPool(4, 4))).toMatchObject({ ok: true });
    expect(await connectionCheck(busyPool(4, 5))).toMatchObject({
      ok: false,
      detail: '4 of 4 open, 0 idle, 5 waiting: requests are queueing for the database',
    });
  });
});
