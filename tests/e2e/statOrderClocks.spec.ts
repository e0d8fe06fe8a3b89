import { expect, test } from '@playwright/test';
import { apiAs } from './support/api';
import { choose, chooseTyped } from './support/choose';
import { DEMO_PASSWORD } from './support/constants';
import { createUser } from './support/identity';
import { signIn, signOut } from './support/signIn';
import { createClient, ZONE } from './support/study';
import { wallClockIn } from './support/wallClock';

const CASES = '/continuous-monitoring/cases';
const MINUTE = 60_000;

test('a stat order runs its hookup clock on the board, the technologist hooks up in time, and the month shows it', async ({
  page,
}) => {
  const admin = await apiAs('admin', DEMO_PASSWORD);
  const client = await createClient(
    admin,
    { prefix: 'ST', name: 'Stat General', timeZone: ZONE },
    { body: 'Stat EEG within the hour.', checkIntervalMinutes: 60 },
  );

  // The story's own technologist: the demo ones' caseloads are what other stories left, and a load over the
  // limit would refuse the assignment.
  const technologist = await createUser('technologist');
  // They take in a case with a stat order placed 20 minutes ago.
  await signIn(page, technologist.username, technologist.password, technologist.name);
  await page.getByRole('menuitem', { name: 'Intake' }).click();
  await page.getByRole('link', { name: 'New case' }).first().click();
  await chooseTyped(page, 'Client', 'Stat General', client.name);
  await choose(page, 'Study type', 'ICU');
  await page.getByLabel('Continuous').check();
  await page.getByLabel('MRN').fill(`${client.code}-1`);
  await page.getByLabel('Last name').fill('Okonkwo');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Ordered at').fill(wallClockIn(ZONE, new Date(Date.now() - 20 * MINUTE)));
  await choose(page, 'Priority', 'STAT');
  await page.getByLabel('Ordered by (physician)').fill('Dr. Greg House');
  await page.getByLabel('Reason for the order').fill('Unresponsive after cardiac arrest');
  await page.getByRole('button', { name: 'Create case' }).click();
  await expect(page).toHaveURL(new RegExp(`#${CASES}/intake/\\d+/details$`));
  const caseId = new RegExp(`${CASES}/intake/(\\d+)/`).exec(page.url())?.[1];
  const caseNumber = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')
    .trim()
    .replace('Case ', '');
  await expect(page.getByRole('definition').filter({ hasText: 'STAT' })).toBeVisible();

  // The board shows its hookup clock running, about 40 minutes left.
  await page.goto('/#/');
  const row = page.getByTestId(`clock-row-${caseNumber}`);
  await expect(row).toBeVisible();
  await expect(row.getByText('Hookup')).toBeVisible();
  await expect(row.getByText(/^Due in (3\d|40) min$/)).toBeVisible();

  // The technologist hooks up in time: assigns themself and starts the recording five minutes ago.
  await page.goto(`/#${CASES}/intake/${caseId}/details`);
  await page.getByRole('button', { name: 'Assign me' }).click();
  await expect(
    page.getByRole('region', { name: 'Technologists' }).getByText(technologist.name),
  ).toBeVisible();
  await page.getByLabel('Recording start').fill(wallClockIn(ZONE, new Date(Date.now() - 5 * MINUTE)));
  await page.getByRole('button', { name: 'Save' }).click();
  const clocks = page.getByRole('definition').filter({ hasText: /^Met / });
  await expect(clocks.first()).toBeVisible();
  await signOut(page);

  // The reporting page shows the month's share: the one stat order hooked up on time.
  await signIn(page, 'admin', DEMO_PASSWORD, 'Dana Whitfield');
  await page.goto('/#/reporting/continuous-monitoring/monitoring-hours');
  const table = page.getByRole('table', { name: 'Order turnaround per client' });
  const reportRow = table.getByRole('row').filter({ hasText: client.name }).filter({ hasText: 'STAT' });
  await expect(reportRow).toBeVisible();
  // The client is the row's header; then month, priority, orders, the share on time and the median.
  await expect(reportRow.getByRole('cell').nth(3)).toHaveText('100');
  // 20 minutes before the order and 5 before the recording, typed to the minute a few seconds apart.
  await expect(reportRow.getByRole('cell').nth(4)).toHaveText(/^1[456]$/);
  await expect(page.getByRole('figure', { name: 'Orders meeting their turnaround targets' })).toBeVisible();
});
