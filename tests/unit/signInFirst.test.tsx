import { buildRuntimeConfig, configureFakeAmplify } from '@test-support/fakeConfig';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { signIn, signOut } from 'aws-amplify/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SignInFirst, storedColorMode } from '../../src/authProvider/SignInFirst';
import { fakeCognito, fakeTokens } from './support/fakeCognito';

const cognito = fakeCognito({
  InitiateAuth: () => ({ AuthenticationResult: fakeTokens('ada') }),
  GetUser: () => ({ Username: 'ada', UserAttributes: [{ Name: 'sub', Value: 'sub-1' }] }),
  RevokeToken: () => ({}),
});

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', cognito.fetch);
});
afterEach(() => vi.unstubAllGlobals());

describe('SignInFirst', () => {
  it('shows the form, asks for the app once the user types, gives way to the app on sign-in and comes back on sign-out', async () => {
    const config = buildRuntimeConfig();
    configureFakeAmplify(config);
    const onShown = vi.fn();
    render(<SignInFirst config={config} app={<p>The app</p>} onShown={onShown} />);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('The app')).not.toBeInTheDocument();
    expect(onShown).not.toHaveBeenCalled();
    fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'a' } });
    fireEvent.input(screen.getByLabelText('Username'), { target: { value: 'ad' } });
    expect(onShown).toHaveBeenCalledOnce();

    // The app is what the Authenticator hands over to; how the user signed in does not matter here.
    await signIn({ username: 'ada', password: 'Secret 1!', options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(await screen.findByText('The app')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();

    await signOut();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('The app')).not.toBeInTheDocument();
  });
});

describe('SignInFirst on sign-in (issue 20: sign-in → home)', () => {
  it('hands over to the app once the tokens are in, and sets off the first screen’s reads with them', async () => {
    const apiReads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith('/api/')) {
          apiReads.push(`${new Headers(init?.headers).get('Authorization')?.slice(0, 10)} ${url}`);
          return new Response(JSON.stringify({ success: true, data: null }));
        }
        // The form's last look at the user's attributes never answers: the app must not wait for it.
        if (new Headers(init?.headers).get('x-amz-target')?.endsWith('.GetUser'))
          return new Promise(() => {});
        return cognito.fetch(input, init);
      }),
    );
    const config = buildRuntimeConfig();
    configureFakeAmplify(config);
    render(<SignInFirst config={config} app={<p>The app</p>} />);
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await signIn({ username: 'ada', password: 'Secret 1!', options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    expect(await screen.findByText('The app')).toBeInTheDocument();
    await waitFor(() =>
      expect(apiReads).toEqual([
        'Bearer eyJ /api/chrome',
        'Bearer eyJ /api/chrome/breadcrumbs?queryPath=%2F',
        'Bearer eyJ /api/users/ada',
        'Bearer eyJ /api/getHome',
        'Bearer eyJ /api/getHome2',
        'Bearer eyJ /api/users/continuous-monitoring/technologists',
        'Bearer eyJ /api/interfaces/messages?direction=out&status=failed&page=1&perPage=1&sort=createdAt&order=DESC',
        'Bearer eyJ /api/attention',
      ]),
    );
    await signOut();
  });
});

describe('storedColorMode', () => {
  const storage = (value: string | null) => ({ getItem: () => value });
  it("follows react-admin's stored theme, light unless it says dark", () => {
    expect(storedColorMode(storage('"dark"'))).toBe('dark');
    expect(storedColorMode(storage('"light"'))).toBe('light');
    expect(storedColorMode(storage(null))).toBe('light');
    expect(storedColorMode(storage('not json'))).toBe('light');
  });
});
