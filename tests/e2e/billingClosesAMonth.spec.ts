import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './support/api';
import { DEMO_PASSWORD } from './support/constants';
import { createUser } from './support/identity';
import { expectEveryPageIdentified } from './support/pdf';
import { signIn } from './support/signIn';
import { monthLabel, setUpStudy } from './support/study';

/** A base-layout page: no app bar, no menu. */
async function expectNoChrome(page: Page) {
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
}

// The story's own client and study (support/study.ts): 2910 min, 48.50 h last month. At 142.50 an hour
// that is 48.50 × 142.50 = 6911.25, worked by hand here rather than by the code under test.
const RATE = '142.50';
const HOURS = '48.50';
const AMOUNT = '6911.25';

test('billing staff set last month’s rate for a client, print its statement, close the month, then read the billable-hours report', async ({
  page,
}) => {
  const technologist = await createUser('technologist');
  const admin = await apiAs('admin', DEMO_PASSWORD);
  const { client, study, month } = await setUpStudy(admin, technologist.username, technologist.password);
  const label = monthLabel(month);

  // billing1 opens billing: the new client's last month still needs a rate.
  await signIn(page, 'billing1', DEMO_PASSWORD, 'Joan Okafor');
  await page.getByRole('menuitem', { name: 'Billing' }).click();
  const clients = page.getByRole('table', { name: 'Clients to bill' });
  const ours = clients.getByRole('row').filter({ hasText: client.name });
  await expect(ours.getByRole('cell').nth(2)).toHaveText(HOURS);
  await expect(ours).toContainText('Needs a rate');
  await ours.getByRole('link', { name: client.name }).click();

  // The client's cycles, a base page: sets last month's rate inline; the amount follows.
  await expect(page.getByRole('heading', { name: client.name })).toBeVisible();
  await expectNoChrome(page);
  const cycles = page.getByRole('table', { name: 'Billing cycles' });
  const row = cycles.getByRole('row').filter({ hasText: label });
  await expect(row.getByRole('cell').nth(1)).toHaveText(HOURS);
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await row.getByRole('textbox', { name: `Rate for ${label}` }).fill(RATE);
  await row.getByRole('button', { name: `Save the rate for ${label}` }).click();
  await expect(row.getByRole('cell').nth(4)).toHaveText(AMOUNT);
  await expect(row.getByRole('textbox', { name: `Rate for ${label}` })).toHaveValue(RATE);

  // The statement: the study's line, the totals and the amount at that rate; printing it shows no app chrome.
  await row.getByRole('link', { name: `Statement for ${label}` }).click();
  await expect(page.getByRole('heading', { name: `Statement for ${label}`, level: 1 })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Statement lines' });
  const line = lines.getByRole('row').filter({ hasText: study.caseNumber });
  await expect(line).toContainText('2910 min (48.50 h)');
  await expect(line).toContainText('95716 × 2');
  await expect(line).toContainText('95700 × 1');
  await expect(lines.getByRole('row').filter({ hasText: 'Totals' })).toContainText('2910 min (48.50 h)');
  const amount = page.locator('dt', { hasText: /^Amount$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(amount).toHaveText(`USD ${AMOUNT}`);
  await expect(page.getByText(`2910 min × ${RATE} / h = ${AMOUNT} USD`)).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await expectNoChrome(page);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  // Back to the browser's own media: page.pdf prints with print media unless screen is emulated.
  await page.emulateMedia({ media: null });
  // The table runs on to page 2 (the totals and what follows), which names the client and month too.
  const printed = await expectEveryPageIdentified(page, client, label, { draft: true });
  expect(printed.length).toBeGreaterThan(1);

  // Back to the cycles: closes last month after confirming; its lines are frozen.
  await page.getByRole('link', { name: 'Back to the billing cycles' }).click();
  const closedRow = page
    .getByRole('table', { name: 'Billing cycles' })
    .getByRole('row')
    .filter({ hasText: label });
  await closedRow.getByRole('button', { name: `Close ${label}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(closedRow.getByText('Closed', { exact: true })).toBeVisible();
  await closedRow.getByRole('link', { name: `Statement for ${label}` }).click();
  await expect(page.getByText(/lines frozen/)).toBeVisible();
  await expectEveryPageIdentified(page, client, label, { draft: false });

  // The billable-hours report: a chart and the table of the last 12 months.
  await page.goto('/#/reporting/continuous-monitoring/billable-hours');
  await expect(page.getByRole('heading', { name: 'Billable hours', level: 1 }).first()).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Billable hours and amount per month' });
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const months = page.getByRole('table', { name: 'Billable hours per month' });
  // Newest month first (this month, then last month), none before the first month with hours; totals last.
  const thisMonth = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric' }).format(new Date());
  await expect(months.getByRole('row').nth(1)).toContainText(thisMonth);
  await expect(months.getByRole('row').last()).toContainText('Total');
  expect(await months.getByRole('row').count()).toBeLessThanOrEqual(14);
  // The client's own totals: its hours and amount, no month without a rate, one case.
  const perClient = page.getByRole('table', { name: 'Billable hours per client' });
  const clientRow = perClient.getByRole('row').filter({ hasText: client.name });
  await expect(clientRow.getByRole('cell')).toHaveText([client.code, HOURS, AMOUNT, '0', '1']);
  // Its report: last month (the table names months short, "Oct 2026") at the rate just set, closed.
  await clientRow.getByRole('link', { name: client.name }).click();
  const clientMonths = page.getByRole('table', { name: 'Billable hours per month' });
  const [name, year] = label.split(' ') as [string, string];
  const lastRow = clientMonths.getByRole('row').filter({ hasText: `${name.slice(0, 3)} ${year}` });
  await expect(lastRow.getByRole('cell')).toHaveText([HOURS, RATE, AMOUNT, 'Closed', '1']);
});
