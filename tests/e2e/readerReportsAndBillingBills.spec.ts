import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs } from './support/api';
import { DEMO_PASSWORD } from './support/constants';
import { createUser } from './support/identity';
import { printedPages } from './support/pdf';
import { addInterpretation, signReport } from './support/reports';
import { signIn, signOut } from './support/signIn';
import { HOUR_MS, monthLabel, setUpStudy } from './support/study';

const CASES = '/continuous-monitoring/cases';

const dialog = (page: Page) => page.getByRole('dialog');

/** Picks `option` of the select labelled `label` with the keyboard, as a reader would. */
async function chooseByKeyboard(form: Locator, label: string, option: string) {
  await form.getByRole('combobox', { name: label }).focus();
  await form.page().keyboard.press('Enter');
  await form.page().getByRole('option', { name: option }).focus();
  await form.page().keyboard.press('Enter');
}

/** Day 1's ACNS coding: an unreactive, discontinuous background and frequent LPDs with fast activity at 1 Hz. */
async function codeLpds(form: Locator) {
  await chooseByKeyboard(form, 'Continuity', 'discontinuous');
  await chooseByKeyboard(form, 'Reactivity', 'unreactive');
  await form.getByRole('button', { name: 'Add pattern' }).click();
  await chooseByKeyboard(form, 'Main term 1', 'L: lateralized');
  await chooseByKeyboard(form, 'Main term 2', 'PD: periodic discharges');
  await chooseByKeyboard(form, 'Prevalence', 'frequent (10–49 %)');
  await form.getByRole('spinbutton', { name: 'Frequency (Hz)' }).fill('1');
  await form.getByRole('checkbox', { name: '+F: fast' }).check();
}

/** Signs the draft whose impression reads `impression`, after reading what is signed. */
const sign = (page: Page, impression: string) =>
  signReport(page, page.getByRole('row').filter({ hasText: impression }), impression);

test('a reader signs a preliminary and two daily reports, is stopped from a second final, signs the final and an addendum; billing sees the codes over the client’s 07:00 billing days, prints the draft statement, closes the month; the case report prints identifiers and page numbers on every page', async ({
  page,
}) => {
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
  // The professional codes of the reader who signed the daily reports: one 95720 per day.
  await expect(line).toContainText('Signed by Marcus Feld, MD, FACNS');
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
