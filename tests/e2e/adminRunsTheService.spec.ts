import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, FIXED_CODE } from './support/constants';
import { signIn, submitSignIn } from './support/signIn';

test('an admin invites a technologist who sets their password, disables them, backs up the database; tech1 files a bug; the self-checks are green', async ({
  page,
  browser,
}) => {
  const username = `new.tech-${Date.now().toString(36)}`;
  const name = 'Robin Newcomb';

  // The admin invites a technologist from the Users page.
  await signIn(page, 'admin', DEMO_PASSWORD, 'Dana Whitfield');
  await page.getByRole('menuitem', { name: 'Users' }).click();
  await expect(page.getByRole('link', { name: 'tech1' })).toBeVisible();
  await page.getByRole('button', { name: 'Invite user' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite a user' });
  await invite.getByLabel('Username').fill(username);
  await invite.getByLabel('Name', { exact: true }).fill(name);
  await invite.getByLabel('Email', { exact: true }).fill(`${username}@example.org`);
  await invite.getByLabel(/^Technologist/).check();
  await invite.getByRole('button', { name: 'Invite' }).click();
  await expect(invite).toBeHidden();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: username }) });
  await expect(row).toContainText('Must set a password');
  await expect(row).toContainText('Technologist');

  // The new technologist signs in with the temporary password (the local identity's fixed code in tests)
  // and chooses their own.
  const newcomer = await browser.newContext();
  const theirs = await newcomer.newPage();
  await submitSignIn(theirs, username, FIXED_CODE);
  await expect(theirs.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  await theirs.getByLabel('Password', { exact: true }).fill('Newcomer!2026');
  await theirs.getByLabel('Confirm Password').fill('Newcomer!2026');
  await theirs.getByRole('button', { name: 'Change Password' }).click();
  await expect(theirs.getByText(name).first()).toBeVisible();
  await expect(theirs.getByRole('menuitem', { name: 'Monitoring' })).toBeVisible();

  // The admin sees them signed in, then disables them after confirming.
  await page.reload();
  await expect(row).toContainText('Confirmed');
  const enabled = row.getByLabel(`${username} enabled`);
  await expect(enabled).toBeChecked();
  await enabled.click();
  const confirm = page.getByRole('dialog', { name: `Disable ${name}?` });
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(enabled).not.toBeChecked();

  // Their next action is refused: the API answers 401 and they are back at the sign-in form, where the
  // identity refuses them.
  const refused = theirs.waitForResponse((response) => response.status() === 401);
  await theirs.getByRole('menuitem', { name: 'Monitoring' }).click();
  await refused;
  await expect(theirs.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await submitSignIn(theirs, username, 'Newcomer!2026');
  await expect(theirs.getByText('User is disabled.')).toBeVisible();
  await newcomer.close();

  // The admin backs the database up and downloads the file, whose SHA-256 is the listed one.
  await page.getByRole('menuitem', { name: 'Backups' }).click();
  await page.getByRole('button', { name: 'Create backup' }).click();
  const ready = page.getByRole('row').filter({ hasText: 'Ready' }).first();
  await expect(ready).toBeVisible({ timeout: 60_000 });
  const download = page.waitForEvent('download');
  await ready.getByRole('button', { name: /^Download vigil-.*\.sql$/ }).click();
  const file = await (await download).path();
  const sha256 = createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
  await expect(ready.getByText(sha256.slice(0, 12), { exact: false })).toBeVisible();

  // tech1 reports a bug from a case page and finds it under /bugs.
  const tech = await browser.newContext();
  const techPage = await tech.newPage();
  await signIn(techPage, 'tech1', DEMO_PASSWORD, 'Priya Raman');
  await techPage.getByRole('menuitem', { name: 'Monitoring' }).click();
  await techPage
    .getByRole('link', { name: /^[A-Z]+-\d{4}-\d{4}$/ })
    .first()
    .click();
  await expect(techPage.getByRole('heading', { name: /^Case /, level: 1 })).toBeVisible();
  const casePath = new URL(techPage.url()).hash.slice(1);
  await techPage.getByRole('button', { name: 'Report a bug' }).first().click();
  const report = techPage.getByRole('dialog', { name: 'Report a bug' });
  await expect(report.getByLabel('Page')).toHaveValue(casePath);
  await report.getByLabel('Title').fill('Impedance chart is blank');
  await report.getByLabel('Description').fill('The chart stays empty after saving impedances.');
  await report.getByRole('button', { name: 'Send report' }).click();
  await expect(report).toBeHidden();
  await techPage.getByRole('menuitem', { name: 'Bugs' }).click();
  const filed = techPage.getByRole('row').filter({ hasText: 'Impedance chart is blank' });
  await expect(filed).toBeVisible();
  await tech.close();

  // The admin's self-checks are all green.
  await page.getByRole('menuitem', { name: 'Self-checks' }).click();
  await expect(page.getByText('All 7 checks pass')).toBeVisible();
});
