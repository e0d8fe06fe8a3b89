import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../contract/runtimeConfig';
import type { SignInFirstProps } from '../../src/authProvider/SignInFirst';
import { Bootstrap } from '../../src/Bootstrap';
import { hasStoredSession, type StartModules } from '../../src/startLoading';

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
    } satisfies StartModules & { configureAmplify: unknown };
  };

  it('for someone signed in, asks for the configuration, Amplify and the app together, never the form', async () => {
    let answerConfig: (value: RuntimeConfig) => void = () => undefined;
    const loadConfig = vi.fn(() => new Promise<RuntimeConfig>((resolve) => (answerConfig = resolve)));
    const loaded = modules();
    render(<Bootstrap signedIn modules={loaded} loadConfig={loadConfig} />);
    expect(screen.getByText('Loading Vigil…')).toBeInTheDocument();
    // None waits for another.
    expect(loadConfig).toHaveBeenCalledOnce();
    expect(loaded.amplify).toHaveBeenCalledOnce();
    expect(loaded.app).toHaveBeenCalledOnce();
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
    fireEvent.click(screen.getByRole('button', { name: 'form shown' }));
    await waitFor(() => expect(loaded.app).toHaveBeenCalled());
    expect(screen.queryByText(/App at/)).not.toBeInTheDocument();
    // The gate is handed the app to show once signed in.
    fireEvent.click(screen.getByRole('button', { name: 'sign in' }));
    expect(await screen.findByText('App at /api-under-test')).toBeInTheDocument();
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
