import { type Browser, expect, type Page, test } from '@playwright/test';
import type { CaseDetails } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import { apiAs } from './support/api';
import { DEMO_PASSWORD, E2E_PORT } from './support/constants';
import { createUser, type E2eUser } from './support/identity';
import { freshPostgres, startInstance } from './support/instances';
import { signIn } from './support/signIn';

/**
 * Both instances share a fresh database beside the test one (CI has PostgreSQL), named after it; the ports
 * are in this worker's block, after its server's own.
 */
const TEST_POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://root@127.0.0.1:5432/test';
const PORTS = {
  first: E2E_PORT + 5,
  firstIdentity: E2E_PORT + 6,
  second: E2E_PORT + 7,
  firstMllp: E2E_PORT + 8,
};

type Instance = Awaited<ReturnType<typeof startInstance>>;
let first: Instance | undefined;
let second: Instance | undefined;

test.beforeAll(async () => {
  const POSTGRES_URL = await freshPostgres(
    TEST_POSTGRES_URL,
    `${new URL(TEST_POSTGRES_URL).pathname.slice(1)}_two_instances`,
  );
  first = await startInstance(PORTS.first, {
    DATABASE_URL: POSTGRES_URL,
    LOCAL_IDENTITY_PORT: String(PORTS.firstIdentity),
    HL7_MLLP_PORT: String(PORTS.firstMllp),
  });
  const { cognito } = await (await fetch(`${first.url}/config.json`)).json();
  // The second instance signs in with the first's identity: one user pool, as behind one load balancer.
  second = await startInstance(PORTS.second, {
    DATABASE_URL: POSTGRES_URL,
    COGNITO_USER_POOL_ID: cognito.userPoolId,
    COGNITO_USER_POOL_CLIENT_ID: cognito.userPoolClientId,
    COGNITO_USER_POOL_ENDPOINT: cognito.userPoolEndpoint,
  });
});
test.afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

/** A page signed in as `user` on the instance at `url`, on the home with its board, marked so a reload shows. */
async function openHome(
  browser: Browser,
  url: string,
  user: E2eUser | { username: string; password: string },
) {
  const page = await (await browser.newContext({ baseURL: url })).newPage();
  await signIn(page, user.username, user.password);
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible({ timeout: 60_000 });
  await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
  return page;
}

/** The app bar's attention list, opened. */
async function openAttention(page: Page) {
  await page.getByRole('button', { name: /needs? attention$/ }).click();
  return page.getByRole('presentation').getByRole('list');
}

/** A case of a new client in monitoring for both technologists, under a protocol asking a call for a seizure. */
async function caseInMonitoring(technologists: string[]) {
  const admin = await apiAs('admin', DEMO_PASSWORD, PORTS.first);
  const code = `TT${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const client = await admin<{ id: number }>('POST', API_PATHS.clients, {
    name: `Two Instances ${code}`,
    code,
    timeZone: 'UTC',
  });
  const doctor = await admin<{ _id: number }>('POST', API_PATHS.clientRecords(client.id, 'contacts'), {
    name: 'Dr On Call',
    role: 'Attending',
    phone: '555-0100',
    escalationOrder: 1,
  });
  await admin('POST', API_PATHS.protocolRevisions(client.id), {
    baseRevision: 0,
    body: 'Call the attending within 30 minutes of a seizure.',
    checkIntervalMinutes: 60,
    reportTurnaroundHours: 24,
    notificationRules: [{ trigger: 'seizure', notify: [doctor._id], withinMinutes: 30 }],
  });
  const taken = await admin<CaseDetails>('POST', API_PATHS.cases, {
    clientId: client.id,
    studyType: 'long-term',
    hasVideo: true,
    monitoringLevel: 'intermittent',
    patient: { mrn: `${code}-1`, firstName: 'Ida', lastName: 'Cu', dateOfBirth: '1966-05-04', sex: 'F' },
  });
  for (const username of technologists)
    await admin('PUT', API_PATHS.technologistCases(username), { caseIds: [taken.id] });
  // Assigning changed the case: its version is read again.
  const assigned = await admin<CaseDetails>('GET', API_PATHS.caseDetails(taken.id));
  const started = await admin<CaseDetails>('PATCH', API_PATHS.case(taken.id), {
    recordingStart: new Date().toISOString(),
    version: assigned.version,
  });
  await admin('POST', API_PATHS.caseTransitions(taken.id), { to: 'monitoring', version: started.version });
  return taken;
}

test('a seizure logged through one instance shows on another technologist’s board with an attention item on the other instance, and their acknowledgement clears it on their other screen', async ({
  browser,
}) => {
  if (!first || !second) throw new Error('The two instances did not start');
  // Fresh technologists: assigning replaces a technologist's cases, and the demo ones have others.
  const logger = await createUser('technologist', {}, PORTS.first);
  const colleague = await createUser('technologist', {}, PORTS.first);
  const watched = await caseInMonitoring([logger.username, colleague.username]);

  // The colleague watches the board on the second instance, and has a second screen on the first.
  const board = await openHome(browser, second.url, colleague);
  const otherScreen = await openHome(browser, first.url, colleague);
  const row = board
    .getByRole('table', { name: 'Cases in monitoring' })
    .getByRole('row')
    .filter({ hasText: watched.caseNumber });
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(row.getByText('Notification pending')).toHaveCount(0);

  // The other technologist logs a seizure through the first instance.
  const logging = await apiAs(logger.username, logger.password, PORTS.first);
  await logging('POST', API_PATHS.caseRecords(watched.id, 'events'), {
    type: 'seizure',
    occurredAt: new Date().toISOString(),
  });

  // Presence, not speed: the board and the attention list change by themselves, with no reload.
  await expect(row.getByText('Notification pending')).toBeVisible({ timeout: 30_000 });
  const itemName = `${watched.caseNumber}: Notification due`;
  const onBoard = (await openAttention(board)).getByRole('listitem', { name: itemName });
  await expect(onBoard).toBeVisible({ timeout: 30_000 });
  const onOtherScreen = (await openAttention(otherScreen)).getByRole('listitem', { name: itemName });
  await expect(onOtherScreen).toBeVisible({ timeout: 30_000 });

  await onBoard.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(onBoard).toBeHidden({ timeout: 30_000 });
  await expect(onOtherScreen).toBeHidden({ timeout: 30_000 });
  for (const page of [board, otherScreen])
    expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);
});
