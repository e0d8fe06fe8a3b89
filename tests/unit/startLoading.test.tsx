import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../contract/runtimeConfig';
import type { SignInFirstProps } from '../../src/authProvider/SignInFirst';
import { Bootstrap } from '../../src/Bootstrap';
import { pageChunksFor } from '../../src/pageChunks';
import { hasStoredSession, type StartModules, startLoading } from '../../src/startLoading';

const storageWith = (...keys: string[]) => ({
  length: keys.length,
  key: (index: number) => keys[index] ?? null,
});

describe('hasStoredSession', () => {
  it('finds the user Amplify keeps, among other keys', () => {
    expect(
      hasStoredSession(
        storageWith('RaStore.theme', 'CognitoIdentityServiceProvider.abc123.LastAuthUser', 'other'),
      ),
    ).toBe(true);
  });

  it('finds none in empty storage, in other keys, or when storage is blocked', () => {
    expect(hasStoredSession(storageWith())).toBe(false);
    expect(hasStoredSession(storageWith('CognitoIdentityServiceProvider.abc123.admin.idToken'))).toBe(false);
    const blocked = {
      get length(): number {
        throw new Error('SecurityError');
      },
      key: () => null,
    };
    expect(hasStoredSession(blocked)).toBe(false);
  });
});

describe('Bootstrap', () => {
  const config = { apiBaseUrl: '/api-under-test' } as RuntimeConfig;
  const FakeApp = ({ config }: { config: RuntimeConfig }) => <p>App at {config.apiBaseUrl}</p>;
  /** Like the real gate: the form, then the app in its place once signed in. */
  const FakeGate = ({ config, app, onShown }: SignInFirstProps) => {
    const [signedIn, setSignedIn] = useState(false);
    if (signedIn) return <>{app}</>;
    return (
      <div>
        <p>Sign-in form for {config.apiBaseUrl}</p>
        <button type="button" onClick={onShown}>
          form shown
        </button>
        <button type="button" onClick={() => setSignedIn(true)}>
          sign in
        </button>
      </div>
    );
  };
  const modules = () => {
    const configureAmplify = vi.fn();
    return {
      configureAmplify,
      amplify: vi.fn(() => Promise.resolve({ configureAmplify })),
      app: vi.fn(() => Promise.resolve({ App: FakeApp })),
      gate: vi.fn(() => Promise.resolve({ SignInFirst: FakeGate })),
      page: vi.fn(),
    } satisfies StartModules & { configureAmplify: unknown };
  };

  it('for someone signed in, asks for the configuration, Amplify and the app together, never the form', async () => {
    let answerConfig: (value: RuntimeConfig) => void = () => undefined;
    const loadConfig = vi.fn(() => new Promise<RuntimeConfig>((resolve) => (answerConfig = resolve)));
    const loaded = modules();
    render(
      <Bootstrap signedIn modules={loaded} loadConfig={loadConfig} path="/continuous-monitoring/clients" />,
    );
    expect(screen.getByText('Loading Vigil…')).toBeInTheDocument();
    // None waits for another, nor the page's own chunks for the app's.
    expect(loadConfig).toHaveBeenCalledOnce();
    expect(loaded.amplify).toHaveBeenCalledOnce();
    expect(loaded.app).toHaveBeenCalledOnce();
    expect(loaded.page).toHaveBeenCalledWith('/continuous-monitoring/clients');
    answerConfig(config);
    expect(await screen.findByText('App at /api-under-test')).toBeInTheDocument();
    expect(loaded.configureAmplify).toHaveBeenCalledWith(config);
    expect(loaded.gate).not.toHaveBeenCalled();
  });

  it('for anyone else, shows the sign-in form without the app, loads the app once the form shows', async () => {
    const loaded = modules();
    render(<Bootstrap signedIn={false} modules={loaded} loadConfig={() => Promise.resolve(config)} />);
    expect(await screen.findByText('Sign-in form for /api-under-test')).toBeInTheDocument();
    expect(loaded.configureAmplify).toHaveBeenCalledWith(config);
    expect(loaded.gate).toHaveBeenCalledOnce();
    expect(loaded.app).not.toHaveBeenCalled();
    expect(loaded.page).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'form shown' }));
    await waitFor(() => expect(loaded.app).toHaveBeenCalled());
    // Home's chunks too: where sign-in leads.
    expect(loaded.page).toHaveBeenCalledWith('/');
    expect(screen.queryByText(/App at/)).not.toBeInTheDocument();
    // The gate is handed the app to show once signed in.
    fireEvent.click(screen.getByRole('button', { name: 'sign in' }));
    expect(await screen.findByText('App at /api-under-test')).toBeInTheDocument();
  });

  it('shows what the entry asked for before React had loaded, without asking again', async () => {
    const loaded = modules();
    const started = startLoading({
      signedIn: true,
      modules: loaded,
      loadConfig: () => Promise.resolve(config),
    });
    expect(loaded.app).toHaveBeenCalledOnce();
    render(<Bootstrap started={started} />);
    expect(await screen.findByText('App at /api-under-test')).toBeInTheDocument();
    expect(loaded.app).toHaveBeenCalledOnce();
    expect(loaded.amplify).toHaveBeenCalledOnce();
  });

  it('says why it could not start', async () => {
    render(
      <Bootstrap
        signedIn
        modules={modules()}
        loadConfig={() => Promise.reject(new Error('The configuration could not be loaded (HTTP 503).'))}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The configuration could not be loaded (HTTP 503).',
    );
    expect(screen.queryByText(/App at/)).not.toBeInTheDocument();
  });
});

describe('pageChunksFor', () => {
  it('names the chunks of home and of the lists opened most, whatever the query or a trailing slash', () => {
    expect(pageChunksFor('/')).toEqual(['myWork', 'billingWork', 'operationsBoard']);
    expect(pageChunksFor('/continuous-monitoring/clients?filter=%7B%7D')).toEqual(['clientList']);
    expect(pageChunksFor('/continuous-monitoring/clients/')).toEqual(['clientList']);
    expect(pageChunksFor('/continuous-monitoring/cases/intake')).toEqual(['caseList']);
  });

  it('names none for other pages: a client, a case, the assignments board, an unknown address', () => {
    expect(pageChunksFor('/continuous-monitoring/clients/12')).toEqual([]);
    expect(pageChunksFor('/continuous-monitoring/cases/intake/7/details')).toEqual([]);
    expect(pageChunksFor('/continuous-monitoring/cases/assignments')).toEqual([]);
    expect(pageChunksFor('/users')).toEqual([]);
  });
});
