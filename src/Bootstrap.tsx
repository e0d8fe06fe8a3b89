import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { lazyPreloaded } from './lazyWithReload';
import { type FirstView, type Started, type StartOptions, startLoading } from './startLoading';

type State = { status: 'loading' } | FirstView | { status: 'failed'; error: Error };

/** The box of index.html's placeholder, padded rather than margined so that its offset moves nothing. */
const messageStyle = {
  fontFamily: 'Roboto, Helvetica, Arial, sans-serif',
  fontSize: 16,
  lineHeight: 1.5,
  boxSizing: 'border-box',
  margin: '0 auto',
  maxWidth: 560,
  padding: '20vh 16px 16px',
} as const;

const Loading = () => <p style={messageStyle}>Loading Vigil…</p>;

export type BootstrapProps = StartOptions & {
  /** What the entry already asked for (`startLoading`); when absent, asked for on mount. */
  started?: Started;
};

/**
 * Shows the app (someone signed in) or the sign-in form (anyone else) once the configuration and their
 * chunks, asked for side by side by `startLoading`, are in. From the form, the app and home's chunks are
 * loaded as soon as the form shows, and the app takes over once the user is signed in.
 */
export const Bootstrap = ({ started, ...options }: BootstrapProps) => {
  const [{ modules, firstView }] = useState(() => started ?? startLoading(options));
  const [state, setState] = useState<State>({ status: 'loading' });
  useEffect(() => {
    firstView.then(setState, (error: Error) => setState({ status: 'failed', error }));
  }, [firstView]);
  const LazyApp = useMemo(() => lazyPreloaded(modules.app, ({ App }) => App), [modules]);
  const loadAppEarly = useCallback(() => {
    modules.app().catch(() => undefined);
    // Sign-in opens home unless the user was sent to the form from another page.
    modules.page('/');
  }, [modules]);

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
