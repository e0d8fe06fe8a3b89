import { expect, type Page, test } from '@playwright/test';
import type { CaseDetails } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import { type ApiCall, apiAs } from './support/api';
import { choose } from './support/choose';
import { DEMO_PASSWORD } from './support/constants';
import { createUser } from './support/identity';
import { signIn } from './support/signIn';

const CASES = '/continuous-monitoring/cases';
const HOUR_MS = 3_600_000;

const dialog = (page: Page) => page.getByRole('dialog');
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * A client of the story's own: seizures are called to its neurologist on call, then its attending
 * physician, within 10 minutes, escalating after 5; one ICU patient recording for an hour, watched by a
 * new technologist.
 */
async function setUp(admin: ApiCall, technologist: string) {
  const code = `CL${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const client = await admin<{ id: number }>('POST', API_PATHS.clients, {
    name: `Callback General ${code}`,
    code,
    timeZone: 'America/Chicago',
  });
  const contact = (name: string, role: string, phone: string, escalationOrder: number) =>
    admin<{ _id: number }>('POST', API_PATHS.clientRecords(client.id, 'contacts'), {
      name,
      role,
      phone,
      escalationOrder,
    });
  const neurologist = await contact('Dr. Ada Quist', 'Neurologist on call', '+1 312 555 0101', 1);
  const physician = await contact('Dr. Ben Ruiz', 'Attending physician', '+1 312 555 0102', 2);
  await admin('POST', API_PATHS.protocolRevisions(client.id), {
    baseRevision: 0,
    body: 'Call every seizure in within 10 minutes; escalate after 5.',
    checkIntervalMinutes: 60,
    reportTurnaroundHours: 24,
    escalationMinutes: 5,
    notificationRules: [{ trigger: 'seizure', notify: [neurologist._id, physician._id], withinMinutes: 10 }],
  });
  const taken = await admin<CaseDetails>('POST', API_PATHS.cases, {
    clientId: client.id,
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    patient: { mrn: `${code}-1`, firstName: 'Nia', lastName: 'Calder', dateOfBirth: '1958-07-09', sex: 'F' },
  });
  const started = await admin<CaseDetails>('PATCH', API_PATHS.case(taken.id), {
    recordingStart: new Date(Date.now() - HOUR_MS).toISOString(),
    version: taken.version,
  });
  await admin('PUT', API_PATHS.technologistCases(technologist), { caseIds: [started.id] });
  // Assigning the technologist changed the case: the move is made from its current version.
  const current = await admin<CaseDetails>('GET', API_PATHS.caseDetails(started.id));
  const moved = await admin<{ case: CaseDetails }>('POST', API_PATHS.caseTransitions(started.id), {
    to: 'monitoring',
    version: current.version,
  });
  return moved.case;
}

test('a seizure’s call goes to voicemail, the board says whom to call next with its countdown, and the physician reached with read-back closes it on time', async ({
  page,
}) => {
  const technologist = await createUser('technologist');
  const admin = await apiAs('admin', DEMO_PASSWORD);
  const study = await setUp(admin, technologist.username);
  await signIn(page, technologist.username, technologist.password, technologist.name);

  // A seizure now: its call is pending.
  await page.goto(`/#${CASES}/monitoring/${study.id}/events`);
  await expect(page.getByRole('heading', { name: `Case ${study.caseNumber}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add event' }).click();
  await choose(dialog(page), 'Type', 'Seizure');
  await dialog(page).getByLabel('Description').fill('Left face twitching, 40 s');
  await dialog(page).getByRole('button', { name: 'Add event' }).click();
  const events = section(page, 'Events');
  await expect(events.getByText('Notification pending')).toBeVisible();

  // The first call: the neurologist on call, by the number on screen; voicemail.
  await events.getByRole('button', { name: 'Log call' }).click();
  const call = dialog(page);
  await expect(call.getByText(/Call now: Dr. Ada Quist/)).toBeVisible();
  await expect(call.getByRole('link', { name: '+1 312 555 0101' })).toHaveAttribute(
    'href',
    'tel:+1 312 555 0101',
  );
  await call.getByRole('radio', { name: 'Voicemail' }).check();
  await call.getByRole('textbox', { name: 'Note' }).fill('Left the callback number');
  await call.getByRole('button', { name: 'Log call' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(events.getByText('Call next: Dr. Ben Ruiz', { exact: false })).toBeVisible();

  // The board: whom to call next, by their number, with the time left ticking down.
  await page.goto('/#/');
  const board = page.getByRole('table', { name: 'Cases in monitoring' });
  const row = board.getByRole('row').filter({ hasText: study.caseNumber });
  await expect(row.getByText(/Call next:/)).toContainText('Dr. Ben Ruiz, +1 312 555 0102');
  const timer = row.getByRole('timer', { name: 'Time left to call' });
  await expect(timer).toHaveText(/^in [0-5]:\d\d$/);
  const first = await timer.textContent();
  await expect(timer).not.toHaveText(first ?? '');

  // The second call reaches the physician, who reads the result back: closed, on time.
  await page.goto(`/#${CASES}/monitoring/${study.id}/events`);
  await events.getByRole('button', { name: 'Log call' }).click();
  await expect(call.getByText(/Call now: Dr. Ben Ruiz/)).toBeVisible();
  await expect(call.getByRole('list', { name: 'Attempts so far' })).toContainText('voicemail');
  await call.getByRole('radio', { name: 'Reached' }).check();
  await call.getByRole('checkbox', { name: 'Read back confirmed' }).check();
  await call.getByRole('button', { name: 'Log call' }).click();
  await expect(events.getByText('Notified on time')).toBeVisible();
  await expect(events.getByText('2 attempts')).toBeVisible();
  await expect(events.getByRole('button', { name: 'Log call' })).toHaveCount(0);
  const header = page.getByRole('heading', { level: 1 }).locator('..');
  await expect(header.getByText(/Call next/)).toHaveCount(0);
  await expect(header.getByText(/Notification (pending|overdue)/)).toHaveCount(0);
});
