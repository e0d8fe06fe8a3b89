import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../../server/identity/demoUsers';
import { signedInPage, signIn, signOut } from './support/signIn';

const admin = DEMO_USERS.find((user) => user.role === 'admin' && !user.temporary);
if (!admin) throw new Error('No demo admin');

test('the sign-in gate is /signin: signed out, the app goes there; signed in, it leads home', async ({
  page,
}) => {
  await page.goto('/#/continuous-monitoring/clients');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/#\/signin$/);
  await page.goto('/#/login');
  await expect(page).toHaveURL(/#\/signin$/);

  await signIn(page, admin.username, admin.password, admin.name);
  await page.goto('/#/signin');
  await expect(page.getByText(`Welcome, ${admin.name}.`)).toBeVisible();
  await expect(page).toHaveURL(/#\/$/);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toHaveCount(0);

  await signOut(page);
  await expect(page).toHaveURL(/#\/signin$/);
});

test('every breadcrumb of a client page and a case page opens a real page', async ({ browser }) => {
  const page = await signedInPage(browser, admin.username);
  await page.goto('/#/continuous-monitoring/clients');
  await page.locator('tbody tr').first().click();
  await expect(page).toHaveURL(/clients\/\d+/);
  const clientPage = page.url();
  await page.goto('/#/continuous-monitoring/cases/monitoring');
  await page.locator('tbody td.column-caseNumber a').first().click();
  await expect(page).toHaveURL(/cases\/monitoring\/\d+\/details/);
  const casePage = page.url();

  for (const start of [clientPage, casePage]) {
    await page.goto(start);
    const crumbs = page.getByRole('navigation', { name: 'breadcrumb' });
    await expect(crumbs.getByText('Continuous monitoring')).toBeVisible();
    const targets = await crumbs
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(targets).not.toContain('#/continuous-monitoring');
    expect(targets).not.toContain('#/continuous-monitoring/cases');
    for (const target of targets) {
      await page.goto(`/${target}`);
      await expect(page.getByRole('navigation', { name: 'breadcrumb' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('heading', { name: 'Page Not Found' }), `${target}`).toHaveCount(0);
    }
  }
});
