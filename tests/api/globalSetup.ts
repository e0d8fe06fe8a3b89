import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/database';
import { seedDemoData } from '../../server/db/seed/demoClients';
import { type LocalIdentity, startLocalIdentity } from '../../server/identity/localIdentity';
import { FIXED_CODE } from './support/constants';
import { freePort } from './support/freePort';
import {
  choosePostgres,
  copyTemplateDatabase,
  demoTemplateDatabaseUrl,
  ensureDatabase,
  resetPostgres,
  templateDatabaseUrl,
} from './support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    identity: Omit<LocalIdentity, 'stop'>;
    pgliteTemplateDir: string;
    /** The same with the demo data seeded (`seedDemoData`), for the files that read it. */
    pgliteDemoTemplateDir: string;
    /** Whether the API tests also run on PostgreSQL (see `choosePostgres`). */
    withPostgres: boolean;
  }
}

/**
 * One local identity and two templates of each database for the whole API run, migrated, and migrated with
 * the demo data: a test server starts on a copy (a fresh PGlite takes ~6 s; migrating PostgreSQL from
 * nothing several times what a copy does; seeding the demo data 16 s on PGlite, 8 s on PostgreSQL).
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
  const demoTemplateData = path.join(root, 'demo-template');
  const pgliteTemplateDir = path.join(templateData, 'pglite');
  await Promise.all([
    openDatabase({ dataDir: templateData, poolMax: 2 })
      .then((template) => template.close())
      .then(() =>
        seeded(openDatabase({ dataDir: demoTemplateData, poolMax: 2, templateDir: pgliteTemplateDir })),
      ),
    withPostgres && migratedPostgresTemplates(root),
  ]);
  const { stop, ...identityInfo } = identity;
  project.provide('identity', identityInfo);
  project.provide('pgliteTemplateDir', pgliteTemplateDir);
  project.provide('pgliteDemoTemplateDir', path.join(demoTemplateData, 'pglite'));
  return async () => {
    await stop();
    fs.rmSync(root, { recursive: true, force: true });
  };
}

/** Seeds the demo data into a database just opened, and closes it. */
async function seeded(opening: ReturnType<typeof openDatabase>) {
  const database = await opening;
  try {
    await seedDemoData(database.db);
    // Its copies keep these statistics: a start from a template does not gather them again.
    await database.db.execute(sql`ANALYZE`);
  } finally {
    await database.close();
  }
}

/**
 * The run's PostgreSQL templates: `templateDatabaseUrl`, emptied and migrated from nothing, and
 * `demoTemplateDatabaseUrl`, a copy of it with the demo data.
 */
async function migratedPostgresTemplates(root: string) {
  const url = templateDatabaseUrl();
  await ensureDatabase(url);
  await resetPostgres(url);
  const template = await openDatabase({ databaseUrl: url, dataDir: path.join(root, 'postgres'), poolMax: 2 });
  await template.close();
  const demoUrl = demoTemplateDatabaseUrl();
  await copyTemplateDatabase(demoUrl, url);
  await seeded(openDatabase({ databaseUrl: demoUrl, dataDir: path.join(root, 'postgres-demo'), poolMax: 2 }));
}
