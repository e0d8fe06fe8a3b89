import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from '@playwright/test';
import { DEMO_USERS } from '../../../server/identity/demoUsers';

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

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** This worker's one sign-in per demo user: the browser storage (Amplify keeps the tokens there) right after it. */
const demoSessions = new Map<string, Promise<StorageState>>();

function demoSession(browser: Browser, username: string): Promise<StorageState> {
  const known = demoSessions.get(username);
  if (known) return known;
  const session = (async () => {
    const user = DEMO_USERS.find((candidate) => candidate.username === username && !candidate.temporary);
    if (!user) throw new Error(`No demo user ${username}`);
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await signIn(page, user.username, user.password, user.name);
      return await context.storageState();
    } finally {
      // Closed, not signed out: the session's refresh token stays good for the windows that share it.
      await context.close();
    }
  })();
  demoSessions.set(username, session);
  session.catch(() => demoSessions.delete(username));
  return session;
}

/**
 * A new window already signed in as the demo user `username`, on the home with the main layout and their
 * name: for the stories where signing in is only the way in (signing in itself is the sign-in stories'
 * subject). The worker signs each demo user in once and every such window shares that session, so none
 * of them may sign out; the access token may have expired meanwhile and the app refreshes it.
 */
export async function signedInPage(
  browser: Browser,
  username: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const storageState = await demoSession(browser, username);
  const name = DEMO_USERS.find((user) => user.username === username)?.name ?? username;
  const page = await (await browser.newContext({ ...options, storageState })).newPage();
  await page.goto('/');
  await expect(page.getByRole('navigation').or(page.getByRole('menu')).first()).toBeVisible();
  await expect(page.getByText(name).first()).toBeVisible();
  return page;
}
