import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';
import { type LocalIdentity, startLocalIdentity } from '../../server/identity/localIdentity';
import { FIXED_CODE } from './support/constants';
import { freePort } from './support/freePort';
import { choosePostgres, ensureDatabase, resetPostgres, templateDatabaseUrl } from './support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    identity: Omit<LocalIdentity, 'stop'>;
    pgliteTemplateDir: string;
    /** Whether the API tests also run on PostgreSQL (see `choosePostgres`). */
    withPostgres: boolean;
  }
}

/**
 * One local identity and one migrated template of each database for the whole API run: a test server starts
 * on a copy (a fresh PGlite takes ~6 s; migrating PostgreSQL from nothing several times what a copy does).
 */
export default async function setup(project: TestProject) {
  const { withPostgres, warning } = await choosePostgres(process.env);
  if (warning) process.stderr.write(`\n${warning}\n\n`);
  project.provide('withPostgres', withPostgres);
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-api-'));
  const identity = await startLocalIdentity({
    dir: path.join(root, 'identity'),
    port: await freePort(),
    code: FIXED_CODE,
    log: () => {},
  });
  const templateData = path.join(root, 'template');
  await Promise.all([
    openDatabase({ dataDir: templateData, poolMax: 2 }).then((template) => template.close()),
    withPostgres && migratedPostgresTemplate(root),
  ]);
  const { stop, ...identityInfo } = identity;
  project.provide('identity', identityInfo);
  project.provide('pgliteTemplateDir', path.join(templateData, 'pglite'));
  return async () => {
    await stop();
    fs.rmSync(root, { recursive: true, force: true });
  };
}

/** The run's PostgreSQL template (`templateDatabaseUrl`), emptied and migrated from nothing. */
async function migratedPostgresTemplate(root: string) {
  const url = templateDatabaseUrl();
  await ensureDatabase(url);
  await resetPostgres(url);
  const template = await openDatabase({ databaseUrl: url, dataDir: path.join(root, 'postgres'), poolMax: 2 });
  await template.close();
}
