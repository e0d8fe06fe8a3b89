import { useEffect, useState } from 'react';
import type { RuntimeConfig } from '../contract/runtimeConfig';
import { App } from './App';
import { configureAmplify } from './config/configureAmplify';
import { loadRuntimeConfig } from './config/loadRuntimeConfig';

type State =
  | { status: 'loading' }
  | { status: 'ready'; config: RuntimeConfig }
  | { status: 'failed'; error: Error };

const messageStyle = {
  fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
  margin: '20vh auto',
  maxWidth: 560,
  padding: 16,
};

/** Loads GET /config.json and configures Amplify before the app starts. */
export const Bootstrap = () => {
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    loadRuntimeConfig()
      .then((config) => {
        configureAmplify(config);
        setState({ status: 'ready', config });
      })
      .catch((error: Error) => setState({ status: 'failed', error }));
  }, []);

  if (state.status === 'ready') return <App config={state.config} />;
  if (state.status === 'loading') return <p style={messageStyle}>Loading Vigil…</p>;
  return (
    <div role="alert" style={messageStyle}>
      <h1 style={{ color: '#104080' }}>Vigil could not start</h1>
      <p>{state.error.message}</p>
      <p>Check your connection and reload the page. If this keeps happening, contact the administrator.</p>
    </div>
  );
};
