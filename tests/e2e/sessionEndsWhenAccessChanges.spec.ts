import { expect, test } from '@playwright/test';
import { PAGE_PATHS } from '../../contract/paths';
import { DEMO_PASSWORD } from './support/constants';
import { createUser } from './support/identity';
import { signIn } from './support/signIn';

test('an admin removes a technologist’s groups while the app is open on their screen; their next action asks them to sign in again; the admin finds the change and the refusal in the Access log', async ({
  page,
  browser,
}) => {
  const technologist = await createUser('technologist');

  // The technologist works with the app open.
  const theirs = await (await browser.newContext()).newPage();
  await signIn(theirs, technologist.username, technologist.password, technologist.name);
  await theirs.getByRole('menuitem', { name: 'Clients' }).click();
  await expect(theirs.getByRole('heading', { name: 'Clients' }).first()).toBeVisible();

  // The admin takes every group away from them.
  await signIn(page, 'admin', DEMO_PASSWORD, 'Dana Whitfield');
  await page.goto(`/#${PAGE_PATHS.user(technologist.username)}`);
  await page.getByRole('button', { name: `Edit groups of ${technologist.username}` }).click();
  const groups = page.getByRole('dialog', { name: `Groups of ${technologist.name}` });
  await groups.getByLabel(/^Technologist/).uncheck();
  await groups.getByRole('button', { name: 'Save groups' }).click();
  await expect(groups).toBeHidden();

  // Their next action is refused: the app signs them out and asks them to sign in.
  await theirs.getByRole('button', { name: 'Refresh' }).click();
  await expect(theirs.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible({ timeout: 20_000 });

  // The Access log has both: the admin's change of groups and the refused call.
  await page.getByRole('menuitem', { name: 'Access log' }).click();
  const log = page.getByRole('table');
  await expect(
    log
      .getByRole('row')
      .filter({ hasText: `changed the access groups of ${technologist.username}` })
      .first(),
  ).toBeVisible();
  await page.getByLabel('User').fill(technologist.username);
  await expect(log.getByRole('row').filter({ hasText: 'Your session has ended' }).first()).toBeVisible();
});
