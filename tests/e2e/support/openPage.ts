import { expect, type Locator, type Page } from '@playwright/test';

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

/**
 * Turns off the page's CSS transitions (and, with `animations`, its animations) until the next reload, so
 * styles and colours are read at rest: not halfway through a button's fade from disabled to enabled.
 */
export async function stillStyles(page: Page, { animations = false } = {}) {
  const off = animations
    ? 'transition: none !important; animation: none !important;'
    : 'transition: none !important;';
  await page.addStyleTag({ content: `*, *::before, *::after { ${off} }` });
}

/**
 * Clicks `button`, which opens a dialog, and answers the dialog once it is open. With both cores busy
 * (load 13 and more), a click on a record list's "Add …" was twice seen to leave no dialog open, in about
 * a hundred such clicks over two runs (never reproduced on its own, in ten runs under the same load); a user
 * whose click did nothing clicks again, and so does this, saying so in the run's output.
 */
export async function openDialog(page: Page, button: Locator) {
  const dialog = page.getByRole('dialog');
  let clicks = 0;
  await expect(async () => {
    if ((await dialog.count()) === 0) {
      clicks += 1;
      await button.click({ timeout: 10_000 });
    }
    await expect(dialog).toBeVisible({ timeout: 10_000 });
  }).toPass();
  if (clicks > 1) console.warn(`"${await button.textContent()}" opened its dialog on click ${clicks}`);
  return dialog;
}

/**
 * Opens the tab named `name` (exactly) and waits until it is the selected one. Under stress-ng a click on a
 * client's "Contacts" tab right after the client was saved once left the tab focused but not opened (its
 * press arrived, its click did not), and the story waited for the tab's content to its limit; as with
 * `openDialog`, a user whose click did nothing clicks again, and so does this, saying so in the output.
 */
export async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  let clicks = 0;
  await expect(async () => {
    if ((await tab.getAttribute('aria-selected')) !== 'true') {
      clicks += 1;
      await tab.click({ timeout: 10_000 });
    }
    await expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 10_000 });
  }).toPass();
  if (clicks > 1) console.warn(`The "${name}" tab opened on click ${clicks}`);
}
