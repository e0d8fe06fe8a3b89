import { expect, type Page, test } from '@playwright/test';
import { chooseTyped } from './support/choose';
import { DEMO_PASSWORD } from './support/constants';
import { openTab } from './support/openPage';
import { signIn, signOut } from './support/signIn';

const TABS = ['details', 'protocol', 'transfer-protocol', 'contacts', 'useful-links', 'cases'] as const;

async function writeProtocolRevision(page: Page, text: string, checkIntervalMinutes: string) {
  await page.getByRole('button', { name: /^(Edit protocol|Write the protocol)$/ }).click();
  await page.getByLabel('Protocol text').fill(text);
  await page.getByLabel('Check interval (minutes)').fill(checkIntervalMinutes);
  await page.getByLabel('Report turnaround (hours)').fill('24');
  await page.getByRole('button', { name: 'Save new revision' }).click();
  await expect(page.getByText(text)).toBeVisible();
}

test('an administrator sets up a client hospital; a technologist can read it but not change it', async ({
  page,
}) => {
  const suffix = Date.now().toString(36).slice(-5).toUpperCase();
  const name = `Harbor View Hospital ${suffix}`;

  // The admin creates the client.
  await signIn(page, 'admin', DEMO_PASSWORD, 'Dana Whitfield');
  await page.getByRole('menuitem', { name: 'Clients' }).click();
  await page.getByRole('link', { name: 'Create' }).click();
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Code').fill(`HV${suffix}`);
  await chooseTyped(page, 'Time zone', 'America/Chica', 'America/Chicago');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/#\/continuous-monitoring\/clients\/\d+\/details$/);
  const clientId = /clients\/(\d+)\//.exec(page.url())?.[1];
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // A contact: the form refuses a bad e-mail address, then saves.
  await openTab(page, 'Contacts');
  await page.getByRole('link', { name: 'Add contact' }).click();
  await expect(page).toHaveURL(new RegExp(`clients/${clientId}/contacts/create$`));
  await page.getByLabel('Name').fill('Dr. Lena Okafor');
  await page.getByLabel('Email').fill('lena.okafor@');
  await page.getByLabel('Email').blur();
  await expect(page.getByText(/valid email/i)).toBeVisible();
  await page.getByLabel('Email').fill('lena.okafor@example.org');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`clients/${clientId}/contacts$`));
  await expect(page.getByRole('cell', { name: 'Dr. Lena Okafor' })).toBeVisible();

  // A useful link.
  await openTab(page, 'Useful links');
  await page.getByRole('link', { name: 'Add link' }).click();
  await page.getByLabel('Label').fill('EEG review station');
  await page.getByLabel('URL').fill('https://eeg.example.org/harbor');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(new RegExp(`clients/${clientId}/useful-links$`));
  await expect(page.getByRole('link', { name: 'EEG review station' })).toHaveAttribute(
    'href',
    'https://eeg.example.org/harbor',
  );

  // The protocol: written once, then edited twice; the history keeps all three revisions.
  await openTab(page, 'Protocol');
  await writeProtocolRevision(page, 'Check every 60 minutes.', '60');
  await writeProtocolRevision(page, 'Check every 30 minutes.', '30');
  await writeProtocolRevision(page, 'Check every 15 minutes overnight.', '15');
  const history = page
    .getByRole('region', { name: 'History' })
    .or(page.locator('section[aria-label="History"]'));
  for (const revision of [3, 2, 1]) {
    await expect(history.getByRole('link', { name: `Revision ${revision}`, exact: true })).toBeVisible();
  }
  await history.getByRole('link', { name: 'Revision 1', exact: true }).click();
  await expect(page.getByRole('dialog').getByText('Check every 60 minutes.')).toBeVisible();
  await page.keyboard.press('Escape');

  // Every tab has its own URL and a reload lands on the same tab.
  for (const tab of TABS) {
    await page.goto(`/#/continuous-monitoring/clients/${clientId}/${tab}`);
    await page.reload();
    await expect(page.getByRole('tab', { selected: true })).toHaveAttribute('href', new RegExp(`/${tab}$`));
  }

  // A technologist reads the client but has no controls to change it, and the API refuses a write.
  await signOut(page);
  await signIn(page, 'tech1', DEMO_PASSWORD, 'Priya Raman');
  await page.goto('/#/continuous-monitoring/clients');
  await expect(page.getByRole('cell', { name })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create' })).toHaveCount(0);
  await page.goto(`/#/continuous-monitoring/clients/${clientId}/details`);
  await expect(page.getByText(name).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await openTab(page, 'Protocol');
  await expect(page.getByText('Check every 15 minutes overnight.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit protocol' })).toHaveCount(0);
  await openTab(page, 'Contacts');
  await expect(page.getByRole('cell', { name: 'Dr. Lena Okafor' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add contact' })).toHaveCount(0);

  const idToken = await page.evaluate(
    () => Object.entries(localStorage).find(([key]) => key.endsWith('.idToken'))?.[1] ?? '',
  );
  const write = await page.request.put(`/api/continuous-monitoring/clients/${clientId}`, {
    headers: { authorization: idToken },
    data: { name: 'Renamed by a technologist', code: `HV${suffix}`, timeZone: 'America/Chicago', version: 1 },
  });
  expect(write.status()).toBe(403);
});
