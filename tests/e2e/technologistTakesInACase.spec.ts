import { expect, type Page, test } from '@playwright/test';
import type { CaseDetails } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import { apiAs } from './support/api';
import { choose, chooseTyped } from './support/choose';
import { DEMO_PASSWORD } from './support/constants';
import { createUser } from './support/identity';
import { openTab } from './support/openPage';
import { signIn, signOut } from './support/signIn';
import { createClient, ZONE } from './support/study';
import { wallClockIn } from './support/wallClock';

const CASES = '/continuous-monitoring/cases';

/** The number a stage tab shows next to its name ("Monitoring 10" → 10). */
async function tabCount(page: Page, stage: string): Promise<number> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${stage} \\d+$`) });
  await expect(tab).toBeVisible();
  return Number(/(\d+)$/.exec((await tab.textContent()) ?? '')?.[1]);
}

/** The demo client's zone, in which its cases' times are typed. */
const MERCY_VALLEY_ZONE = 'America/Chicago';

test('a technologist takes in a case and starts monitoring; a reader sees why it cannot move on; an admin cancels another', async ({
  page,
}) => {
  // The intake case the admin cancels is the story's own, of a client of its own: no demo case is closed.
  const admin = await apiAs('admin', DEMO_PASSWORD);
  const client = await createClient(
    admin,
    { prefix: 'IN', name: 'Intake General', timeZone: ZONE },
    { body: 'Watch every ICU recording.', checkIntervalMinutes: 60 },
  );
  const toCancel = await admin<CaseDetails>('POST', API_PATHS.cases, {
    clientId: client.id,
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    patient: { mrn: `${client.code}-1`, firstName: 'Olu', lastName: 'Adeyemi' },
  });

  // The story's own technologist: the demo ones' caseloads are what other stories left, and a load over the
  // limit would refuse the assignment.
  const technologist = await createUser('technologist');
  // They take in a case for a demo client, with the patient's details.
  await signIn(page, technologist.username, technologist.password, technologist.name);
  await page.getByRole('menuitem', { name: 'Intake' }).click();
  await expect(page).toHaveURL(new RegExp(`#${CASES}/intake`));
  const monitoringBefore = await tabCount(page, 'Monitoring');
  await page.getByRole('link', { name: 'New case' }).first().click();
  await chooseTyped(page, 'Client', 'Mercy Valley', 'Mercy Valley Hospital');
  await choose(page, 'Study type', 'Long-term');
  await page.getByLabel('Continuous').check();
  await page.getByLabel('MRN').fill('MV-2231907');
  await page.getByLabel('Last name').fill('Lindqvist');
  await page.getByLabel('First name').fill('Harriet');
  await page.getByLabel('Date of birth').fill('1961-07-04');
  await choose(page, 'Sex', 'Female');
  await page.getByRole('button', { name: 'Create case' }).click();
  await expect(page).toHaveURL(new RegExp(`#${CASES}/intake/\\d+/details$`));
  const caseId = new RegExp(`${CASES}/intake/(\\d+)/`).exec(page.url())?.[1];
  const heading = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(heading).toMatch(/^Case MVH-\d{4}-\d{4}$/);
  const caseNumber = heading.replace('Case ', '');

  // Monitoring cannot start yet, and the page says why.
  const start = page.getByRole('button', { name: 'Move to monitoring' });
  await expect(start).toBeDisabled();
  await expect(page.getByText('Assign at least one technologist')).toBeVisible();
  await expect(page.getByText('Set the recording start time')).toBeVisible();

  // The technologist assigns themself and sets the recording start; then the move is allowed.
  await page.getByRole('button', { name: 'Assign me' }).click();
  await expect(
    page.getByRole('region', { name: 'Technologists' }).getByText(technologist.name),
  ).toBeVisible();
  await page
    .getByLabel('Recording start')
    .fill(wallClockIn(MERCY_VALLEY_ZONE, new Date(Date.now() - 30 * 60_000)));
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Set the recording start time')).toBeHidden();
  await expect(start).toBeEnabled();
  await start.click();
  await expect(page).toHaveURL(new RegExp(`#${CASES}/monitoring/${caseId}/details$`));

  // The case is on the monitoring list, whose count went up by one.
  await page.getByRole('menuitem', { name: 'Monitoring' }).click();
  await expect(page.getByRole('link', { name: caseNumber })).toBeVisible();
  // The tab's count is read with the list and may come a moment after the row (seen under load: one behind).
  await expect.poll(() => tabCount(page, 'Monitoring')).toBe(monitoringBefore + 1);
  await signOut(page);

  // reader1 may move a monitoring case to preview, but not this one yet, and sees why; reviewed is not offered.
  await signIn(page, 'reader1', DEMO_PASSWORD, 'Marcus Feld');
  await page.goto(`/#${CASES}/monitoring/${caseId}/details`);
  await expect(page.getByRole('heading', { name: `Case ${caseNumber}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move to preview' })).toBeDisabled();
  await expect(page.getByText('Set the recording end time')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move to reviewed' })).toHaveCount(0);
  await signOut(page);

  // The admin cancels another intake case with a reason and finds it, with its activity, under closed.
  await signIn(page, 'admin', DEMO_PASSWORD, 'Dana Whitfield');
  await page.getByRole('menuitem', { name: 'Intake' }).click();
  await page.getByPlaceholder('Case number, patient or MRN').fill(toCancel.caseNumber);
  const other = page.getByRole('link', { name: toCancel.caseNumber, exact: true });
  await expect(page).toHaveURL(new RegExp(toCancel.caseNumber));
  const otherNumber = toCancel.caseNumber;
  await other.click();
  await expect(page.getByRole('heading', { name: `Case ${otherNumber}`, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel case' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel case' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').fill('Order withdrawn by the unit: the patient was discharged');
  await dialog.getByRole('button', { name: 'Cancel case' }).click();
  await expect(page).toHaveURL(new RegExp(`#${CASES}/closed/\\d+/details$`));

  await page.getByRole('menuitem', { name: 'Closed' }).click();
  await page.getByRole('link', { name: otherNumber }).click();
  await openTab(page, 'Activity');
  await expect(page.getByText('Order withdrawn by the unit: the patient was discharged')).toBeVisible();
  await expect(page.getByText(/Intake → Closed/)).toBeVisible();
});
