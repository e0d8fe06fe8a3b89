import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BugReport, SelfCheck } from '../../contract/bugs';
import { API_PATHS } from '../../contract/paths';
import { callApi, DEMO_USERNAMES, type DemoUsername, demoTokens, fieldNames } from './support/apiClient';
import { createTestUser, fetchIdToken } from './support/identity';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/**
 * Bug reports (every user files them, in a group or not; an admin reads all, the rest their own) and the live self-checks
 * (admin only), against a real database and the local identity.
 */
const identity = inject('identity');

describeEachDatabase('Bug reports and self-checks API', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  const call = (method: string, path: string, as: DemoUsername, body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('takes a report from every role, with the reporter from the token, and lists each their own', async () => {
    for (const username of DEMO_USERNAMES) {
      const reply = await call('POST', API_PATHS.bugReports, username, {
        title: `Export is slow for ${username}`,
        description: 'The CSV took a minute.',
        severity: 'low',
        pageUrl: '/continuous-monitoring/cases/monitoring/7/events',
        reporter: 'someone-else',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(201);
      expect(reply.body.data).toMatchObject({
        reporter: username,
        severity: 'low',
        status: 'open',
        steps: '',
        pageUrl: '/continuous-monitoring/cases/monitoring/7/events',
      });
    }
    const mine = await call('GET', API_PATHS.bugReports, 'tech1');
    expect((mine.body.data as BugReport[]).map((report) => report.reporter)).toEqual(['tech1']);
    const all = await call('GET', `${API_PATHS.bugReports}?sort=createdAt&order=DESC`, 'admin');
    expect(all.body.total).toBe(DEMO_USERNAMES.length);
    expect((all.body.data as BugReport[]).map((report) => report.reporter)).toEqual(
      [...DEMO_USERNAMES].reverse(),
    );
  });

  it('takes a report from a user in no group, who reads their own details and nothing else (DESIGN §3)', async () => {
    const noGroup = await createTestUser(identity, { groups: [] });
    const token = await fetchIdToken(identity, noGroup.username, noGroup.password);
    const as = (method: string, path: string, body?: unknown) =>
      callApi(server, method, path, { token, body });
    const filed = await as('POST', API_PATHS.bugReports, {
      title: 'I cannot open anything',
      description: 'Every page says access denied.',
      severity: 'medium',
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    expect(filed.body.data).toMatchObject({ reporter: noGroup.username, status: 'open' });
    const own = await as('GET', API_PATHS.user(noGroup.username));
    expect(own.status).toBe(200);
    expect(own.body.data).toMatchObject({ username: noGroup.username, roles: [] });
    // Not even the stage counts of the home page, nor their own reports back.
    for (const path of [
      API_PATHS.home,
      API_PATHS.bugReports,
      API_PATHS.clients,
      API_PATHS.caseStage('intake'),
    ]) {
      const refused = await as('GET', path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.success).toBe(false);
    }
    expect((await as('GET', API_PATHS.home)).body.error).toBe(
      'Access denied: you are in no access group; an administrator must add you to one.',
    );
  });

  it('refuses a report without a title or description, or with an unknown severity, naming each field', async () => {
    const reply = await call('POST', API_PATHS.bugReports, 'reader1', { title: ' ', severity: 'urgent' });
    expect(reply.status).toBe(400);
    expect(fieldNames(reply)).toEqual(['description', 'severity', 'title']);
  });

  it('runs the self-checks for an admin only, all passing here', async () => {
    expect((await call('GET', API_PATHS.selfChecks, 'tech1')).status).toBe(403);
    const reply = await call('GET', API_PATHS.selfChecks, 'admin');
    expect(reply.status).toBe(200);
    const checks = reply.body.data as SelfCheck[];
    expect(checks.map((check) => check.name)).toEqual([
      'Database reachable and migrated',
      'Database connections',
      "Identity's signing keys reachable",
      'Clock within 5 s of the identity service',
      'Backup folder writable',
      'Free disk space',
      'Audit log writable',
    ]);
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(checks.find((check) => check.name === 'Database connections')?.detail).toMatch(
      /^\d+ of \d+ open, \d+ idle, 0 waiting$/,
    );
    for (const check of checks) expect(check.ms).toBeGreaterThanOrEqual(0);
    // The audit check's entry was rolled back: the log holds nothing from it.
    const log = await call('GET', `${API_PATHS.accessLog}?actor=self-check`, 'admin');
    expect(log.status).toBe(200);
    expect(log.body.data).toEqual([]);
  });

  describe('with a backup folder that cannot be made', () => {
    let broken: TestServer;
    const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-blocker-')), 'a-file');
    beforeAll(async () => {
      fs.writeFileSync(blocker, 'not a folder');
      broken = await startTestServer(kind, { BACKUP_DIR: path.join(blocker, 'backups') });
    });
    afterAll(async () => {
      await broken?.close();
      fs.rmSync(path.dirname(blocker), { recursive: true, force: true });
    });

    it('reports that check red with why, and the others still green', async () => {
      const reply = await callApi(broken, 'GET', API_PATHS.selfChecks, { token: tokens.admin });
      const checks = reply.body.data as SelfCheck[];
      const failed = checks.filter((check) => !check.ok);
      expect(failed.map((check) => check.name)).toEqual(['Backup folder writable']);
      expect(failed[0]?.detail).toMatch(/ENOTDIR|EEXIST|not a directory/);
    });
  });
});
