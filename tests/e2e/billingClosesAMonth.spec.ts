import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from './support/constants';
import { signIn } from './support/signIn';

/** The month before this one, as `YYYY-MM` and as the pages name it ("October 2026"). */
function lastMonth() {
  const now = new Date();
  const first = new Date(Date.UTC(now.getFullYear(), now.getMonth() - 1, 1, 12));
  const label = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    first,
  );
  return { month: first.toISOString().slice(0, 7), label };
}

/** A base-layout page: no app bar, no menu. */
async function expectNoChrome(page: Page) {
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Billing' })).toHaveCount(0);
}

test('billing staff set last month’s rate for a client, print its statement, close the month, then read the billable-hours report', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { label } = lastMonth();

  // billing1 opens billing: the clients of last month, some still without a rate.
  await signIn(page, 'billing1', DEMO_PASSWORD, 'Joan Okafor');
  await page.getByRole('menuitem', { name: 'Billing' }).click();
  const clients = page.getByRole('table', { name: 'Clients to bill' });
  const needing = clients.getByRole('row').filter({ hasText: 'Needs a rate' });
  await expect(needing.first()).toBeVisible();
  const clientLink = needing.first().getByRole('link');
  const clientName = (await clientLink.textContent())?.trim() ?? '';
  await clientLink.click();

  // The client's cycles, a base page: sets last month's rate inline.
  await expect(page.getByRole('heading', { name: clientName })).toBeVisible();
  await expectNoChrome(page);
  const cycles = page.getByRole('table', { name: 'Billing cycles' });
  const row = cycles.getByRole('row').filter({ hasText: label });
  await row.getByRole('textbox', { name: `Rate for ${label}` }).fill('142.50');
  await row.getByRole('button', { name: `Save the rate for ${label}` }).click();
  await expect(row.getByText(/^\d+\.\d{2}$/).last()).toBeVisible();
  await expect(row.getByRole('textbox', { name: `Rate for ${label}` })).toHaveValue('142.50');

  // The statement: lines, totals and the amount at that rate; printing it shows no app chrome.
  await row.getByRole('link', { name: `Statement for ${label}` }).click();
  await expect(page.getByRole('heading', { name: `Statement for ${label}`, level: 1 })).toBeVisible();
  const lines = page.getByRole('table', { name: 'Statement lines' });
  await expect(
    lines
      .getByRole('row')
      .filter({ hasText: /[A-Z]+-\d{4}-\d{4}/ })
      .first(),
  ).toBeVisible();
  await expect(lines.getByRole('row').filter({ hasText: 'Totals' })).toBeVisible();
  const amount = page.locator('dt', { hasText: /^Amount$/ }).locator('xpath=following-sibling::dd[1]');
  await expect(amount).toHaveText(/^USD \d+\.\d{2}$/);
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
  await page.emulateMedia({ media: 'screen' });

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
  // Last month's row (the table names months short, "Oct 2026") has the amount of the rate just set.
  const [name, year] = label.split(' ') as [string, string];
  const lastRow = months.getByRole('row').filter({ hasText: new RegExp(`^${name.slice(0, 3)}\\w* ${year}`) });
  await expect(lastRow).toContainText(/\d+\.\d{2}.*\d+\.\d{2}/);
});
