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
 * Clicks `target` while `undone()` says its click has not had its effect yet, until `done` passes; a user
 * whose click did nothing clicks again, and so does this, saying in the run's output that `what` took more
 * than one click. With both cores busy (load 13 and more) a click's press was seen to arrive without its
 * click: a record list's "Add …" twice in about a hundred clicks over two runs, a select's option once, a
 * client's "Contacts" tab once right after the client was saved (none reproduced on its own, in up to 24
 * tries under the same load).
 */
export async function clickUntil(
  target: Locator,
  what: string,
  { undone, done }: { undone: () => Promise<boolean>; done: () => Promise<void> },
) {
  let clicks = 0;
  await expect(async () => {
    if (await undone()) {
      clicks += 1;
      await target.click({ timeout: 10_000 });
    }
    await done();
  }).toPass();
  if (clicks > 1) console.warn(`${what} on click ${clicks}`);
}

/** Clicks `button`, which opens a dialog, and answers the dialog once it is open. */
export async function openDialog(page: Page, button: Locator) {
  const dialog = page.getByRole('dialog');
  await clickUntil(button, `"${await button.textContent()}" opened its dialog`, {
    undone: async () => (await dialog.count()) === 0,
    done: () => expect(dialog).toBeVisible({ timeout: 10_000 }),
  });
  return dialog;
}

/** Opens the tab named `name` (exactly) and waits until it is the selected one. */
export async function openTab(page: Page, name: string) {
  const tab = page.getByRole('tab', { name, exact: true });
  await clickUntil(tab, `The "${name}" tab opened`, {
    undone: async () => (await tab.getAttribute('aria-selected')) !== 'true',
    done: () => expect(tab).toHaveAttribute('aria-selected', 'true', { timeout: 10_000 }),
  });
}
