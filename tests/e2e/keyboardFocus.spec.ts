import { expect, type Page, test } from '@playwright/test';
import { addMonths } from '../../contract/billingMonths';
import { monthIn } from '../../contract/calendar';
import { casePagePath, PAGE_PATHS } from '../../contract/paths';
import { apiAs } from './support/api';
import { DEMO_PASSWORD } from './support/constants';
import { openSettled, stillStyles } from './support/openPage';
import { signedInPage } from './support/signIn';
import {
  asWorkUser,
  openAcnsDialog,
  WORK_USERS,
  type WorkUser,
  workCases,
  workPagesOf,
} from './support/workScreens';

/**
 * Keyboard users see where they are: tabbing through the main pages, every element that takes the focus
 * shows it (an outline, a shadow or, for a text field, its underline or border) that it does not show
 * unfocused.
 */

const MAX_STOPS = 80;

async function open(page: Page, route: string) {
  await openSettled(page, route);
  // Styles are read at once: no transition may still be under way.
  await stillStyles(page, { animations: true });
}

/**
 * Records how each focusable element looks before any has the focus, then tabs through the page and answers
 * the elements that looked the same focused as unfocused.
 */
/** Two frames: MUI marks (and unmarks) keyboard focus on its next render. */
const painted = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

async function stopsWithoutFocusRing(page: Page, fewestStops = 3) {
  // The last page's tabbing may have left an element focused: its ring must be gone before the baseline.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await painted(page);
  await page.evaluate(() => {
    const look = (element: Element) => {
      const parts = [element];
      const field = element.closest('.MuiInputBase-root');
      if (field) parts.push(field, ...field.querySelectorAll('fieldset'));
      return parts
        .map((part) => {
          const style = getComputedStyle(part);
          const underline = getComputedStyle(part, '::after');
          return [
            style.outlineStyle,
            style.outlineWidth,
            style.boxShadow,
            style.borderColor,
            style.borderWidth,
            underline.transform,
          ].join(' ');
        })
        .join(' | ');
    };
    const probe = window as unknown as { lookOf: typeof look; unfocused: Map<Element, string> };
    probe.lookOf = look;
    probe.unfocused = new Map(
      [
        ...document.querySelectorAll(
          'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"]), [role="combobox"]',
        ),
      ].map((element) => [element, look(element)]),
    );
  });
  const missing: string[] = [];
  const seen = new Set<string>();
  let last: string | undefined;
  for (let stop = 0; stop < MAX_STOPS; stop += 1) {
    await page.keyboard.press('Tab');
    await painted(page);
    const found = await page.evaluate(() => {
      const element = document.activeElement;
      if (!element || element === document.body) return null;
      const probe = window as unknown as {
        lookOf: (element: Element) => string;
        unfocused: Map<Element, string>;
      };
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40);
      const id = `${element.tagName.toLowerCase()} "${name}" ${element.getBoundingClientRect().top}`;
      const before = probe.unfocused.get(element);
      // An element that came after the page settled: it must at least draw an outline or a shadow.
      const style = getComputedStyle(element);
      const shows =
        before === undefined
          ? (style.outlineStyle !== 'none' && style.outlineWidth !== '0px') || style.boxShadow !== 'none'
          : probe.lookOf(element) !== before;
      const detail = `focus-visible: ${element.matches(':focus-visible')}, outline: ${style.outlineStyle} ${style.outlineWidth}`;
      return { id, shows, detail };
    });
    // A date and time field takes several Tabs, one per part (month, day, year, hour, …).
    if (!found || found.id === last) continue;
    if (seen.has(found.id)) break;
    last = found.id;
    seen.add(found.id);
    if (!found.shows) missing.push(`${found.id} (${found.detail})`);
  }
  expect(seen.size, 'the page has elements to tab through').toBeGreaterThanOrEqual(fewestStops);
  return missing;
}

test('every element the keyboard reaches on the main pages shows that it has the focus', async ({
  browser,
}) => {
  const api = await apiAs('admin', DEMO_PASSWORD);
  const [monitoringCase] = await api<{ id: number }[]>('GET', '/continuous-monitoring/cases/monitoring');
  const [client] = await api<{ id: number }[]>('GET', '/continuous-monitoring/clients');
  const page = await signedInPage(browser, 'admin', { viewport: { width: 1366, height: 900 } });
  for (const route of [
    '/',
    '/continuous-monitoring/cases/monitoring',
    casePagePath('monitoring', monitoringCase.id, 'time-logs'),
    PAGE_PATHS.users,
    PAGE_PATHS.billableHoursSummary,
    PAGE_PATHS.statement(client.id, addMonths(monthIn('UTC'), -1)),
  ]) {
    await open(page, route);
    expect(await stopsWithoutFocusRing(page), `${route}: focused with nothing to show it`).toEqual([]);
  }
});

/** Each role's pages beyond those tabbed through above (the admin's home is). */
async function focusPagesOf(): Promise<Record<WorkUser, string[]>> {
  const { caseId } = await workCases();
  const work = await workPagesOf();
  return {
    ...work,
    admin: work.admin.filter((route) => route !== '/'),
    billing1: [...work.billing1, PAGE_PATHS.billingHome],
    tech1: [
      ...work.tech1,
      casePagePath('monitoring', caseId, 'events'),
      '/continuous-monitoring/cases/assignments',
    ],
  };
}

for (const username of WORK_USERS) {
  test(`${username}: the home, pages, printouts and ACNS form show the focus as well`, async ({
    browser,
  }) => {
    await asWorkUser(
      browser,
      username,
      async (page, routes, caseId) => {
        for (const route of routes) {
          await open(page, route);
          // A printout offers little to press: back and print.
          const fewestStops = route.includes('/print-details/') ? 2 : 3;
          expect(
            await stopsWithoutFocusRing(page, fewestStops),
            `${route} as ${username}: focused with nothing to show it`,
          ).toEqual([]);
        }
        if (username === 'reader1') {
          await openAcnsDialog(page, caseId);
          expect(await stopsWithoutFocusRing(page), 'the ACNS form: focused with nothing to show it').toEqual(
            [],
          );
        }
      },
      await focusPagesOf(),
    );
  });
}
