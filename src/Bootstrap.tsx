import { type ComponentType, useEffect, useState } from 'react';
import type { RuntimeConfig } from '../contract/runtimeConfig';
import { loadRuntimeConfig } from './config/loadRuntimeConfig';
import { startLoading } from './startLoading';

type State =
  | { status: 'loading' }
  | { status: 'ready'; config: RuntimeConfig; App: ComponentType<{ config: RuntimeConfig }> }
  | { status: 'failed'; error: Error };

const messageStyle = {
  fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
  margin: '20vh auto',
  maxWidth: 560,
  padding: 16,
};

export type BootstrapProps = {
  /** The app's module, loading; `startLoading()` unless a test passes its own. */
  loadApp?: () => ReturnType<typeof startLoading>;
  loadConfig?: () => Promise<RuntimeConfig>;
};

/**
 * Loads GET /config.json and the app's chunk side by side, configures Amplify, then starts the app.
 */
export const Bootstrap = ({ loadApp = startLoading, loadConfig = loadRuntimeConfig }: BootstrapProps) => {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    Promise.all([loadConfig(), loadApp()])
      .then(([config, app]) => {
        app.configureAmplify(config);
        setState({ status: 'ready', config, App: app.App });
      })
      .catch((error: Error) => setState({ status: 'failed', error }));
  }, [loadApp, loadConfig]);

  if (state.status === 'ready') return <state.App config={state.config} />;
  if (state.status === 'loading') return <p style={messageStyle}>Loading Vigil…</p>;
  return (
    <div role="alert" style={messageStyle}>
      <h1 style={{ color: '#104080' }}>Vigil could not start</h1>
      <p>{state.error.message}</p>
      <p>Check your connection and reload the page. If this keeps happening, contact the administrator.</p>
    </div>
  );
};
