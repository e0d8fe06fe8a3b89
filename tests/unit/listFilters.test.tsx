import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import * as listStories from '../../src/resources/cases/list/CaseList.stories';
import * as clientListStories from '../../src/resources/clients/ClientList.stories';

// The case page's chunk arrives after the list's filter delay (0.5 s), as on a slow link or a busy machine:
// meanwhile React keeps the list mounted (hidden) behind the loading screen.
vi.mock('../../src/resources/cases/page/CasePage', async (importOriginal) => {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return importOriginal();
});

const { Monitoring } = composeStories(listStories, preview);
const { Admin: ClientsAsAdmin } = composeStories(clientListStories, preview);

it('opens the case for good when Enter is pressed on its link right after typing a filter (no bounce back)', async () => {
  const user = userEvent.setup();
  render(<Monitoring />);
  const search = await screen.findByPlaceholderText('Case number, patient or MRN');
  const link = await screen.findByRole('link', { name: 'NSG-2026-0009' });
  await user.type(search, 'NSG');
  await user.tab();
  link.focus();
  await user.keyboard('{Enter}');
  // The case page shows once its chunk is there, and stays: the late filter did not rewrite the URL.
  await waitFor(() =>
    expect(screen.getByLabelText('breadcrumb')).toHaveTextContent(/monitoring\s*\/\s*7\s*\/\s*details/),
  );
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  expect(screen.getByLabelText('breadcrumb')).toHaveTextContent(/monitoring\s*\/\s*7\s*\/\s*details/);
  expect(screen.queryByPlaceholderText('Case number, patient or MRN')).toBeNull();
});

it('still applies the filter while the list stays open', async () => {
  const user = userEvent.setup();
  render(<Monitoring />);
  await screen.findByRole('link', { name: 'NSG-2026-0009' });
  await user.type(screen.getByPlaceholderText('Case number, patient or MRN'), 'BMH');
  await waitFor(() => expect(screen.queryByRole('link', { name: 'NSG-2026-0009' })).toBeNull());
  expect(screen.getByRole('link', { name: 'BMH-2026-0031' })).toBeInTheDocument();
});

it('shows each filter once, also on a list with react-admin’s default actions', async () => {
  render(<ClientsAsAdmin />);
  expect(await screen.findAllByPlaceholderText('Search name or code')).toHaveLength(1);
  await screen.findByRole('button', { name: /export/i });
  expect(screen.getAllByPlaceholderText('Search name or code')).toHaveLength(1);
});
