import { expect, type Locator, type Page } from '@playwright/test';
import { choose } from './choose';
import { openDialog } from './openPage';
import { ZONE } from './study';
import { wallClockIn } from './wallClock';

/** Answers "Seizures in this period" in an open interpretation form, next to the impression. */
export async function answerSeizures(form: Locator, answer: 'Yes' | 'No') {
  await choose(form, 'Seizures in this period', answer);
}

/** Lists an electroclinical seizure in the open interpretation form's ACNS findings. */
export async function addElectroclinicalSeizure(form: Locator) {
  await form.getByRole('button', { name: 'Add seizure' }).click();
  await form.getByRole('combobox', { name: 'Class' }).click();
  await form.page().getByRole('option', { name: 'ECSz: electroclinical seizure' }).click();
}

/**
 * Signs the draft in `row`: the sign dialog shows what is signed (the impression beside the findings and
 * the answer), and the reader confirms "Sign this report" after reading it.
 */
export async function signReport(page: Page, row: Locator, impression: string) {
  await row.getByRole('button', { name: 'Sign' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign interpretation' });
  await expect(dialog.getByLabel('What is signed')).toContainText(impression);
  await dialog.getByRole('button', { name: 'Sign this report' }).click();
  await expect(row).toContainText('Signed by');
}

/** Adds an interpretation through the tab's dialog, as a reader types it. */
export async function addInterpretation(
  page: Page,
  kind: string,
  period: { start: Date; end: Date } | null,
  impression: string,
  coding?: (form: Locator) => Promise<void>,
) {
  const form = await openDialog(page, page.getByRole('button', { name: 'Add interpretation' }));
  await choose(form, 'Kind', kind);
  if (period) {
    await form.getByLabel('Period start').fill(wallClockIn(ZONE, period.start));
    await form.getByLabel('Period end').fill(wallClockIn(ZONE, period.end));
  }
  await form.getByRole('textbox', { name: 'Impression' }).fill(impression);
  // No seizure in this study: the daily and final reports say so, as signing them needs.
  await answerSeizures(form, 'No');
  await coding?.(form);
  await form.getByRole('button', { name: 'Add interpretation' }).click();
}
