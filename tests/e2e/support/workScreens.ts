import { type Browser, expect, type Locator, type Page } from '@playwright/test';
import { addMonths } from '../../../contract/billingMonths';
import { monthIn } from '../../../contract/calendar';
import { casePagePath, casePrintPath, PAGE_PATHS } from '../../../contract/paths';
import { apiAs } from './api';
import { DEMO_PASSWORD } from './constants';
import { signedInPage } from './signIn';

/** The screens people work in all shift are checked on a laptop and on a phone. */
export const WORK_SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

/** The demo's case in monitoring whose reports and interpretations the screens show. */
export async function workCases() {
  const api = await apiAs('admin', DEMO_PASSWORD);
  const [monitoringCase] = await api<{ id: number }[]>('GET', '/continuous-monitoring/cases/monitoring');
  const [client] = await api<{ id: number }[]>('GET', '/continuous-monitoring/clients');
  return { caseId: monitoringCase.id, clientId: client.id };
}

/** The demo users whose work screens are checked: one test each, so no test walks all four in a row. */
export const WORK_USERS = ['tech1', 'reader1', 'admin', 'billing1'] as const;
export type WorkUser = (typeof WORK_USERS)[number];

/** Each role's home and the pages it works from, the printouts (case report, last month's statement) among them. */
export async function workPagesOf(): Promise<Record<WorkUser, string[]>> {
  const { caseId, clientId } = await workCases();
  const caseReport = casePrintPath(caseId);
  const statement = PAGE_PATHS.statement(clientId, addMonths(monthIn('UTC'), -1));
  return {
    tech1: ['/'],
    reader1: ['/', caseReport],
    admin: ['/', PAGE_PATHS.backups, '/continuous-monitoring/clients', caseReport],
    billing1: ['/', PAGE_PATHS.billingClient(clientId), statement],
  };
}

/** A reader's new interpretation of the case, with one pattern added to its ACNS findings. */
export async function openAcnsDialog(page: Page, caseId: number): Promise<Locator> {
  await page.goto(`/#${casePagePath('monitoring', caseId, 'interpretations')}`);
  await page.getByRole('button', { name: 'Add interpretation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add interpretation' });
  await dialog.getByRole('button', { name: 'Add pattern' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Main term 1' })).toBeVisible();
  return dialog;
}

/** A window for `username` signed in with the worker's shared session, at the laptop size, handed its pages and the demo's case. */
export async function asWorkUser(
  browser: Browser,
  username: WorkUser,
  visit: (page: Page, routes: string[], caseId: number) => Promise<void>,
  pagesOf?: Record<WorkUser, string[]>,
) {
  const { caseId } = await workCases();
  const routes = (pagesOf ?? (await workPagesOf()))[username];
  const page = await signedInPage(browser, username, { viewport: WORK_SIZES[0] });
  await visit(page, routes, caseId);
  await page.context().close();
}
