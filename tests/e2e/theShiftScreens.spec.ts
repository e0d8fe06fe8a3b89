import { expect, type Page, test } from '@playwright/test';
import { API_PATHS } from '../../contract/paths';
import { apiAs } from './support/api';
import { choose } from './support/choose';
import { DEMO_PASSWORD } from './support/constants';
import { createUser } from './support/identity';
import { openTab } from './support/openPage';
import { expectEveryPageIdentified } from './support/pdf';
import { addElectroclinicalSeizure, answerSeizures, signReport } from './support/reports';
import { signIn, signOut } from './support/signIn';
import { createClient, HOUR_MS, monthLabel, setUpStudy, startMonitoring, ZONE } from './support/study';

const CASES = '/continuous-monitoring/cases';
const dialog = (page: Page) => page.getByRole('dialog');
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/**
 * The screens people keep open through a shift (issue 31), one after another: the reader's sign step that
 * will not sign a report contradicting itself, the technologist's board and handover from the running log,
 * billing's time logs without false errors, and the statement's printout identified on every page.
 */
test('a reader is stopped signing a final that contradicts its findings, a technologist checks from the board and hands over from the running log, billing reads the time logs without errors and prints the statement', async ({
  page,
}) => {
  const technologist = await createUser('technologist');
  const incoming = await createUser('technologist');
  const admin = await apiAs('admin', DEMO_PASSWORD);
  // The admin makes sure both are enabled, as the Users page does: the app reads its technologists afresh
  // (it keeps their list a minute), so both are offered by name.
  for (const { username } of [technologist, incoming]) {
    await admin('PUT', API_PATHS.userToggle(username), { isEnabled: true });
  }
  // A study of last month waiting for its final read (reader1), and a recording running two hours in a unit
  // whose protocol asks for a check every 30 minutes, neither checked nor watched since it started.
  const { client, study, month } = await setUpStudy(admin, technologist.username, technologist.password);
  const unit = await createClient(
    admin,
    { prefix: 'SH', name: 'Lakeside Neuro ICU', timeZone: ZONE },
    { body: 'Check every ICU recording every 30 minutes.', checkIntervalMinutes: 30 },
  );
  const running = await startMonitoring(admin, unit.id, {
    start: new Date(Date.now() - 2 * HOUR_MS),
    technologist: technologist.username,
    patient: {
      mrn: `${unit.code}-1`,
      firstName: 'Ivo',
      lastName: 'Marsh',
      dateOfBirth: '1970-06-02',
      sex: 'M',
    },
  });

  // reader1 writes a final that lists an electroclinical seizure but answers "no seizures in this period".
  await signIn(page, 'reader1', DEMO_PASSWORD, 'Marcus Feld');
  await page.goto(`/#${CASES}/preview/${study.id}/interpretations`);
  await page.getByRole('button', { name: 'Add interpretation' }).click();
  const impression = 'Normal continuous EEG. No seizures.';
  await dialog(page).getByLabel('Impression').fill(impression);
  await addElectroclinicalSeizure(dialog(page));
  await answerSeizures(dialog(page), 'No');
  await dialog(page).getByRole('button', { name: 'Add interpretation' }).click();
  const interpretations = section(page, 'Interpretations');
  const draft = interpretations.getByRole('row').filter({ hasText: impression });
  // Signing is stopped, in the dialog, beside what would be signed.
  await draft.getByRole('button', { name: 'Sign' }).click();
  const signing = page.getByRole('dialog', { name: 'Sign interpretation' });
  await expect(signing.getByRole('alert')).toContainText('answer yes, or remove the seizure');
  await expect(signing.getByRole('button', { name: 'Sign this report' })).toBeDisabled();
  await signing.getByRole('button', { name: 'Back' }).click();
  // Fixed: the answer and the impression agree with the findings; now it signs.
  await draft.getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: /Edit interpretation/ });
  await answerSeizures(form, 'Yes');
  const corrected = 'Abnormal cEEG: one electroclinical seizure, left temporal.';
  await form.getByRole('textbox', { name: 'Impression' }).fill(corrected);
  await form.getByRole('button', { name: 'Save' }).click();
  await signReport(page, interpretations.getByRole('row').filter({ hasText: corrected }), corrected);
  await signOut(page);

  // The technologist's home opens on the board: the running recording is overdue; one click checks it, and
  // read again the board says the next check is due in 30 minutes.
  await signIn(page, technologist.username, technologist.password, technologist.name);
  const board = page.getByRole('table', { name: 'Cases in monitoring' });
  const row = board.getByRole('row').filter({ hasText: running.caseNumber });
  await expect(row.getByText(/^Overdue/)).toBeVisible();
  await row.getByRole('button', { name: `Log check on ${running.caseNumber}` }).click();
  await expect(row.getByText(/^Check logged \d{2}:\d{2}$/)).toBeVisible();
  await page.reload();
  // 30 min from the click, on billing's minute grid: 29 when the reload lands in the next minute.
  await expect(row.getByText(/^Due in (30|29) min$/)).toBeVisible();
  await page.screenshot({ path: 'test-results/shift-board.png' });

  // On the case's Time logs the technologist starts watching, then hands the case over from that log.
  await row.getByRole('link', { name: running.caseNumber }).click();
  await openTab(page, 'Time logs');
  await page.getByRole('button', { name: 'Start my time log' }).click();
  await page.getByRole('button', { name: 'Hand over' }).click();
  const handover = page.getByRole('dialog', { name: `Hand over case ${running.caseNumber}` });
  await expect(handover.getByRole('combobox', { name: /From/ })).toHaveText(technologist.name);
  await choose(handover, /To/, incoming.name);
  await handover.getByRole('textbox', { name: 'Note' }).fill('Quiet so far; checked at the start of my log.');
  await handover.getByRole('button', { name: 'Hand over' }).click();
  await expect(handover).toBeHidden();
  // The technologist's log ended at the handover; the incoming one's runs from it.
  await expect(page.getByRole('button', { name: 'Start my time log' })).toBeVisible();
  const logs = section(page, 'Time logs');
  await expect(logs.getByRole('row').filter({ hasText: incoming.name }).getByText('Running')).toBeVisible();
  await page.screenshot({ path: 'test-results/shift-handed-over.png' });
  await signOut(page);

  // Billing opens the study's time logs: what billing may not read is not asked for, so no error.
  await signIn(page, 'billing1', DEMO_PASSWORD, 'Joan Okafor');
  await page.goto(`/#${CASES}/preview/${study.id}/time-logs`);
  await expect(
    section(page, 'Time logs').getByRole('row').filter({ hasText: technologist.name }).first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'Recent errors', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Recent errors: \d+ new$/ })).toHaveCount(0);

  // The statement of the study's month, printed: the client and "Page x of y" on every page.
  await page.goto(`/#/billing/continuous-monitoring/${client.id}/${month}`);
  const label = monthLabel(month);
  await expect(page.getByRole('heading', { name: `Statement for ${label}`, level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Statement lines' }).getByText(study.caseNumber),
  ).toBeVisible();
  await expectEveryPageIdentified(page, client, label, { draft: true });
});
