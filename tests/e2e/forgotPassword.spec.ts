import { expect, test } from '@playwright/test';
import { FIXED_CODE } from './support/constants';
import { createUser } from './support/identity';
import { submitSignIn } from './support/signIn';

test('a technologist who forgot the password resets it with the code the local identity printed', async ({
  page,
}) => {
  const user = await createUser('technologist');
  await page.goto('/');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('Username').fill(`  ${user.username}  `);
  await page.getByRole('button', { name: 'Send code' }).click();

  await page.getByLabel('Code').fill(FIXED_CODE);
  await page.getByLabel('New Password').fill('Reset!pass2026');
  await page.getByLabel('Confirm Password').fill('Reset!pass2026');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByText('Your password was changed. Sign in with your new password.')).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue(user.username);
  await submitSignIn(page, user.username, user.password);
  await expect(page.getByText('Incorrect username or password.')).toBeVisible();
  await submitSignIn(page, user.username, 'Reset!pass2026');
  await expect(page.getByText(user.name).first()).toBeVisible();
});
