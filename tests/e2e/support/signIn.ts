import { expect, type Page } from '@playwright/test';

/** Fills the Authenticator's sign-in form the way a person does. */
export async function submitSignIn(page: Page, username: string, password: string) {
  await page.goto('/');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in and waits for the main layout with the user's name in the app bar. */
export async function signIn(page: Page, username: string, password: string, name?: string) {
  await submitSignIn(page, username, password);
  await expect(page.getByRole('navigation').or(page.getByRole('menu')).first()).toBeVisible();
  if (name) await expect(page.getByText(name).first()).toBeVisible();
}

/** Opens the user menu (the app-bar button named by the user's name; an icon on a narrow screen) and signs out. */
export async function signOut(page: Page) {
  await page
    .locator('.RaUserMenu-userButton')
    .or(page.getByRole('banner').locator('button[aria-haspopup="true"]'))
    .first()
    .click();
  await page.getByRole('menuitem', { name: /^(logout|sign out)$/i }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
}
