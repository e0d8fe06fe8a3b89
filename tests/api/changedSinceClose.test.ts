import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BillingCycle } from '../../contract/billing';
import type { ChangedStatement } from '../../contract/billingChanges';
import { addMonths } from '../../contract/billingMonths';
import { monthIn } from '../../contract/calendar';
import type { CaseDetails } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import type { TimeLog } from '../../contract/timeLogs';
import { monthWindow } from '../../server/domain/billing/months';
import { callApi, type DemoUsername, demoTokens } from './support/apiClient';
import { caseCalls } from './support/caseCalls';
import { describeEachDatabase, startTestServer, type TestServer } from './support/testServer';

/**
 * Billing's "statements changed since close" (DESIGN §8): a closed month is listed once a time log counted
 * in it is revised so that its hours differ from the frozen lines, and not before.
 */

const HOUR = 3_600_000;

describeEachDatabase('Statements changed since close', (kind) => {
  let server: TestServer;
  let tokens: Record<DemoUsername, string>;
  let clientId: number;
  let study: CaseDetails;
  let firstLog: TimeLog;
  const month = addMonths(monthIn('UTC'), -3);
  const window = monthWindow(month, 'UTC');
  const at = (hours: number) => new Date(window.start + hours * HOUR).toISOString();

  const call = (method: string, path: string, as: DemoUsername = 'billing1', body?: unknown) =>
    callApi(server, method, path, { token: tokens[as], body });
  const { newClient, intake, patch, assign } = caseCalls(call);
  async function expectOk(method: string, path: string, as: DemoUsername, body?: unknown) {
    const reply = await call(method, path, as, body);
    expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
    return reply.body.data;
  }
  /** The listed months of this test's client. */
  async function listed(as: DemoUsername = 'billing1') {
    const rows = (await expectOk('GET', API_PATHS.changedStatements, as)) as ChangedStatement[];
    return rows.filter((row) => row.clientId === clientId);
  }
  const cycle = async () =>
    ((await expectOk('GET', API_PATHS.billingCycles(clientId), 'billing1')) as BillingCycle[]).find(
      (found) => found.month === month,
    ) as BillingCycle;

  beforeAll(async () => {
    server = await startTestServer(kind);
    tokens = await demoTokens();
    clientId = await newClient('Harbor View Clinic', `HVC${kind === 'pglite' ? 'L' : 'P'}`);
    const created = await intake(clientId);
    const patched = await patch(created, { recordingStart: at(30), recordingEnd: at(40) });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    study = patched.body.data as CaseDetails;
    expect((await assign('tech1', [study.id], 'admin')).status).toBe(200);
    firstLog = (await expectOk('POST', API_PATHS.caseRecords(study.id, 'time-logs'), 'tech1', {
      start: at(30),
      end: at(32),
    })) as TimeLog;
    await expectOk('POST', API_PATHS.cycleRate(clientId, month), 'billing1', { rate: '100.00' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists nothing of an open month, nor of a closed one whose hours stand as frozen', async () => {
    await expectOk('POST', API_PATHS.caseRecords(study.id, 'time-logs'), 'tech1', {
      start: at(33),
      end: at(34),
    });
    expect(await listed()).toEqual([]);
    const { version } = await cycle();
    await expectOk('POST', API_PATHS.cycleStatus(clientId, month), 'billing1', { status: 'closed', version });
    expect(await listed()).toEqual([]);
    expect(await listed('admin')).toEqual([]);
  });

  it('lists a closed month once a time log counted in it changes, then as invoiced, to billing and admins', async () => {
    await expectOk('POST', API_PATHS.caseRecordRevisions(study.id, 'time-logs', firstLog._id), 'tech1', {
      end: at(33),
      baseRevision: firstLog.revision,
    });
    const expected: ChangedStatement = {
      clientId,
      clientName: 'Harbor View Clinic',
      month,
      status: 'closed',
      closedAt: (await cycle()).closedAt as string,
      frozenMinutes: 180,
      frozenHours: '3.00',
      currentMinutes: 240,
      currentHours: '4.00',
      cases: 1,
    };
    expect(await listed()).toEqual([expected]);
    expect(await listed('admin')).toEqual([expected]);

    const { version } = await cycle();
    await expectOk('POST', API_PATHS.cycleStatus(clientId, month), 'billing1', {
      status: 'invoiced',
      version,
    });
    expect(await listed()).toEqual([{ ...expected, status: 'invoiced' }]);
    for (const as of ['tech1', 'reader1'] as const)
      expect((await call('GET', API_PATHS.changedStatements, as)).status).toBe(403);
  });
});
