import { expect, type Page } from '@playwright/test';

/** Opens a route of the app and waits until its heading shows and nothing is still loading. */
export async function openSettled(page: Page, route: string) {
  await page.goto(`/#${route}`);
  await expect(page.locator('h1:visible').first()).toBeVisible();
  await expect(
    page.locator(
      '.MuiCircularProgress-indeterminate:visible, .MuiLinearProgress-indeterminate:visible, .MuiSkeleton-root:visible',
    ),
  ).toHaveCount(0);
}
