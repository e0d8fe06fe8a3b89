import { BACKUP_LINK_SECONDS, type Backup, type BackupLink } from '../../contract/backups';
import type { CurrentUser } from '../../contract/chrome';
import { API_PATHS } from '../../contract/paths';
import { rolesFromGroups } from '../../contract/roles';
import type { HttpClient } from '../../src/dataProvider';
import type { RequestOptions } from '../../src/dataProvider/httpClient';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { accessDenied, buildUser, type FakeApi, fakeHttpClient } from './fakeApi';
import { answered, conflict, type FakeRequest, now, page, type Result } from './fakeApiRules';

/**
 * The backups in memory (DESIGN §6, §8 "Administration"), for stories and component tests, as the server
 * does them: admins only; POST /backups answers once the dump is written, which here takes a few reads of
 * the list (each one sees the running backup grow); one backup at a time (409); GET /backups/{id} answers
 * a short-lived link to a ready backup's file.
 */

export interface BackupsSeed {
  backups: Backup[];
}

/** How many reads of the list a new backup runs for. */
const POLLS_TO_FINISH = 3;
/** How much a running backup grows between two reads of the list. */
const BYTES_PER_POLL = 4_500_000;

/** `20261118T020000Z-3f9a1c` from a time and 6 hex digits (contract BACKUP_ID_PATTERN). */
export const backupIdAt = (iso: string, suffix: string) =>
  `${iso.slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z-${suffix}`;

/** A made-up SHA-256 (64 hex digits) that differs per backup (FNV-1a, chained). */
function fakeSha(id: string) {
  let hash = 2166136261;
  let hex = '';
  while (hex.length < 64) {
    for (const char of `${id}${hex.length}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
    hex += hash.toString(16).padStart(8, '0');
  }
  return hex;
}

export function buildBackup(overrides: Partial<Backup> = {}): Backup {
  const createdAt = overrides.createdAt ?? '2026-11-18T02:00:00.000Z';
  const id = overrides.id ?? backupIdAt(createdAt, '3f9a1c');
  return {
    id,
    fileName: `vigil-${id}.sql`,
    status: 'ready',
    size: 48_213_504,
    sha256: fakeSha(id),
    source: 'embedded',
    createdBy: 'ada',
    createdAt,
    finishedAt: new Date(Date.parse(createdAt) + 4210).toISOString(),
    ms: 4210,
    error: null,
    ...overrides,
  };
}

export const PG_DUMP_MISMATCH =
  'pg_dump: error: aborting because of server version mismatch (server version: 17.2; pg_dump version: 16.4)';

/**
 * A week in November 2026: the embedded database backed up before the move onto PostgreSQL; on
 * PostgreSQL, a first try failed (the old pg_dump), the next one worked.
 */
export const backupsSeed: BackupsSeed = {
  backups: [
    buildBackup(),
    buildBackup({
      createdAt: '2026-11-19T09:15:00.000Z',
      id: backupIdAt('2026-11-19T09:15:00.000Z', '0b7e22'),
      status: 'failed',
      size: 0,
      sha256: null,
      source: 'postgresql',
      finishedAt: '2026-11-19T09:15:00.320Z',
      ms: 320,
      error: PG_DUMP_MISMATCH,
    }),
    buildBackup({
      createdAt: '2026-11-20T03:00:00.000Z',
      id: backupIdAt('2026-11-20T03:00:00.000Z', 'c41d08'),
      size: 1_204_332_910,
      source: 'postgresql',
      createdBy: 'grace',
      finishedAt: '2026-11-20T03:01:35.000Z',
      ms: 95_000,
    }),
  ],
};

export const noBackupsSeed: BackupsSeed = { backups: [] };

const BACKUP_PATH = new RegExp(`^${API_PATHS.backup('([^/]+)')}$`);

/** The fake's calls; `undefined` for the others. A new backup's POST settles when the backup is written. */
function fakeBackupsApi(seed: BackupsSeed, me: CurrentUser = buildUser()) {
  const backups = structuredClone(seed.backups);
  const isAdmin = rolesFromGroups(me.roles).includes('admin');
  let running: { backup: Backup; polls: number; finished: (backup: Backup) => void } | undefined;

  /** A read of the list: the running backup grows, and is written after a few reads. */
  function advance() {
    if (!running) return;
    running.polls++;
    const { backup, polls, finished } = running;
    const grown: Backup = { ...backup, size: polls * BYTES_PER_POLL };
    const done: Backup | undefined =
      polls >= POLLS_TO_FINISH
        ? { ...grown, status: 'ready', sha256: fakeSha(backup.id), finishedAt: now(), ms: polls * 1000 }
        : undefined;
    backups[backups.findIndex((found) => found.id === backup.id)] = done ?? grown;
    running.backup = grown;
    if (done) {
      running = undefined;
      finished(done);
    }
  }

  function create(): Promise<Result> {
    if (running) throw conflict('A backup is already running');
    const createdAt = now();
    const id = backupIdAt(createdAt, (backups.length + 1).toString(16).padStart(6, '0'));
    const backup: Backup = {
      ...buildBackup({ id, createdAt, createdBy: me.username, source: backups.at(-1)?.source ?? 'embedded' }),
      status: 'running',
      size: 0,
      sha256: null,
      finishedAt: null,
      ms: null,
    };
    backups.push(backup);
    return new Promise((resolve) => {
      running = { backup, polls: 0, finished: (done) => resolve({ data: done }) };
    });
  }

  function link(id: string): Result {
    const backup = backups.find((found) => found.id === id);
    if (!backup) throw toHttpError(404, { error: `Backup ${id} not found` });
    if (backup.status !== 'ready' || !backup.sha256)
      throw conflict(`Backup ${id} is ${backup.status}: only a ready backup can be downloaded`);
    const expiresAt = new Date(Date.now() + BACKUP_LINK_SECONDS * 1000).toISOString();
    const data: BackupLink = {
      url: `/api${API_PATHS.backupFile(id)}?expires=${Date.parse(expiresAt) / 1000}&signature=fake-${id}`,
      expiresAt,
      sha256: backup.sha256,
      fileName: backup.fileName,
      size: backup.size,
    };
    return { data };
  }

  return async ({ method, path, query }: FakeRequest): Promise<Result | undefined> => {
    const [, id] = BACKUP_PATH.exec(path) ?? [];
    if (path !== API_PATHS.backups && !id) return undefined;
    if (!isAdmin) throw accessDenied();
    if (path === API_PATHS.backups && method === 'GET') {
      advance();
      return page(backups, { sort: 'createdAt', order: 'DESC', ...query });
    }
    if (path === API_PATHS.backups && method === 'POST') return create();
    if (id && method === 'GET') return link(decodeURIComponent(id));
    return undefined;
  };
}

/** The fake API of stories and tests with the backups' calls added. */
export function fakeHttpClientWithBackups({
  backupsData,
  onRequest,
  failures = {},
  user = buildUser(),
  ...api
}: FakeApi & { backupsData: BackupsSeed }): HttpClient {
  const others = fakeHttpClient({ ...api, user });
  const backupsApi = fakeBackupsApi(backupsData, user);
  return async <T>(path: string, options: RequestOptions = {}) => {
    const request = { method: options.method ?? 'GET', path, query: options.query, body: options.body };
    onRequest?.(request);
    const key = `${request.method} ${path}`;
    const failure = failures[key];
    if (failure) throw failure;
    // A call left pending is the other fakes' to hold.
    if (api.pending?.includes(key)) return others<T>(path, options);
    const answer = await backupsApi(request);
    return answer ? answered<T>(request, answer) : others<T>(path, options);
  };
}
