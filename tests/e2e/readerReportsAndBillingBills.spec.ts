import { expect, type Locator, type Page, test } from '@playwright/test';
import type { CaseDetails } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import { type ApiCall, apiAs } from './support/api';
import { DEMO_PASSWORD } from './support/constants';
import { createUser } from './support/identity';
import { printedPages } from './support/pdf';
import { signIn, signOut } from './support/signIn';
import { wallClockIn } from './support/wallClock';

const ZONE = 'America/New_York';
const HOUR_MS = 3_600_000;
const CASES = '/continuous-monitoring/cases';

/** 07:00 local on the 10th of last month, as an instant (the client bills from 07:00). */
function studyStart() {
  for (let hour = 0; hour < 24 * 40; hour += 1) {
    const now = new Date();
    const candidate = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 10, 0) + hour * HOUR_MS);
    const wall = wallClockIn(ZONE, candidate);
    if (wall.endsWith('-10T07:00')) return candidate;
  }
  throw new Error('no 07:00 on the 10th');
}

const dialog = (page: Page) => page.getByRole('dialog');

/**
 * A client of the story's own billing from 07:00 local with a 24 h report turnaround, and one two-day ICU
 * study (07:00 on the 10th to 07:00 on the 12th of last month) hooked up and watched by a new technologist,
 * moved to preview, read by reader1.
 */
async function setUpStudy(admin: ApiCall, technologist: string, technologistPassword: string) {
  const code = `RD${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const client = await admin<{ id: number; name: string; code: string }>('POST', API_PATHS.clients, {
    name: `Riverside Neurology ${code}`,
    code,
    timeZone: ZONE,
    billingPeriodStart: '07:00',
  });
  await admin('POST', API_PATHS.protocolRevisions(client.id), {
    baseRevision: 0,
    body: '# cEEG monitoring protocol\n\n- Call **seizures** in within 10 minutes.\n- Daily reports by 07:00.',
    checkIntervalMinutes: 60,
    reportTurnaroundHours: 24,
    notificationRules: [],
  });
  const start = studyStart();
  const end = new Date(start.getTime() + 48 * HOUR_MS);
  const taken = await admin<CaseDetails>('POST', API_PATHS.cases, {
    clientId: client.id,
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    patient: { mrn: `${code}-7`, firstName: 'Noor', lastName: 'Haddad', dateOfBirth: '1958-04-17', sex: 'F' },
  });
  const started = await admin<CaseDetails>('PATCH', API_PATHS.case(taken.id), {
    recordingStart: start.toISOString(),
    reader: 'reader1',
    version: taken.version,
  });
  await admin('PUT', API_PATHS.technologistCases(technologist), { caseIds: [started.id] });
  const monitoring = await admin<{ case: CaseDetails }>('POST', API_PATHS.caseTransitions(started.id), {
    to: 'monitoring',
    version: (await admin<CaseDetails>('GET', API_PATHS.caseDetails(started.id))).version,
  });
  const technologistApi = await apiAs(technologist, technologistPassword);
  await technologistApi('POST', API_PATHS.caseRecords(started.id, 'time-logs'), {
    activity: 'hookup',
    start: new Date(start.getTime() - HOUR_MS / 2).toISOString(),
    end: start.toISOString(),
  });
  // Four 12-hour shifts of monitoring.
  for (let shift = 0; shift < 4; shift += 1) {
    await technologistApi('POST', API_PATHS.caseRecords(started.id, 'time-logs'), {
      activity: 'monitoring',
      start: new Date(start.getTime() + shift * 12 * HOUR_MS).toISOString(),
      end: new Date(start.getTime() + (shift + 1) * 12 * HOUR_MS).toISOString(),
    });
  }
  const ended = await admin<CaseDetails>('PATCH', API_PATHS.case(started.id), {
    recordingEnd: end.toISOString(),
    version: monitoring.case.version,
  });
  const preview = await admin<{ case: CaseDetails }>('POST', API_PATHS.caseTransitions(started.id), {
    to: 'preview',
    version: ended.version,
  });
  return { client, study: preview.case, start, end, month: wallClockIn(ZONE, start).slice(0, 7) };
}

const monthLabel = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-15T12:00:00Z`),
  );

/** Adds an interpretation through the tab's dialog, as a reader types it. */
async function addInterpretation(
  page: Page,
  kind: string,
  period: { start: Date; end: Date } | null,
  impression: string,
  coding?: (form: Locator) => Promise<void>,
) {
  await page.getByRole('button', { name: 'Add interpretation' }).click();
  const form = dialog(page);
  await form.getByRole('combobox', { name: 'Kind' }).click();
  await page.getByRole('option', { name: kind, exact: true }).click();
  if (period) {
    await form.getByLabel('Period start').fill(wallClockIn(ZONE, period.start));
    await form.getByLabel('Period end').fill(wallClockIn(ZONE, period.end));
  }
  await form.getByRole('textbox', { name: 'Impression' }).fill(impression);
  await coding?.(form);
  await form.getByRole('button', { name: 'Add interpretation' }).click();
}

/** Picks `option` of the select labelled `label` with the keyboard, as a reader would. */
async function choose(form: Locator, label: string, option: string) {
  await form.getByRole('combobox', { name: label }).focus();
  await form.page().keyboard.press('Enter');
  await form.page().getByRole('option', { name: option }).focus();
  await form.page().keyboard.press('Enter');
}

/** Day 1's ACNS coding: an unreactive, discontinuous background and frequent LPDs with fast activity at 1 Hz. */
async function codeLpds(form: Locator) {
  await choose(form, 'Continuity', 'discontinuous');
  await choose(form, 'Reactivity', 'unreactive');
  await form.getByRole('button', { name: 'Add pattern' }).click();
  await choose(form, 'Main term 1', 'L: lateralized');
  await choose(form, 'Main term 2', 'PD: periodic discharges');
  await choose(form, 'Prevalence', 'frequent (10–49 %)');
  await form.getByRole('spinbutton', { name: 'Frequency (Hz)' }).fill('1');
  await form.getByRole('checkbox', { name: '+F: fast' }).check();
}

/** Signs the draft whose impression reads `impression`, confirming that signing is final. */
async function sign(page: Page, impression: string) {
  const row = page.getByRole('row').filter({ hasText: impression });
  await row.getByRole('button', { name: 'Sign' }).click();
  await dialog(page).getByRole('button', { name: 'Sign' }).click();
  await expect(row).toContainText('Signed by');
}

test('a reader signs a preliminary and two daily reports, is stopped from a second final, signs the final and an addendum; billing sees the codes over the client’s 07:00 billing days, prints the draft statement, closes the month; the case report prints identifiers and page numbers on every page', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const technologist = await createUser('technologist');
  const admin = await apiAs('admin', DEMO_PASSWORD);
  const { client, study, start, end, month } = await setUpStudy(
    admin,
    technologist.username,
    technologist.password,
  );
  const day = 24 * HOUR_MS;

  // reader1 reads the two-day study: a preliminary report, then one daily report per billing day.
  await signIn(page, 'reader1', DEMO_PASSWORD, 'Marcus Feld');
  await page.goto(`/#${CASES}/preview/${study.id}/interpretations`);
  await expect(page.getByRole('heading', { name: `Case ${study.caseNumber}`, level: 1 })).toBeVisible();
  const first = new Date(start.getTime() + 2 * HOUR_MS);
  await addInterpretation(
    page,
    'Preliminary',
    { start, end: first },
    'Preliminary: moderate diffuse slowing.',
  );
  await sign(page, 'Preliminary: moderate diffuse slowing.');
  const second = new Date(start.getTime() + day);
  await addInterpretation(
    page,
    'Daily',
    { start, end: second },
    'Day 1: LPDs over the left hemisphere, 1 Hz.',
    codeLpds,
  );
  // Listed in ACNS abbreviations.
  await expect(page.getByRole('row').filter({ hasText: 'Day 1: LPDs' })).toContainText(
    'LPD+F, frequent, 1 Hz',
  );
  await sign(page, 'Day 1: LPDs over the left hemisphere, 1 Hz.');
  await addInterpretation(page, 'Daily', { start: second, end }, 'Day 2: LPDs resolved; no seizures.');
  await sign(page, 'Day 2: LPDs resolved; no seizures.');

  // A draft final, then a second final by mistake: refused, saying to edit the draft.
  await addInterpretation(page, 'Final', null, 'Abnormal: LPDs on day 1, resolved by day 2.');
  await expect(page.getByRole('row').filter({ hasText: 'Abnormal: LPDs on day 1' })).toContainText('Draft');
  await addInterpretation(page, 'Final', null, 'Normal continuous EEG.');
  await expect(page.getByText(/already has a draft final interpretation: edit that draft/)).toBeVisible();
  // The reader leaves the refused form with Escape, nothing saved.
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Normal continuous EEG.' })).toHaveCount(0);
  await sign(page, 'Abnormal: LPDs on day 1, resolved by day 2.');

  // An addendum to the signed final, listed right under it; signed too.
  const final = page.getByRole('row').filter({ hasText: 'Abnormal: LPDs on day 1' });
  await expect(final.getByRole('button', { name: 'Void' })).toHaveCount(0);
  await final.getByRole('button', { name: 'Add addendum' }).click();
  await dialog(page)
    .getByRole('textbox', { name: 'Impression' })
    .fill('Addendum: video shows no clinical correlate.');
  await dialog(page).getByRole('button', { name: 'Add interpretation' }).click();
  const addendum = page.getByRole('row').filter({ hasText: 'Addendum: video shows no clinical correlate.' });
  await expect(addendum).toContainText('↳ Addendum');
  expect(await final.evaluate((row) => row.nextElementSibling?.textContent ?? '')).toContain(
    'Addendum: video shows no clinical correlate.',
  );
  await sign(page, 'Addendum: video shows no clinical correlate.');
  await page
    .getByRole('region', { name: 'Stage changes' })
    .getByRole('button', { name: 'Move to reviewed' })
    .click();
  // The case page follows the case to its new stage.
  await expect(page).toHaveURL(new RegExp(`/reviewed/${study.id}/interpretations$`));

  // The printed case report: the patient's identifiers, the case number and "Page x of y" on every page.
  await page.goto(`/#${CASES}/print-details/${study.id}`);
  await expect(page.getByRole('button', { name: 'Print' })).toBeEnabled();
  await expect(page.getByRole('note', { name: 'PRELIMINARY' })).toHaveCount(0);
  const pages = await printedPages(page);
  expect(pages.length).toBeGreaterThan(1);
  expect(pages.join('\n')).toContain('LPD+F, frequent, 1 Hz');
  // Signed by the reader's name and credentials, not a username.
  expect(pages.join('\n')).toContain('Signed by Marcus Feld, MD, FACNS');
  for (const [index, text] of pages.entries()) {
    expect(text).toContain(`Haddad, Noor · MRN ${client.code}-7 · DOB 1958-04-17`);
    expect(text).toContain(`Case ${study.caseNumber}`);
    expect(text).toContain(`Page ${index + 1} of ${pages.length}`);
  }
  await page.goto('/#/');
  await signOut(page);

  // Billing: the month's statement codes the study over the client's 07:00 billing days.
  await signIn(page, 'billing1', DEMO_PASSWORD, 'Joan Okafor');
  const label = monthLabel(month);
  await page.goto(`/#/billing/continuous-monitoring/${client.id}`);
  const cycles = page.getByRole('table', { name: 'Billing cycles' });
  const row = cycles.getByRole('row').filter({ hasText: label });
  await row.getByRole('textbox', { name: `Rate for ${label}` }).fill('125.50');
  const save = row.getByRole('button', { name: `Save the rate for ${label}` });
  await save.click();
  // Saved: the rate is the cycle's now, so there is nothing left to save.
  await expect(save).toBeDisabled();
  await row.getByRole('link', { name: `Statement for ${label}` }).click();
  const lines = page.getByRole('table', { name: 'Statement lines' });
  const line = lines.getByRole('row').filter({ hasText: study.caseNumber });
  // Two full 07:00-to-07:00 days with video, continuous, and the hookup.
  await expect(line).toContainText('95716 × 2');
  await expect(line).toContainText('95700 × 1');
  // The reader's professional codes: read day by day (signed daily reports), one 95720 per day.
  await expect(line).toContainText('Reader Marcus Feld, MD, FACNS');
  await expect(line).toContainText('95720 × 2');
  await expect(line).toContainText('2910 min (48.50 h)');
  await expect(page.getByText('2910 min × 125.50 / h = 6086.75 USD')).toBeVisible();
  await expect(page.getByRole('note', { name: 'DRAFT' })).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('note', { name: 'DRAFT' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  // Closes the month after confirming; the statement is no longer a draft.
  await page.getByRole('link', { name: 'Back to the billing cycles' }).click();
  const closing = page
    .getByRole('table', { name: 'Billing cycles' })
    .getByRole('row')
    .filter({ hasText: label });
  await closing.getByRole('button', { name: `Close ${label}` }).click();
  await dialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(closing.getByText('Closed', { exact: true })).toBeVisible();
  await closing.getByRole('link', { name: `Statement for ${label}` }).click();
  await expect(page.getByText(/lines frozen/)).toBeVisible();
  await expect(page.getByRole('note', { name: 'DRAFT' })).toHaveCount(0);
});
