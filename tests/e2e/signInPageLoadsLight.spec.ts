import { expect, type Page, type Response, test } from '@playwright/test';

/**
 * The sign-in page (issue 35, item 5) fetches nothing of react-admin or MUI until the user starts typing (the
 * form is Amplify UI's and plain markup), and nothing on it moves as it loads. Marked by content, not by file
 * name: react-admin's messages (`ra.action.…`) and MUI's component names (`MuiButton`…).
 */
const APP_ONLY = /ra\.action\.|Mui[A-Z][a-z]/;

/**
 * The page's scripts as they arrive, with whether each holds the app's libraries. A body that cannot be read
 * fails the check that reads it; one still arriving when the test ends (after the last check) fails nothing.
 */
function scriptsOf(page: Page) {
  const loaded: { url: string; appOnly: Promise<boolean | Error> }[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    const appOnly = response.text().then(
      (text) => APP_ONLY.test(text),
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    loaded.push({ url: response.url(), appOnly });
  });
  return async () => {
    const marked = await Promise.all(
      loaded.map(async ({ url, appOnly }) => {
        const holdsApp = await appOnly;
        if (holdsApp instanceof Error) throw holdsApp;
        return holdsApp ? url : '';
      }),
    );
    return { all: loaded.map(({ url }) => url), appOnly: marked.filter(Boolean) };
  };
}

/** Resolves once the browser has been idle twice, after what the form set off when it was painted. */
const browserIdle = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestIdleCallback(() => requestIdleCallback(() => resolve(), { timeout: 5000 }), { timeout: 5000 }),
      ),
  );

test('the sign-in page loads nothing of react-admin or MUI until the user types', async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await browserIdle(page);
  const beforeTyping = await scripts();
  expect(beforeTyping.all.length).toBeGreaterThan(0);
  expect(beforeTyping.appOnly).toEqual([]);

  // Typing asks for the app: the same check then finds react-admin, so it is not blind to it.
  const reactAdmin = page.waitForResponse(
    async (response) =>
      response.request().resourceType() === 'script' && APP_ONLY.test(await response.text().catch(() => '')),
  );
  await page.getByLabel('Username').fill('admin');
  await reactAdmin;
  expect((await scripts()).appOnly.length).toBeGreaterThan(0);
});

test('nothing on the sign-in page moves from its first paint to the form (CLS 0)', async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { __layoutShifts: shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources: { node?: Node | null }[];
      })[])
        shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) => source.node?.nodeName ?? '?'),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await browserIdle(page);
  const shifts = await page.evaluate(
    () => (window as unknown as { __layoutShifts: { value: number; sources: string[] }[] }).__layoutShifts,
  );
  expect(shifts).toEqual([]);
});
