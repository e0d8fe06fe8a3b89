import { type ComponentType, lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { RuntimeConfig } from '../contract/runtimeConfig';
import type { SignInFirstProps } from './authProvider/SignInFirst';
import { loadRuntimeConfig } from './config/loadRuntimeConfig';
import { hasStoredSession, START_MODULES, type StartModules } from './startLoading';

type State =
  | { status: 'loading' }
  | { status: 'app'; config: RuntimeConfig; App: ComponentType<{ config: RuntimeConfig }> }
  | { status: 'gate'; config: RuntimeConfig; Gate: ComponentType<SignInFirstProps> }
  | { status: 'failed'; error: Error };

const messageStyle = {
  fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
  margin: '20vh auto',
  maxWidth: 560,
  padding: 16,
};

const Loading = () => <p style={messageStyle}>Loading Vigil…</p>;

export type BootstrapProps = {
  /** Whether Amplify keeps a session (read once, at start, from localStorage unless a test says). */
  signedIn?: boolean;
  modules?: StartModules;
  loadConfig?: () => Promise<RuntimeConfig>;
};

/**
 * Loads GET /config.json, Amplify and either the app (someone signed in) or the sign-in form (anyone else)
 * side by side; configures Amplify, then shows the app or the form. From the form, the app is loaded as
 * soon as the form shows and takes over once the user is signed in.
 */
export const Bootstrap = ({
  signedIn: signedInProp,
  modules = START_MODULES,
  loadConfig = loadRuntimeConfig,
}: BootstrapProps) => {
  const [signedIn] = useState(() => signedInProp ?? hasStoredSession());
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    const view = signedIn
      ? modules.app().then(({ App }) => ({ status: 'app' as const, App }))
      : modules.gate().then(({ SignInFirst }) => ({ status: 'gate' as const, Gate: SignInFirst }));
    Promise.all([loadConfig(), modules.amplify(), view])
      .then(([config, amplify, shown]) => {
        amplify.configureAmplify(config);
        setState({ ...shown, config });
      })
      .catch((error: Error) => setState({ status: 'failed', error }));
  }, [signedIn, modules, loadConfig]);
  const LazyApp = useMemo(() => lazy(() => modules.app().then(({ App }) => ({ default: App }))), [modules]);
  const loadAppEarly = useCallback(() => void modules.app().catch(() => undefined), [modules]);

  if (state.status === 'app') return <state.App config={state.config} />;
  if (state.status === 'gate')
    return (
      <state.Gate
        config={state.config}
        onShown={loadAppEarly}
        app={
          <Suspense fallback={<Loading />}>
            <LazyApp config={state.config} />
          </Suspense>
        }
      />
    );
  if (state.status === 'loading') return <Loading />;
  return (
    <div role="alert" style={messageStyle}>
      <h1 style={{ color: '#104080' }}>Vigil could not start</h1>
      <p>{state.error.message}</p>
      <p>Check your connection and reload the page. If this keeps happening, contact the administrator.</p>
    </div>
  );
};
