import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, inject } from 'vitest';
import { type AppOptions, buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { type Database, openDatabase } from '../../../server/db/database';
import { answerChecker } from './answerCheck';
import {
  copyTemplateDatabase,
  demoTemplateDatabaseUrl,
  templateDatabaseUrl,
  workerDatabaseUrl,
} from './postgres';

export type DatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL (this worker's database, `workerDatabaseUrl`) as the run's global setup chose (`choosePostgres`). */
const postgresUrl = workerDatabaseUrl();
export const DATABASES: DatabaseKind[] = inject('withPostgres') ? ['pglite', 'postgres'] : ['pglite'];

/** Runs a suite once per database. */
export function describeEachDatabase(name: string, suite: (kind: DatabaseKind) => void) {
  describe.each(DATABASES)(`${name} (%s)`, suite);
}

export type TestServer = {
  baseUrl: string;
  api: string;
  database: Database;
  /** The inbound HL7 listener's port, with HL7_MLLP_PORT set. */
  mllpPort?: number;
  close(): Promise<void>;
};

/**
 * The real app over HTTP on an OS-assigned port, on a database already open; closing it closes the app
 * and the database, and leaves `dataDir` in place (a restore test reopens it).
 */
export async function serveApp(
  database: Database,
  dataDir: string,
  env: Record<string, string> = {},
  /** Another identity (one that does not answer) or a logger to read. */
  overrides: Partial<Pick<AppOptions, 'cognito' | 'logger'>> = {},
  /** False for a second app on a database another app closes. */
  ownsDatabase = true,
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'none'),
    ...env,
  });
  const answers = answerChecker(config.apiBaseUrl);
  const app = await buildApp({
    config,
    database,
    cognito: inject('identity'),
    observeAnswer: answers.observe,
    ...overrides,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const api = `${address}${config.apiBaseUrl}`;
  return {
    baseUrl: address,
    api,
    database,
    mllpPort: app.mllpPort,
    async close() {
      // Every answer the tests received, 2xx and 4xx, must match the published document.
      const problems = await answers.problems(api);
      await app.close();
      if (ownsDatabase) await database.close();
      if (problems.length > 0)
        throw new Error(`Answers that differ from the API document:\n${problems.join('\n')}`);
    },
  };
}

/**
 * The real app over HTTP on an OS-assigned port, against a fresh database of the given kind: a copy of one
 * of the run's templates (globalSetup.ts), which the app's own migration then finds up to date: migrated and
 * empty, or with the demo data (`seedDemoData`) already in it.
 */
export async function startTestServer(
  kind: DatabaseKind,
  /** Settings beyond the test defaults, as environment variables (e.g. `DENIED_CALLS_MAX`). */
  env: Record<string, string> = {},
  /** A logger to read, say. */
  overrides: Partial<Pick<AppOptions, 'logger'>> = {},
  data: 'empty' | 'demo' = 'empty',
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-db-'));
  const demo = data === 'demo';
  if (kind === 'postgres')
    await copyTemplateDatabase(postgresUrl, demo ? demoTemplateDatabaseUrl() : templateDatabaseUrl());
  const database = await openDatabase({
    databaseUrl: kind === 'postgres' ? postgresUrl : undefined,
    dataDir,
    poolMax: 3,
    templateDir: inject(demo ? 'pgliteDemoTemplateDir' : 'pgliteTemplateDir'),
  });
  const server = await serveApp(database, dataDir, env, overrides);
  return {
    ...server,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A second instance of the app on the same PostgreSQL database as `first` (several instances behind one
 * load balancer), with its own data folder.
 */
export async function startSecondInstance(
  env: Record<string, string> = {},
  /** Names the instance's connections (`pg_stat_activity.application_name`), e.g. to end only those. */
  applicationName = 'vigil-test',
  /** Where it reaches the test database, when not directly (through a relay that cuts connections, say). */
  databaseUrl = postgresUrl,
): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-db-'));
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', applicationName);
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir, poolMax: 3 });
  const server = await serveApp(database, dataDir, env);
  return {
    ...server,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Another instance beside `first`: on PostgreSQL one with its own connections to the same database
 * (`startSecondInstance`); on PGlite, which one process owns, a second app in this process on `first`'s
 * embedded database.
 */
export async function startInstanceBeside(first: TestServer, applicationName?: string): Promise<TestServer> {
  if (first.database.kind === 'postgres') return startSecondInstance({}, applicationName);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-test-db-'));
  const server = await serveApp(first.database, dataDir, {}, {}, false);
  return {
    ...server,
    async close() {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
