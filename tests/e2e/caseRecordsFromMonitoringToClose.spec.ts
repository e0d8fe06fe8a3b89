import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './support/api';
import { choose } from './support/choose';
import { DEMO_PASSWORD } from './support/constants';
import { createUser } from './support/identity';
import { openDialog, openTab } from './support/openPage';
import { addElectroclinicalSeizure, answerSeizures, signReport } from './support/reports';
import { signIn, signOut } from './support/signIn';
import { createClient, HOUR_MS, startMonitoring, ZONE } from './support/study';
import { wallClockIn } from './support/wallClock';

const CASES = '/continuous-monitoring/cases';

const dialog = (page: Page) => page.getByRole('dialog');
const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
/** A new record's dialog saves with a button named as its title, e.g. "Add event". */
const add = async (page: Page, noun: string) =>
  dialog(page)
    .getByRole('button', { name: `Add ${noun}` })
    .click();

test('a case from monitoring to closed through its records: logs, impedances, an event, a note, a signed interpretation, a settled billing note, the printed report', async ({
  page,
}) => {
  // A client of the story's own, impedances over 10 kΩ flagged, and a case in monitoring for a new technologist.
  const technologist = await createUser('technologist');
  const admin = await apiAs('admin', DEMO_PASSWORD);
  const client = await createClient(
    admin,
    { prefix: 'SB', name: 'St. Brigid Regional', timeZone: ZONE },
    { body: 'Watch every ICU recording.', checkIntervalMinutes: 60, impedanceLimitKOhm: 10 },
  );
  const patient = {
    mrn: `${client.code}-1`,
    firstName: 'Ines',
    lastName: 'Moreau',
    dateOfBirth: '1970-02-11',
    sex: 'F',
  };
  await startMonitoring(admin, client.id, {
    start: new Date(Date.now() - HOUR_MS),
    technologist: technologist.username,
    patient,
  });

  // The technologist opens their monitoring case at the client.
  await signIn(page, technologist.username, technologist.password, technologist.name);
  await page.getByRole('menuitem', { name: 'Monitoring' }).click();
  await page.getByPlaceholder('Case number, patient or MRN').fill(`${client.code}-`);
  // The search narrows the list to the client's one monitoring case.
  const caseLink = page.getByRole('link', { name: new RegExp(`^${client.code}-\\d{4}-\\d{4}$`) });
  await expect(caseLink).toHaveCount(1);
  // The search is written to the URL after a pause; clicking before it would be undone by it.
  await expect(page).toHaveURL(new RegExp(client.code));
  const caseNumber = (await caseLink.textContent())?.trim() ?? '';
  await caseLink.click();
  await expect(page.getByRole('heading', { name: `Case ${caseNumber}`, level: 1 })).toBeVisible();
  const caseId = new RegExp(`${CASES}/monitoring/(\\d+)/`).exec(page.url())?.[1];

  // Starts a time log.
  await openTab(page, 'Time logs');
  await page.getByRole('button', { name: 'Start my time log' }).click();
  await expect(page.getByRole('button', { name: 'Stop my time log' })).toBeVisible();
  await expect(section(page, 'Time logs').getByText('Running', { exact: true })).toBeVisible();

  // Records impedances: the value over the protocol's limit is highlighted as typed and flagged once saved.
  await openTab(page, 'Impedances');
  await openDialog(page, page.getByRole('button', { name: 'Add impedance check' }));
  const grid = dialog(page).getByRole('group', { name: 'Impedance in kΩ by electrode' });
  await grid.getByLabel('Fp1', { exact: true }).fill('4');
  await grid.getByLabel('T7', { exact: true }).fill('23');
  await expect(grid.getByText('Over 10 kΩ', { exact: true })).toBeVisible();
  await add(page, 'impedance check');
  await expect(section(page, 'Impedances').getByText(/T7 23/)).toBeVisible();

  // Logs a seizure event, then edits it twice: its history shows revisions 1 to 3.
  await openTab(page, 'Events');
  await openDialog(page, page.getByRole('button', { name: 'Add event' }));
  await choose(dialog(page), 'Type', 'Seizure');
  await dialog(page).getByLabel('Description').fill('Left face twitching, 40 s');
  await add(page, 'event');
  await expect(section(page, 'Events').getByText('Left face twitching, 40 s')).toBeVisible();
  for (const description of ['Left face and arm twitching, 40 s', 'Left face and arm clonic, 45 s']) {
    await section(page, 'Events').getByRole('button', { name: 'Edit' }).first().click();
    await dialog(page).getByLabel('Description').fill(description);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(section(page, 'Events').getByText(description)).toBeVisible();
  }
  await section(page, 'Events').getByRole('button', { name: 'History' }).first().click();
  for (const revision of [3, 2, 1]) {
    await expect(dialog(page).getByRole('heading', { name: `Revision ${revision}` })).toBeVisible();
  }
  await expect(dialog(page).getByText('Left face and arm clonic, 45 s').first()).toBeVisible();
  await page.keyboard.press('Escape');

  // Writes a case note.
  await openTab(page, 'Case notes');
  await openDialog(page, page.getByRole('button', { name: 'Add case note' }));
  await dialog(page)
    .getByRole('textbox', { name: 'Note', exact: true })
    .fill('Neurology at bedside; lorazepam 2 mg given.');
  await add(page, 'case note');
  await expect(
    section(page, 'Case notes').getByText('Neurology at bedside; lorazepam 2 mg given.'),
  ).toBeVisible();

  // Stops the log, sets the recording end and moves the case to preview.
  await openTab(page, 'Time logs');
  await page.getByRole('button', { name: 'Stop my time log' }).click();
  await expect(page.getByRole('button', { name: 'Start my time log' })).toBeVisible();
  await openTab(page, 'Details');
  await page.getByLabel('Recording end').fill(wallClockIn(ZONE, new Date()));
  await page.getByRole('button', { name: 'Save' }).click();
  const toPreview = page.getByRole('button', { name: 'Move to preview' });
  await expect(toPreview).toBeEnabled();
  await toPreview.click();
  await expect(page).toHaveURL(new RegExp(`#${CASES}/preview/${caseId}/`));
  await signOut(page);

  // reader1 writes a final interpretation, signs it and moves the case to reviewed.
  await signIn(page, 'reader1', DEMO_PASSWORD, 'Marcus Feld');
  await page.goto(`/#${CASES}/preview/${caseId}/interpretations`);
  await expect(page.getByText('A signed final interpretation is required')).toBeVisible();
  await page.getByRole('button', { name: 'Add interpretation' }).click();
  const impression = 'Abnormal cEEG: one electroclinical seizure, left temporal.';
  await dialog(page).getByLabel('Impression').fill(impression);
  // The seizure is listed in ACNS terms, and "seizures in this period" answered yes beside the impression.
  await addElectroclinicalSeizure(dialog(page));
  await answerSeizures(dialog(page), 'Yes');
  await add(page, 'interpretation');
  const interpretations = section(page, 'Interpretations');
  await signReport(page, interpretations.getByRole('row').filter({ hasText: impression }), impression);
  const toReviewed = page.getByRole('button', { name: 'Move to reviewed' });
  await expect(toReviewed).toBeEnabled();
  await toReviewed.click();
  await expect(page).toHaveURL(new RegExp(`#${CASES}/reviewed/${caseId}/`));
  await signOut(page);

  // billing1 adds a settled billing note and closes the case.
  await signIn(page, 'billing1', DEMO_PASSWORD, 'Joan Okafor');
  await page.goto(`/#${CASES}/reviewed/${caseId}/billing-notes`);
  await page.getByRole('button', { name: 'Add billing note' }).click();
  await dialog(page).getByRole('textbox', { name: 'Note', exact: true }).fill('Hookup 30 min not logged');
  await dialog(page).getByLabel('Adjustment (minutes)').fill('30');
  await dialog(page).getByLabel('Settled').check();
  await add(page, 'billing note');
  await expect(section(page, 'Billing notes').getByText('Hookup 30 min not logged')).toBeVisible();
  const toClosed = page.getByRole('button', { name: 'Move to closed' });
  await expect(toClosed).toBeEnabled();
  await toClosed.click();
  // Closing is the last step: it is confirmed first.
  await expect(dialog(page)).toContainText('read-only');
  await dialog(page).getByRole('button', { name: 'Close case' }).click();
  await expect(page).toHaveURL(new RegExp(`#${CASES}/closed/${caseId}/`));

  await signOut(page);

  // The printed report shows all of it, without the app's chrome (to an admin, who may read every record;
  // billing staff do not read events).
  await signIn(page, 'admin', DEMO_PASSWORD, 'Dana Whitfield');
  await page.goto(`/#${CASES}/print-details/${caseId}`);
  await expect(page.getByText('Continuous EEG monitoring report')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Monitoring' })).toHaveCount(0);
  await expect(page.getByText(caseNumber).first()).toBeVisible();
  await expect(page.getByText('Left face and arm clonic, 45 s')).toBeVisible();
  await expect(page.getByText('Abnormal cEEG: one electroclinical seizure, left temporal.')).toBeVisible();
  await expect(page.getByText(/Signed by Marcus Feld|Signed by reader1/)).toBeVisible();
  await expect(page.getByText('T7').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hours' })).toBeVisible();
  await page.screenshot({ path: 'test-results/case-report.png', fullPage: true });
});
