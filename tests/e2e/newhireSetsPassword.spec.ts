import { expect, test } from '@playwright/test';
import { TEMP_PASSWORD } from './support/constants';
import { submitSignIn } from './support/signIn';

test('newhire must set a new password before the app opens', async ({ page }) => {
  await submitSignIn(page, 'newhire', TEMP_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

  const password = page.getByLabel('Password', { exact: true });
  const confirm = page.getByLabel('Confirm Password');
  await password.fill('short');
  await password.blur();
  await expect(page.getByText('Password must have at least 8 characters')).toBeVisible();
  await expect(page.getByText('Password must have upper case letters')).toBeVisible();
  await password.fill('Newhire!2026');
  await confirm.fill('Newhire!2027');
  await confirm.blur();
  await expect(page.getByText('Your passwords must match')).toBeVisible();
  await confirm.fill('Newhire!2026');
  await page.getByRole('button', { name: 'Change Password' }).click();

  await expect(page.getByText('Sam Ortega').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Change Password' })).toHaveCount(0);
});
