import { expect, type Page, test } from '@playwright/test';
import { API_PATHS } from '../../contract/paths';
import { apiAs } from './support/api';
import { choose } from './support/choose';
import { DEMO_PASSWORD } from './support/constants';
import { createUser } from './support/identity';
import { answerSeizures, signReport } from './support/reports';
import { signIn, signOut } from './support/signIn';
import { HOUR_MS, setUpStudy, startMonitoring, ZONE } from './support/study';
import { wallClockIn } from './support/wallClock';

const CASES = '/continuous-monitoring/cases';
const DAY_MS = 24 * HOUR_MS;
const MINUTE_MS = 60_000;

const dialog = (page: Page) => page.getByRole('dialog');

/** Adds the daily report of [start, end) as a reader types it, then signs it, confirming that signing is final. */
async function signDaily(page: Page, period: { start: Date; end: Date }, impression: string) {
  await page.getByRole('button', { name: 'Add interpretation' }).click();
  const form = dialog(page);
  await choose(form, 'Kind', 'Daily');
  await form.getByLabel('Period start').fill(wallClockIn(ZONE, period.start));
  await form.getByLabel('Period end').fill(wallClockIn(ZONE, period.end));
  await form.getByRole('textbox', { name: 'Impression' }).fill(impression);
  await answerSeizures(form, 'No');
  await form.getByRole('button', { name: 'Add interpretation' }).click();
  await signReport(page, page.getByRole('row').filter({ hasText: impression }), impression);
}

/** "HH:MM" of an instant on the client's wall clock. */
const clockTime = (at: Date) => wallClockIn(ZONE, at).slice(11);

test('two readers sign the daily reports of a video study: billing sees one 95720 under each and the third day, with no report, unreported; the client tightens a notification rule and the next event on a running case shows the new deadline', async ({
  page,
}) => {
  const technologist = await createUser('technologist');
  const secondReader = await createUser('reader');
  const admin = await apiAs('admin', DEMO_PASSWORD);
  // The administrator records the new colleague's credentials, as for every reader who signs.
  await admin('PATCH', API_PATHS.user(secondReader.username), { credentials: 'MD' });
  const { client, study, start, month } = await setUpStudy(
    admin,
    technologist.username,
    technologist.password,
    72,
  );

  // A running case of the same client, taken in while seizures were to be called within 60 minutes;
  // the client's neurologists then tighten the rule while the study runs.
  const neurologist = await admin<{ _id: number }>('POST', API_PATHS.clientRecords(client.id, 'contacts'), {
    name: 'Dr. Lena Park',
    role: 'Neurologist on call',
    phone: '+1 212 555 0190',
    escalationOrder: 1,
  });
  const rule = (withinMinutes: number) => ({
    trigger: 'seizure',
    notify: [neurologist._id],
    withinMinutes,
  });
  const protocol = (baseRevision: number, withinMinutes: number) =>
    admin('POST', API_PATHS.protocolRevisions(client.id), {
      baseRevision,
      body: `Call seizures in within ${withinMinutes} minutes.`,
      checkIntervalMinutes: 60,
      reportTurnaroundHours: 24,
      notificationRules: [rule(withinMinutes)],
    });
  await protocol(1, 60);
  const running = await startMonitoring(admin, client.id, {
    start: new Date(Date.now() - 2 * HOUR_MS),
    technologist: technologist.username,
    patient: {
      mrn: `${client.code}-8`,
      firstName: 'Omar',
      lastName: 'Lindqvist',
      dateOfBirth: '1970-09-02',
      sex: 'M',
    },
  });
  await protocol(2, 15);
  const tightenedAt = Date.now();

  // Day 1 is read by reader1, day 2 by a colleague; nobody has reported day 3 yet.
  await signIn(page, 'reader1', DEMO_PASSWORD, 'Marcus Feld');
  await page.goto(`/#${CASES}/preview/${study.id}/interpretations`);
  await expect(page.getByRole('heading', { name: `Case ${study.caseNumber}`, level: 1 })).toBeVisible();
  await signDaily(page, { start, end: new Date(start.getTime() + DAY_MS) }, 'Day 1: diffuse slowing.');
  await signOut(page);
  await signIn(page, secondReader.username, secondReader.password, secondReader.name);
  await page.goto(`/#${CASES}/preview/${study.id}/interpretations`);
  await signDaily(
    page,
    { start: new Date(start.getTime() + DAY_MS), end: new Date(start.getTime() + 2 * DAY_MS) },
    'Day 2: no epileptiform discharges.',
  );
  await signOut(page);

  // Billing: the technical codes bill three days; each reader's professional code is under their own name.
  await signIn(page, 'billing1', DEMO_PASSWORD, 'Joan Okafor');
  await page.goto(`/#/billing/continuous-monitoring/${client.id}/${month}`);
  const line = page
    .getByRole('table', { name: 'Statement lines' })
    .getByRole('row')
    .filter({ hasText: study.caseNumber });
  await expect(line).toContainText('95716 × 3');
  const marcus = line.getByText('Signed by Marcus Feld, MD, FACNS').locator('..');
  await expect(marcus).toContainText('95720 × 1');
  const colleague = line.getByText(`Signed by ${secondReader.name}, MD`).locator('..');
  await expect(colleague).toContainText('95720 × 1');
  // The third day has no signed report: listed, never coded.
  await expect(line.getByText(/^Unreported: .* \(24 h\), no signed report$/)).toBeVisible();
  await expect(line).not.toContainText('95720 × 2');
  await expect(line).not.toContainText('95720 × 3');
  await page.screenshot({ path: 'test-results/two-readers-statement.png', fullPage: true });
  // The statement is a page of its own, without the app's bar: back home to sign out.
  await page.goto('/#/');
  await signOut(page);

  // The next seizure on the running case answers to the tightened rule: 15 minutes, not 60.
  await signIn(page, technologist.username, technologist.password, technologist.name);
  await page.goto(`/#${CASES}/monitoring/${running.id}/events`);
  await expect(page.getByRole('heading', { name: `Case ${running.caseNumber}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Add event' }).click();
  await choose(dialog(page), 'Type', 'Seizure');
  // A minute on the wall clock after the rule changed (the event answers to the rule in force when it occurred).
  const occurredAt = new Date(
    Math.max(Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS, Math.ceil(tightenedAt / MINUTE_MS) * MINUTE_MS),
  );
  await dialog(page).getByLabel('Occurred at').fill(wallClockIn(ZONE, occurredAt));
  await dialog(page).getByLabel('Description').fill('Left face twitching, 40 s');
  const shown = dialog(page).getByRole('region', { name: 'Notification rule' });
  await expect(shown.getByText(/notify within 15 min/)).toBeVisible();
  const dueBy = clockTime(new Date(occurredAt.getTime() + 15 * MINUTE_MS));
  await expect(shown.getByText(new RegExp(`due by .*${dueBy}`))).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Add event' }).click();
  const events = page.getByRole('region', { name: 'Events', exact: true });
  await expect(events.getByText(new RegExp(`[Dd]ue by .*${dueBy}`))).toBeVisible();
  await page.screenshot({ path: 'test-results/tightened-rule-event.png', fullPage: true });
  await expect(
    events.getByText(new RegExp(clockTime(new Date(occurredAt.getTime() + 60 * MINUTE_MS)))),
  ).toHaveCount(0);
});
