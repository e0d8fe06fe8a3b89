import { composeStories } from '@storybook/react-vite';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryStore, ResourceContextProvider } from 'react-admin';
import { afterEach, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { casePagePath } from '../../contract/paths';
import { AppAdmin } from '../../src/AppAdmin';
import { caseListResource } from '../../src/dataProvider/resourcePaths';
import { CaseList } from '../../src/resources/cases/list/CaseList';
import * as listStories from '../../src/resources/cases/list/CaseList.stories';
import * as clientListStories from '../../src/resources/clients/ClientList.stories';
import { fakeDataProvider } from '../support/fakeApi';
import { fakeAuthProvider } from '../support/fakeAuthProvider';
import { enterText } from './support/enterText';
import { renderInRouter, renderPart } from './support/renderPart';

/**
 * The case page's chunk arrives when the test says so, after the list's filter delay (0.5 s), as on a slow link
 * or a busy machine: meanwhile React keeps the list mounted (hidden) behind the loading screen.
 */
const casePageChunk = vi.hoisted(() => {
  const chunk = { arrive: () => {}, arrived: Promise.resolve() };
  chunk.arrived = new Promise<void>((resolve) => {
    chunk.arrive = resolve;
  });
  return chunk;
});
vi.mock('../../src/resources/cases/page/CasePage', async (importOriginal) => {
  await casePageChunk.arrived;
  return importOriginal();
});

afterEach(() => {
  vi.useRealTimers();
});

const { Admin: ClientsAsAdmin } = composeStories(clientListStories, preview);

it('opens the case for good when Enter is pressed on its link right after typing a filter (no bounce back)', async () => {
  // The clock runs, and the test moves it on past the filter's delay at once.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  // The Monitoring story's app, with the router's location seen by the test.
  const { path, ...api } = listStories.default.args;
  const router = renderInRouter(
    <AppAdmin
      dataProvider={fakeDataProvider(api)}
      authProvider={fakeAuthProvider(api.user)}
      store={memoryStore()}
    />,
    path,
  );
  const search = await screen.findByPlaceholderText('Case number, patient or MRN');
  const link = await screen.findByRole('link', { name: 'NSG-2026-0009' });
  await user.type(search, 'NSG');
  await user.tab();
  link.focus();
  await user.keyboard('{Enter}');
  // The filter's delay ends while the case page's chunk is still on its way: the late filter leaves the URL as
  // it is, where it would rewrite it back to the list's.
  act(() => vi.advanceTimersByTime(5_000));
  expect(router.pathname()).toBe(casePagePath('monitoring', 7, 'details'));
  // The case page shows once its chunk is there, and stays: the late filter did not rewrite the URL.
  casePageChunk.arrive();
  await waitFor(() =>
    expect(screen.getByLabelText('breadcrumb')).toHaveTextContent(/monitoring\s*\/\s*7\s*\/\s*details/),
  );
  act(() => vi.advanceTimersByTime(5_000));
  expect(screen.getByLabelText('breadcrumb')).toHaveTextContent(/monitoring\s*\/\s*7\s*\/\s*details/);
  expect(screen.queryByPlaceholderText('Case number, patient or MRN')).toBeNull();
});

it('still applies the filter while the list stays open', async () => {
  const user = userEvent.setup();
  // The monitoring list alone, in its resource as the app has it, over the Monitoring story's API.
  const { user: signedIn, path, ...api } = listStories.default.args;
  renderPart(
    <ResourceContextProvider value={caseListResource('monitoring')}>
      <CaseList stage="monitoring" />
    </ResourceContextProvider>,
    { ...api, user: signedIn, path },
  );
  await screen.findByRole('link', { name: 'NSG-2026-0009' });
  await enterText(user, screen.getByPlaceholderText('Case number, patient or MRN'), 'BMH');
  await waitFor(() => expect(screen.queryByRole('link', { name: 'NSG-2026-0009' })).toBeNull());
  expect(screen.getByRole('link', { name: 'BMH-2026-0031' })).toBeInTheDocument();
});

it('shows each filter once, also on a list with react-admin’s default actions', async () => {
  render(<ClientsAsAdmin />);
  expect(await screen.findAllByPlaceholderText('Search name or code')).toHaveLength(1);
  await screen.findByRole('button', { name: /export/i });
  expect(screen.getAllByPlaceholderText('Search name or code')).toHaveLength(1);
});
