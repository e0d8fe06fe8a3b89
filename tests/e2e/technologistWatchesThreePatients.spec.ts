import { expect, type Page, test } from '@playwright/test';
import type { CaseDetails } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import { type ApiCall, apiAs } from './support/api';
import { choose } from './support/choose';
import { DEMO_PASSWORD } from './support/constants';
import { createUser } from './support/identity';
import { signIn, signOut } from './support/signIn';
import { wallClockIn } from './support/wallClock';

const CASES = '/continuous-monitoring/cases';
const ZONE = 'America/Denver';
const HOUR_MS = 3_600_000;

const wallClock = (at: Date) => wallClockIn(ZONE, at);

/** The client's month of a moment, `YYYY-MM`. */
const monthOf = (at: Date) => wallClock(at).slice(0, 7);

const dialog = (page: Page) => page.getByRole('dialog');
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * A client of the story's own (so no other story's cases interfere): a six-minute check interval (a
 * check logged from the board covers the five minutes before the click, so it is due again a minute later), seizures
 * to be called to its neurologist or charge nurse within 10 minutes; four ICU patients recording for 3 h,
 * three watched continuously and one intermittently, all assigned to one new technologist, who monitored
 * the three continuous ones at the same time for two hours earlier in the shift.
 */
async function setUpShift(admin: ApiCall, technologist: string, technologistPassword: string) {
  const code = `WT${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const client = await admin<{ id: number }>('POST', API_PATHS.clients, {
    name: `Watchtower General ${code}`,
    code,
    timeZone: ZONE,
  });
  const contact = (name: string, role: string, phone: string, escalationOrder: number) =>
    admin<{ _id: number }>('POST', API_PATHS.clientRecords(client.id, 'contacts'), {
      name,
      role,
      phone,
      escalationOrder,
    });
  const neurologist = await contact('Dr. Imani Osei', 'Neurologist on call', '+1 303 555 0142', 1);
  const nurse = await contact('Rosa Delgado', 'Charge nurse, Neuro ICU', '+1 303 555 0177', 2);
  await admin('POST', API_PATHS.protocolRevisions(client.id), {
    baseRevision: 0,
    body: 'Watch every ICU recording; call seizures in.',
    checkIntervalMinutes: 1,
    reportTurnaroundHours: 24,
    notificationRules: [{ trigger: 'seizure', notify: [neurologist._id, nurse._id], withinMinutes: 10 }],
  });

  const now = Date.now();
  const levels = ['continuous', 'continuous', 'continuous', 'intermittent'] as const;
  const patients = ['Abara', 'Brennan', 'Castillo', 'Dunmore'];
  const cases: CaseDetails[] = [];
  for (const [index, monitoringLevel] of levels.entries()) {
    const taken = await admin<CaseDetails>('POST', API_PATHS.cases, {
      clientId: client.id,
      studyType: 'icu',
      hasVideo: true,
      monitoringLevel,
      patient: {
        mrn: `${code}-${index + 1}`,
        firstName: 'Lee',
        lastName: patients[index],
        dateOfBirth: `1961-03-0${index + 1}`,
        sex: 'U',
      },
    });
    const started = await admin<CaseDetails>('PATCH', API_PATHS.case(taken.id), {
      recordingStart: new Date(now - 3 * HOUR_MS).toISOString(),
      version: taken.version,
    });
    cases.push(started);
  }
  await admin('PUT', API_PATHS.technologistCases(technologist), { caseIds: cases.map((c) => c.id) });
  const technologistApi = await apiAs(technologist, technologistPassword);
  const monitoring: CaseDetails[] = [];
  for (const taken of cases) {
    const current = await admin<CaseDetails>('GET', API_PATHS.caseDetails(taken.id));
    const moved = await admin<{ case: CaseDetails }>('POST', API_PATHS.caseTransitions(taken.id), {
      to: 'monitoring',
      version: current.version,
    });
    monitoring.push(moved.case);
  }
  // Earlier in the shift: the same two hours on each continuous patient.
  for (const watched of monitoring.slice(0, 3)) {
    await technologistApi('POST', API_PATHS.caseRecords(watched.id, 'time-logs'), {
      activity: 'monitoring',
      start: new Date(now - 3 * HOUR_MS).toISOString(),
      end: new Date(now - HOUR_MS).toISOString(),
    });
  }
  return { clientId: client.id, cases: monitoring, month: monthOf(new Date(now - 3 * HOUR_MS)) };
}

test('a technologist watches three patients at once, logs a check from the board, calls in two seizures (one late), sees a check fall overdue live, and the statement bills each patient', async ({
  page,
}) => {
  const technologist = await createUser('technologist');
  const admin = await apiAs('admin', DEMO_PASSWORD);
  const { clientId, cases, month } = await setUpShift(admin, technologist.username, technologist.password);
  const [first, second, third, intermittent] = cases;

  await signIn(page, technologist.username, technologist.password, technologist.name);

  // Starts a monitoring log on each continuous patient: three run at once.
  for (const watched of [first, second, third]) {
    await page.goto(`/#${CASES}/monitoring/${watched.id}/time-logs`);
    await expect(page.getByRole('heading', { name: `Case ${watched.caseNumber}`, level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Start my time log' }).click();
    await expect(page.getByRole('button', { name: 'Stop my time log' })).toBeVisible();
  }
  await page.goto('/#/');
  for (const watched of [first, second, third]) {
    await expect(
      page.getByRole('button', { name: `Stop my time log on ${watched.caseNumber}` }),
    ).toBeVisible();
  }

  // The board: the intermittent patient is overdue (no check for hours); one click logs a check.
  const board = page.getByRole('table', { name: 'Cases in monitoring' });
  const intermittentRow = board.getByRole('row').filter({ hasText: intermittent.caseNumber });
  await expect(intermittentRow.getByText(/^Overdue/)).toBeVisible();
  for (const watched of [first, second, third]) {
    await expect(
      board
        .getByRole('row')
        .filter({ hasText: watched.caseNumber })
        .getByText(/^Overdue/),
    ).toHaveCount(0);
  }
  await intermittentRow.getByRole('button', { name: `Log check on ${intermittent.caseNumber}` }).click();
  // The row says so while the check is the case's latest, also once the live update has read the board again.
  await expect(intermittentRow.getByText(/^Check logged \d{2}:\d{2}$/)).toBeVisible();
  await expect(intermittentRow.getByText(/^Overdue/)).toHaveCount(0, { timeout: 45_000 });
  // A minute after the click the check is due again: the board says so by itself, with no reload.
  await expect(intermittentRow.getByText(/^Overdue/)).toBeVisible({ timeout: 150_000 });

  // A seizure on the first patient: the dialog shows whom to call and by when; the call is recorded in time.
  await page.goto(`/#${CASES}/monitoring/${first.id}/events`);
  await page.getByRole('button', { name: 'Add event' }).click();
  await choose(dialog(page), 'Type', 'Seizure');
  await dialog(page).getByLabel('Description').fill('Right arm clonic jerking, 50 s');
  const rule = dialog(page).getByRole('region', { name: 'Notification rule' });
  await expect(rule.getByText(/notify within 10 min/)).toBeVisible();
  await expect(rule.getByText('+1 303 555 0142')).toBeVisible();
  await expect(rule.getByText('Rosa Delgado', { exact: true })).toBeVisible();
  await expect(rule.getByText(/Charge nurse, Neuro ICU/)).toBeVisible();
  await rule.getByRole('button', { name: 'Notified Dr. Imani Osei' }).click();
  await expect(section(page, 'Events').getByText('Notified on time')).toBeVisible();

  // A seizure on the second patient 45 minutes ago, noticed only now: overdue, then called in late.
  await page.goto(`/#${CASES}/monitoring/${second.id}/events`);
  await page.getByRole('button', { name: 'Add event' }).click();
  await choose(dialog(page), 'Type', 'Seizure');
  await dialog(page)
    .getByLabel('Occurred at')
    .fill(wallClock(new Date(Date.now() - 45 * 60_000)));
  await dialog(page).getByLabel('Description').fill('Electrographic seizure, left temporal, 90 s');
  await dialog(page).getByRole('button', { name: 'Add event' }).click();
  await expect(section(page, 'Events').getByText('Notification overdue').first()).toBeVisible();
  await section(page, 'Events').getByRole('button', { name: 'Edit' }).first().click();
  await dialog(page).getByRole('button', { name: 'Notified Rosa Delgado' }).click();
  await expect(section(page, 'Events').getByText('Notified late')).toBeVisible();
  await signOut(page);

  // Billing staff read the month's statement: each patient's hours, the watched ones two hours and more.
  await signIn(page, 'billing1', DEMO_PASSWORD, 'Joan Okafor');
  await page.goto(`/#/billing/continuous-monitoring/${clientId}/${month}`);
  const lines = page.getByRole('table', { name: 'Statement lines' });
  for (const watched of [first, second, third]) {
    const line = lines.getByRole('row').filter({ hasText: watched.caseNumber });
    await expect(line.getByText('Open log')).toBeVisible();
    // The two closed hours plus the running log so far (started in this story, well under an hour ago),
    // in hours to the hundredth: 120 min and more, under 180.
    const billable = (await line.getByRole('cell').nth(3).textContent()) ?? '';
    const [, minutes = '', hours = ''] = /^(\d+) min \((\d+\.\d\d) h\)/.exec(billable) ?? [];
    expect(Number(minutes)).toBeGreaterThanOrEqual(120);
    expect(Number(minutes)).toBeLessThan(180);
    expect(hours).toBe((Number(minutes) / 60).toFixed(2));
  }
  await expect(lines.getByRole('row').filter({ hasText: intermittent.caseNumber })).toBeVisible();
  await page.screenshot({ path: 'test-results/three-patients-statement.png', fullPage: true });
});
