import { expect, test } from '@playwright/test';
import { API_PATHS } from '../../contract/paths';
import { apiAs } from './support/api';
import { DEMO_PASSWORD } from './support/constants';
import { signedInPage } from './support/signIn';

test('a case taken in by someone else shows on a technologist’s home as it happens, without a reload', async ({
  browser,
}) => {
  const page = await signedInPage(browser, 'tech1');
  await expect(page.getByRole('banner').getByText('Live', { exact: true })).toBeVisible();
  const intake = page.getByRole('region', { name: 'Case lists' }).getByRole('link', { name: /^Intake \d+/ });
  const before = Number((await intake.innerText()).match(/\d+/)?.[0]);
  // Marks this page: a reload would lose the mark.
  await page.evaluate(() => Object.assign(window, { stillThisPage: true }));

  const admin = await apiAs('admin', DEMO_PASSWORD);
  const code = `LV${Date.now().toString(36).slice(-5).toUpperCase()}`;
  const client = await admin<{ id: number }>('POST', API_PATHS.clients, {
    name: `Live General ${code}`,
    code,
    timeZone: 'UTC',
  });
  await admin('POST', API_PATHS.protocolRevisions(client.id), {
    baseRevision: 0,
    body: 'Protocol',
    checkIntervalMinutes: 60,
    reportTurnaroundHours: 24,
  });
  await admin('POST', API_PATHS.cases, {
    clientId: client.id,
    studyType: 'long-term',
    hasVideo: true,
    monitoringLevel: 'continuous',
  });

  await expect(intake).toHaveAccessibleName(`Intake ${before + 1} cases`);
  expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);
});
