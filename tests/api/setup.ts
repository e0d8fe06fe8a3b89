import { afterAll, expect, inject } from 'vitest';
import { ensureDatabase, workerDatabaseUrl } from './support/postgres';

// Each worker's own PostgreSQL database (`workerDatabaseUrl`), made on its first file: files run at once.
if (inject('withPostgres')) await ensureDatabase(workerDatabaseUrl());

// A query sent on a client already running one (reads sent at once in a transaction, which holds one
// connection) only queues in node-postgres, which says so once per process; pg 9 refuses it. `readAll`
// runs a transaction's reads one after another.
const QUEUED = 'already executing a query';
const queued: string[] = [];
const heard = (warning: Error) => {
  if (warning.message.includes(QUEUED)) queued.push(warning.message);
};
process.on('warning', heard);
afterAll(() => {
  process.off('warning', heard);
  expect(
    queued,
    'a query sent while its client ran another (see readAll in server/db/transaction.ts)',
  ).toEqual([]);
});
