import { expect, test } from '@playwright/test';
import { DEMO_USERS } from '../../server/identity/demoUsers';
import { DEMO_PASSWORD } from './support/constants';
import { signIn, submitSignIn } from './support/signIn';

const permanentUsers = DEMO_USERS.filter((user) => !user.temporary);

for (const user of permanentUsers) {
  test(`${user.username} (${user.role}) signs in and sees the menu of the role and their name`, async ({
    page,
  }) => {
    // The first screen's reads set off with the tokens are taken by the app: none is asked for twice.
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.method() === 'GET' && url.pathname.startsWith('/api/'))
        reads.push(url.pathname + url.search);
    });
    await signIn(page, user.username, user.password, user.name);
    await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
    expect(reads).toEqual(expect.arrayContaining(['/api/chrome', `/api/users/${user.username}`]));
    expect(reads.filter((read, index) => reads.indexOf(read) !== index)).toEqual([]);
    const menu = page.getByRole('navigation').or(page.locator('.RaSidebar-fixed')).first();
    await expect(menu.getByText('Clients')).toBeVisible();
    await expect(page.getByText(`Welcome, ${user.name}`).or(page.getByText(user.name)).first()).toBeVisible();
  });
}

test('a wrong password shows the identity service message above the button', async ({ page }) => {
  await submitSignIn(page, 'tech1', `${DEMO_PASSWORD}x`);
  const alert = page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' });
  await expect(alert).toBeVisible();
  const button = page.getByRole('button', { name: 'Sign in', exact: true });
  const [alertBox, buttonBox] = await Promise.all([alert.boundingBox(), button.boundingBox()]);
  expect(alertBox && buttonBox && alertBox.y < buttonBox.y).toBe(true);
});
