import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { RuntimeConfig } from '../../contract/runtimeConfig';
import { Bootstrap } from '../../src/Bootstrap';
import { hasStoredSession, startLoading } from '../../src/startLoading';

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

describe('startLoading', () => {
  const loaders = () => ({
    app: vi.fn(() => Promise.resolve({ marker: 'app' } as never)),
    loginPage: vi.fn(() => Promise.resolve({} as never)),
  });

  it('requests the sign-in page beside the app when no session is stored', async () => {
    const load = loaders();
    await expect(startLoading(false, load)).resolves.toEqual({ marker: 'app' });
    expect(load.app).toHaveBeenCalledOnce();
    expect(load.loginPage).toHaveBeenCalledOnce();
  });

  it('requests only the app for someone signed in', async () => {
    const load = loaders();
    await startLoading(true, load);
    expect(load.app).toHaveBeenCalledOnce();
    expect(load.loginPage).not.toHaveBeenCalled();
  });

  it('does not fail the app when the early sign-in page load fails', async () => {
    const load = { ...loaders(), loginPage: vi.fn(() => Promise.reject(new Error('offline'))) };
    await expect(startLoading(false, load)).resolves.toEqual({ marker: 'app' });
  });
});

describe('Bootstrap', () => {
  const config = { apiBaseUrl: '/api-under-test' } as RuntimeConfig;
  const FakeApp = ({ config }: { config: RuntimeConfig }) => <p>App at {config.apiBaseUrl}</p>;

  it('asks for the configuration and the app together, configures Amplify, then starts the app', async () => {
    let answerConfig: (value: RuntimeConfig) => void = () => undefined;
    const loadConfig = vi.fn(() => new Promise<RuntimeConfig>((resolve) => (answerConfig = resolve)));
    const configureAmplify = vi.fn();
    const loadApp = vi.fn(() => Promise.resolve({ App: FakeApp, configureAmplify } as never));
    render(<Bootstrap loadApp={loadApp} loadConfig={loadConfig} />);
    expect(screen.getByText('Loading Vigil…')).toBeInTheDocument();
    // Neither waits for the other.
    expect(loadConfig).toHaveBeenCalledOnce();
    expect(loadApp).toHaveBeenCalledOnce();
    answerConfig(config);
    expect(await screen.findByText('App at /api-under-test')).toBeInTheDocument();
    expect(configureAmplify).toHaveBeenCalledWith(config);
  });

  it('says why it could not start', async () => {
    render(
      <Bootstrap
        loadApp={() => Promise.resolve({ App: FakeApp, configureAmplify: vi.fn() } as never)}
        loadConfig={() => Promise.reject(new Error('The configuration could not be loaded (HTTP 503).'))}
      />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The configuration could not be loaded (HTTP 503).',
    );
    expect(screen.queryByText(/App at/)).not.toBeInTheDocument();
  });
});
