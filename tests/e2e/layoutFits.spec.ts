import { expect, type Page, test } from '@playwright/test';
import { API_PATHS, casePagePath, PAGE_PATHS } from '../../contract/paths';
import { apiAs } from './support/api';
import { DEMO_PASSWORD } from './support/constants';
import { openSettled } from './support/openPage';
import { signedInPage } from './support/signIn';
import { asWorkUser, openAcnsDialog, WORK_SIZES, WORK_USERS } from './support/workScreens';

/** Pages fit the window: no sideways page scroll on a phone, nothing cut at desktop widths. */

const open = openSettled;

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('at 390 px wide no page scrolls sideways; the case header folds and the list filters collapse', async ({
  browser,
}) => {
  const api = await apiAs('admin', DEMO_PASSWORD);
  const [monitoringCase] = await api<{ id: number }[]>('GET', '/continuous-monitoring/cases/monitoring');
  const page = await signedInPage(browser, 'admin', { viewport: { width: 390, height: 844 } });
  const casePage = casePagePath('monitoring', monitoringCase.id, 'details');
  for (const route of [
    '/',
    '/continuous-monitoring/cases/monitoring',
    PAGE_PATHS.users,
    casePage,
    PAGE_PATHS.billableHoursSummary,
    API_PATHS.accessLog,
  ]) {
    await open(page, route);
    expect(await pageScrollsSideways(page), `${route} scrolls sideways`).toBe(false);
  }

  await open(page, '/continuous-monitoring/cases/monitoring');
  await expect(page.getByPlaceholder('Case number, patient or MRN')).toBeVisible();
  await expect(page.getByLabel('Recording from')).toBeHidden();
  await page.getByRole('button', { name: 'Add filter' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Recording from' }).click();
  await expect(page.getByLabel('Recording from')).toBeVisible();

  await open(page, casePage);
  await expect(page.getByLabel('Case header')).toBeHidden();
  await expect(page.getByRole('tablist', { name: 'Case sections' })).toBeInViewport();
  await page.getByRole('button', { name: 'Show case header' }).click();
  await expect(page.getByLabel('Case header')).toBeVisible();
  // Ten tabs do not fit: they scroll, with arrows a finger can use.
  await expect(page.locator('.MuiTabs-scrollButtons:visible')).toHaveCount(2);
});

test('from 1280 to 1920 px the home tables and the monitoring list are not cut and the case tabs show all or their arrows', async ({
  browser,
}) => {
  const api = await apiAs('admin', DEMO_PASSWORD);
  const [monitoringCase] = await api<{ id: number }[]>('GET', '/continuous-monitoring/cases/monitoring');
  const page = await signedInPage(browser, 'admin');
  for (const width of [1280, 1366, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await open(page, '/');
    const board = page.getByRole('table', { name: 'Cases in monitoring' });
    await expect(board).toBeVisible();
    const cut = await board.evaluate((table) => {
      const container = table.parentElement as HTMLElement;
      return container.scrollWidth > container.clientWidth;
    });
    expect(cut, `the monitoring checks run past their card at ${width} px`).toBe(false);
    expect(await pageScrollsSideways(page), `home scrolls sideways at ${width} px`).toBe(false);

    await open(page, '/continuous-monitoring/cases/monitoring');
    expect(await pageScrollsSideways(page), `the monitoring list scrolls sideways at ${width} px`).toBe(
      false,
    );
    const list = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Client' }) });
    await expect(list.getByRole('row').nth(1)).toBeVisible();
    // Neither the table nor any box around it inside the list scrolls sideways or cuts a column off.
    const scrollers = await list.evaluate((table: HTMLElement) => {
      const cut: string[] = [];
      for (
        let box: HTMLElement | null = table;
        box && !box.matches('.RaList-main');
        box = box.parentElement
      ) {
        if (box.scrollWidth > box.clientWidth + 1)
          cut.push(`${box.className} ${box.scrollWidth}/${box.clientWidth}`);
      }
      return cut;
    });
    expect(scrollers, `the monitoring list's table runs past its card at ${width} px`).toEqual([]);

    await open(page, casePagePath('monitoring', monitoringCase.id, 'details'));
    const tabs = page.getByRole('tablist', { name: 'Case sections' });
    const allShown = await tabs.evaluate((list) => {
      const box = list.getBoundingClientRect();
      return [...list.querySelectorAll('[role="tab"]')].every((tab) => {
        const { left, right } = tab.getBoundingClientRect();
        return left >= box.left - 1 && right <= box.right + 1;
      });
    });
    const arrows = await page.locator('.MuiTabs-scrollButtons:visible').count();
    expect(allShown || arrows === 2, `at ${width} px some case tabs are hidden with no arrows`).toBe(true);
  }
});

for (const username of WORK_USERS) {
  test(`${username}: the home, the board, the ACNS form and the printouts fit 1366×768 and 390×844`, async ({
    browser,
  }) => {
    await asWorkUser(browser, username, async (page, routes, caseId) => {
      for (const size of WORK_SIZES) {
        await page.setViewportSize(size);
        const at = `${size.width}×${size.height}`;
        for (const route of routes) {
          await open(page, route);
          expect(await pageScrollsSideways(page), `${route} as ${username} scrolls sideways at ${at}`).toBe(
            false,
          );
        }
        if (username === 'tech1' && size.width === 1366) {
          await open(page, '/');
          const board = page.getByRole('table', { name: 'Cases in monitoring' });
          // The first case, not only the heading: the board is what a technologist's home opens on.
          await expect(board.getByRole('row').nth(1)).toBeInViewport({ ratio: 1 });
        }
        if (username === 'reader1') {
          const dialog = await openAcnsDialog(page, caseId);
          const cut = await dialog.evaluate((paper) => {
            const edge = paper.getBoundingClientRect().right;
            return [...paper.querySelectorAll('label, input, [role="combobox"], .MuiFormControlLabel-root')]
              .filter((element) => element.getBoundingClientRect().right > edge + 1)
              .map((element) => element.textContent?.trim() || element.getAttribute('name'));
          });
          expect(cut, `the ACNS form runs past its dialog at ${at}`).toEqual([]);
          expect(await pageScrollsSideways(page), `the ACNS dialog scrolls sideways at ${at}`).toBe(false);
          await page.keyboard.press('Escape');
        }
      }
    });
  });
}
