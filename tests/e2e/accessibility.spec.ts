import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type Request, test } from '@playwright/test';
import { casePagePath, casePrintPath, PAGE_PATHS } from '../../contract/paths';
import { apiAs } from './support/api';
import { DEMO_PASSWORD } from './support/constants';
import { stillStyles } from './support/openPage';
import { signedInPage } from './support/signIn';
import { asWorkUser, openAcnsDialog, WORK_SIZES, WORK_USERS } from './support/workScreens';

/**
 * Every page of spec §2 and the sign-in gate under axe-core, in the light and the dark theme: no serious
 * or critical violation, and the structure a screen reader walks by (one main landmark, one level-one
 * heading, no empty heading).
 */

/** Moderate and minor rules held to as strictly as the serious ones: the page's outline and landmarks. */
const STRUCTURE_RULES = ['page-has-heading-one', 'landmark-one-main', 'region', 'empty-heading'];

type Finding = { page: string; rule: string; impact: string; nodes: string[] };

/** Every rule, or only `rules` (the second theme needs only the colours checked again). */
async function axeFindings(
  page: Page,
  label: string,
  { rules, chrome = true }: { rules?: string[]; chrome?: boolean } = {},
): Promise<Finding[]> {
  const builder = new AxeBuilder({ page });
  // The app bar and the menu are the same on every page: checked on the first, left out after.
  if (!chrome) builder.exclude('header').exclude('.RaSidebar-fixed');
  // label-content-name-mismatch is experimental in axe, so off unless asked for: a control's name must
  // contain what it shows (speech users say what they see).
  // Only the violations are read: axe then details one node of each rule that passes, not every node.
  if (rules) builder.options({ resultTypes: ['violations'] }).withRules(rules);
  else
    builder.options({
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true } },
    });
  const results = await builder.analyze();
  return results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' ||
        violation.impact === 'critical' ||
        STRUCTURE_RULES.includes(violation.id),
    )
    .map((violation) => ({
      page: label,
      rule: violation.id,
      impact: violation.impact ?? '',
      nodes: violation.nodes.map(
        (node) => `${node.target.join(' ')} — ${node.failureSummary?.split('\n')[1] ?? ''}`,
      ),
    }));
}

const report = (findings: Finding[]) =>
  findings
    .map(({ page, rule, impact, nodes }) => `${page}: ${rule} (${impact})\n    ${nodes.join('\n    ')}`)
    .join('\n');

/** The requests each page has in flight, but its stream of changes (`text/event-stream`), which stays open. */
const inFlight = new WeakMap<Page, Set<Request>>();

/** Counts the requests `page` makes from now on until they are answered: its reads and its pages' chunks. */
function followRequests(page: Page) {
  const open = new Set<Request>();
  page.on('request', (request) => {
    if (request.headers().accept !== 'text/event-stream') open.add(request);
  });
  const answered = (request: Request) => open.delete(request);
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  inFlight.set(page, open);
}

/** The page has drawn its content: its heading is shown, every request it made is answered, nothing loads. */
async function settle(page: Page) {
  await expect(page.locator('main').first()).toBeVisible();
  // A page without its heading is reported below, not here.
  await page
    .locator('h1:visible')
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  // React runs the effects that start a page's reads in a task it queues once the page is painted: after the
  // next frame, a task queued behind React's runs once they have all been asked.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(undefined);
        }),
      ),
  );
  const requests = inFlight.get(page);
  if (!requests) throw new Error('followRequests(page) must be called before the page is settled');
  await expect.poll(() => requests.size).toBe(0);
  await expect(
    page.locator(
      '.MuiCircularProgress-indeterminate:visible, .MuiLinearProgress-indeterminate:visible, .MuiSkeleton-root:visible',
    ),
  ).toHaveCount(0);
}

async function routesOfSpec(): Promise<string[]> {
  const api = await apiAs('admin', DEMO_PASSWORD);
  const clients = await api<{ id: number }[]>('GET', '/continuous-monitoring/clients');
  const clientId = clients[0].id;
  const caseOf = async (stage: string) =>
    (await api<{ id: number }[]>('GET', `/continuous-monitoring/cases/${stage}`))[0].id;
  const [monitoring, reviewed, closed, preview] = await Promise.all(
    ['monitoring', 'reviewed', 'closed', 'preview'].map(caseOf),
  );
  const month = new Date().toISOString().slice(0, 7);
  const clientTabs = ['details', 'protocol', 'transfer-protocol', 'contacts', 'useful-links', 'cases'];
  const caseTabs = [
    'details',
    'patient',
    'events',
    'impedances',
    'time-logs',
    'case-notes',
    'interpretations',
    'billing-notes',
    'activity',
    'protocol',
  ];
  return [
    '/',
    PAGE_PATHS.bugs,
    PAGE_PATHS.integrationTesting,
    PAGE_PATHS.users,
    PAGE_PATHS.backups,
    PAGE_PATHS.billing,
    PAGE_PATHS.billingHome,
    PAGE_PATHS.billingClient(clientId),
    PAGE_PATHS.statement(clientId, month),
    PAGE_PATHS.reporting,
    PAGE_PATHS.reportingHome,
    PAGE_PATHS.billableHoursReport,
    PAGE_PATHS.billableHoursSummary,
    PAGE_PATHS.clientBillableHours(clientId),
    PAGE_PATHS.monitoringHoursReport,
    PAGE_PATHS.clientMonitoringHours(clientId),
    '/unauthorized',
    '/continuous-monitoring/clients',
    '/continuous-monitoring/clients/create',
    ...clientTabs.map((tab) => `/continuous-monitoring/clients/${clientId}/${tab}`),
    `/continuous-monitoring/clients/${clientId}/contacts/create`,
    `/continuous-monitoring/clients/${clientId}/useful-links/create`,
    '/continuous-monitoring/cases/intake',
    '/continuous-monitoring/cases/monitoring',
    ...caseTabs.map((tab) => casePagePath('monitoring', monitoring, tab)),
    '/continuous-monitoring/cases/reviewed',
    casePagePath('reviewed', reviewed),
    '/continuous-monitoring/cases/closed',
    casePagePath('closed', closed),
    '/continuous-monitoring/cases/preview',
    casePagePath('preview', preview),
    '/continuous-monitoring/cases/assignments',
    casePrintPath(monitoring),
  ];
}

test('the sign-in gate passes axe in the light and the dark theme', async ({ page }) => {
  const findings: Finding[] = [];
  for (const theme of ['light', 'dark']) {
    await page.goto('/');
    await page.evaluate((mode) => localStorage.setItem('RaStore.theme', JSON.stringify(mode)), theme);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    findings.push(...(await axeFindings(page, `sign-in (${theme})`)));
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
    findings.push(...(await axeFindings(page, `forgot password (${theme})`)));
  }
  expect(findings, report(findings)).toEqual([]);
});

type Theme = 'light' | 'dark';

/**
 * Switches the colour theme in place, by the app bar's switch, without leaving the page; a page without the app
 * bar (the printout) by the stored choice and a reload. Returns once the page is drawn in it.
 */
async function switchTheme(page: Page, to: Theme) {
  const toggle = page.getByRole('button', { name: 'Toggle light/dark mode' });
  if (await toggle.isVisible()) {
    await toggle.click();
    // The switch's tooltip, shown while the pointer is over it, is not part of the page checked.
    await page.mouse.move(1, (page.viewportSize()?.height ?? 720) - 1);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  } else {
    await page.evaluate((mode) => localStorage.setItem('RaStore.theme', JSON.stringify(mode)), to);
    await page.reload();
    await stillStyles(page);
  }
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('RaStore.theme') ?? 'null')))
    .toBe(to);
  await settle(page);
}

/**
 * Every page in both themes, in two interleaved halves the workers share. Each page is opened once and checked
 * in the theme it opens in, then again after the app bar's switch: only colours change with the theme, so the
 * dark pass checks contrast alone. The app bar and menu are checked on the home only.
 */
for (const half of [0, 1]) {
  test(`every page of the app passes axe for a signed-in admin in the light and the dark theme (half ${half + 1} of 2)`, async ({
    browser,
  }) => {
    const allRoutes = await routesOfSpec();
    const routes = allRoutes.filter((_, index) => index % 2 === half);
    const page = await signedInPage(browser, 'admin');
    followRequests(page);
    const findings: Finding[] = [];
    let theme: Theme = 'light';
    await page.evaluate((mode) => localStorage.setItem('RaStore.theme', JSON.stringify(mode)), theme);
    await page.reload();
    // Colours are measured at rest, not halfway through a button's fade from disabled to enabled.
    await stillStyles(page);
    for (const route of routes) {
      await page.goto(`/#${route}`);
      await settle(page);
      for (const pass of [0, 1]) {
        if (pass === 1) {
          theme = theme === 'light' ? 'dark' : 'light';
          await switchTheme(page, theme);
        }
        const label = `${route} (${theme})`;
        const options = {
          chrome: route === allRoutes[0],
          rules: theme === 'dark' ? ['color-contrast'] : undefined,
        };
        findings.push(...(await axeFindings(page, label, options)));
        const headings = await page.locator('h1:visible').count();
        if (headings !== 1)
          findings.push({ page: label, rule: 'one-h1', impact: '', nodes: [`${headings} h1`] });
      }
    }
    expect(findings, report(findings)).toEqual([]);
  });
}

for (const username of WORK_USERS) {
  test(`${username}: the home, the board, the ACNS form and the printouts pass axe at 1366×768 and 390×844`, async ({
    browser,
  }) => {
    const findings: Finding[] = [];
    await asWorkUser(browser, username, async (page, routes, caseId) => {
      followRequests(page);
      // Colours are measured at rest, not halfway through a fade; the app moves between pages without a reload.
      await stillStyles(page);
      for (const size of WORK_SIZES) {
        await page.setViewportSize(size);
        for (const route of routes) {
          const label = `${route} as ${username} at ${size.width} px`;
          await page.goto(`/#${route}`);
          await settle(page);
          findings.push(...(await axeFindings(page, label, { chrome: route === '/' })));
          const headings = await page.locator('h1:visible').count();
          if (headings !== 1)
            findings.push({ page: label, rule: 'one-h1', impact: '', nodes: [`${headings} h1`] });
        }
        if (username === 'reader1') {
          await openAcnsDialog(page, caseId);
          findings.push(...(await axeFindings(page, `ACNS form at ${size.width} px`, { chrome: false })));
          await page.keyboard.press('Escape');
        }
      }
    });
    expect(findings, report(findings)).toEqual([]);
  });
}
