import { expect, test } from '@playwright/test';
import { E2E_TOKEN_SECONDS } from './support/constants';
import { createUser } from './support/identity';
import { signIn, signOut } from './support/signIn';

test('the session is refreshed after the access token expires, and signing out returns to sign-in', async ({
  page,
}) => {
  const user = await createUser('billing');
  await signIn(page, user.username, user.password, user.name);

  const refreshes: string[] = [];
  page.on('request', (request) => {
    const target = request.headers()['x-amz-target'] ?? '';
    if (target.endsWith('GetTokensFromRefreshToken') || target.endsWith('InitiateAuth'))
      refreshes.push(target);
  });
  const tokenOf = async () =>
    page.evaluate(() => Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? '');
  const before = await tokenOf();

  // Waits until the access token has expired by its own `exp` (the local identity's clock is this machine's).
  const expiresAt = await page.evaluate(() => {
    const token = Object.entries(localStorage).find(([key]) => key.endsWith('.accessToken'))?.[1] ?? '';
    return JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp * 1000;
  });
  expect(expiresAt - Date.now()).toBeLessThanOrEqual(E2E_TOKEN_SECONDS * 1000);
  await expect.poll(() => Date.now() > expiresAt + 1000, { intervals: [1000], timeout: 0 }).toBe(true);
  const chrome = page.waitForResponse((response) => response.url().includes('/api/chrome'));
  await page.reload();
  expect((await chrome).status()).toBe(200);
  await expect(page.getByText(user.name).first()).toBeVisible();
  expect(refreshes.some((target) => target.endsWith('GetTokensFromRefreshToken'))).toBe(true);
  expect(await tokenOf()).not.toBe(before);

  await signOut(page);
  expect(await tokenOf()).toBe('');
  await page.goto('/#/continuous-monitoring/clients');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
