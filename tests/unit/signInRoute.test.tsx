import { buildRuntimeConfig, configureFakeAmplify } from '@test-support/fakeConfig';
import { render, screen, waitFor } from '@testing-library/react';
import { type AuthProvider, memoryStore, TestMemoryRouter } from 'react-admin';
import type { Location } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppAdmin } from '../../src/AppAdmin';
import { createAuthProvider } from '../../src/authProvider';
import { RuntimeConfigProvider } from '../../src/config/RuntimeConfigContext';
import { AppHarness } from '../support/AppHarness';
import { fakeDataProvider } from '../support/fakeApi';

/** The app for a signed-out visitor (no Amplify session), opened at `path`; returns where it went. */
function renderSignedOut(path: string) {
  const config = buildRuntimeConfig();
  configureFakeAmplify(config);
  localStorage.clear();
  const dataProvider = fakeDataProvider({ chrome: [] });
  const authProvider: AuthProvider = createAuthProvider({ getUser: dataProvider.getUser });
  const seen: Location[] = [];
  render(
    <RuntimeConfigProvider config={config}>
      <TestMemoryRouter initialEntries={[path]} locationCallback={(location) => seen.push(location)}>
        <AppAdmin dataProvider={dataProvider} authProvider={authProvider} store={memoryStore()} />
      </TestMemoryRouter>
    </RuntimeConfigProvider>,
  );
  return () => seen[seen.length - 1];
}

describe('the sign-in gate at /signin (spec §2)', () => {
  // The sign-in page is a lazy chunk (Amplify's Authenticator and its styles): loaded and transformed here
  // once, before the tests, so that each test's time is what it checks and not the first load of that chunk.
  beforeAll(async () => {
    await import('../../src/authProvider/LoginPage');
  });

  it('is where a signed-out visitor is sent, remembering the page they asked for', async () => {
    const location = renderSignedOut('/continuous-monitoring/clients');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location().pathname).toBe('/signin');
    expect(location().state).toMatchObject({ nextPathname: '/continuous-monitoring/clients' });
  });

  it('takes over from /login', async () => {
    const location = renderSignedOut('/login');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(location().pathname).toBe('/signin');
  });

  it('sends a signed-in user home instead of showing "Page not found"', async () => {
    render(<AppHarness path="/signin" />);
    expect(await screen.findByText('Welcome, Ada Lovelace.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
  });
});
