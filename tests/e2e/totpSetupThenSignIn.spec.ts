import { expect, test } from '@playwright/test';
import { generateSync } from 'otplib';
import { createUser } from './support/identity';
import { signOut, submitSignIn } from './support/signIn';

test('a user required to use MFA sets up an authenticator app, then signs in with its code', async ({
  page,
}) => {
  const user = await createUser('reader', { 'custom:mfa_required': 'true' });
  await submitSignIn(page, user.username, user.password);

  await expect(page.getByRole('heading', { name: /Setup TOTP/i })).toBeVisible();
  const qr = page.getByRole('img', { name: /qr code/i });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => [img.width, img.height])).toEqual([228, 228]);
  // The secret is shown beside the QR code so it can be typed or copied into an authenticator app.
  const secret = (await page.getByText(/^[A-Z2-7]{16,}$/).textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await page.getByLabel('Code').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(user.name).first()).toBeVisible();

  await signOut(page);
  await submitSignIn(page, user.username, user.password);
  await expect(page.getByRole('heading', { name: /TOTP/i })).toBeVisible();
  // A TOTP code is single-use per 30 s window in practice; the next window's code is fresh.
  await page.getByLabel('Code').fill(generateSync({ secret }));
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(user.name).first()).toBeVisible();
});
