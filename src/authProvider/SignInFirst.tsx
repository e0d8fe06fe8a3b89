import { Authenticator, useAuthenticator } from '@aws-amplify/ui-react';
import { Hub } from 'aws-amplify/utils';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { PAGE_PATHS } from '../../contract/paths';
import type { RuntimeConfig } from '../../contract/runtimeConfig';
import { warmFirstScreen } from './firstScreen';
import { SignInGate } from './SignInGate';

/** The colour mode react-admin keeps (`RaStore.theme`), so the form matches the app it opens onto. */
export function storedColorMode(storage: Pick<Storage, 'getItem'> = window.localStorage): 'light' | 'dark' {
  try {
    return JSON.parse(storage.getItem('RaStore.theme') ?? 'null') === 'dark' ? 'dark' : 'light';
  } catch {
    return 'light';
  }
}

export type SignInFirstProps = {
  config: RuntimeConfig;
  /** The app, shown once Amplify has a signed-in user; it replaces the form. */
  app: ReactNode;
  /** Called once, when the user starts typing in the form or submits it: the place to start loading the app. */
  onShown?: () => void;
};

const GateOrApp = ({ config, app, onShown }: SignInFirstProps) => {
  const { authStatus } = useAuthenticator((context) => [context.authStatus]);
  const mode = storedColorMode();
  // The app's chunks (react-admin, MUI) are asked for once the user starts typing or submits, not when the
  // form shows: the page as first loaded fetches nothing it does not use, and a person typing their
  // credentials leaves the chunks time to arrive.
  const shown = useRef(false);
  const wantsApp = useCallback(() => {
    if (shown.current || !onShown) return;
    shown.current = true;
    onShown();
  }, [onShown]);
  // The form lives at the gate's route (spec §2): the page asked for is kept and opened after sign-in.
  const requested = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (authStatus !== 'unauthenticated') return;
    const toGate = () => {
      const path = window.location.hash.replace(/^#/, '') || '/';
      if (path === PAGE_PATHS.signIn) return;
      if (path !== '/login') requested.current = path;
      window.history.replaceState(window.history.state, '', `#${PAGE_PATHS.signIn}`);
    };
    toGate();
    window.addEventListener('hashchange', toGate);
    return () => window.removeEventListener('hashchange', toGate);
  }, [authStatus]);
  // The tokens are in: the app takes over, and the first screen's reads set off while it renders its
  // shell, without waiting for the form's last look at the user's attributes.
  const [signedIn, setSignedIn] = useState(false);
  useEffect(
    () =>
      Hub.listen('auth', ({ payload }) => {
        if (payload.event === 'signedOut') setSignedIn(false);
        if (payload.event !== 'signedIn') return;
        warmFirstScreen(config.apiBaseUrl, requested.current ?? '/').catch(() => undefined);
        setSignedIn(true);
      }),
    [config],
  );
  // The app brings its own theme (MUI's); the form has Amplify UI's, in the app's colours.
  if (authStatus === 'authenticated' || signedIn) {
    // Before the app's router reads the address: back to the page asked for, else home.
    if (window.location.hash.replace(/^#/, '') === PAGE_PATHS.signIn) {
      window.history.replaceState(window.history.state, '', `#${requested.current ?? '/'}`);
      requested.current = undefined;
    }
    return <>{app}</>;
  }
  return (
    <div style={{ display: 'contents' }} onInputCapture={wantsApp} onSubmitCapture={wantsApp}>
      <SignInGate config={config} colorMode={mode} signedIn={null} />
    </div>
  );
};

/**
 * The sign-in form for someone with no stored session, shown before react-admin and MUI are loaded (issue
 * 20, item 8: no waterfall before the form; issue 35, item 5: none of MUI on the sign-in page); the app
 * takes over once they are signed in, and the form returns if they sign out.
 */
export const SignInFirst = (props: SignInFirstProps) => (
  <Authenticator.Provider>
    <GateOrApp {...props} />
  </Authenticator.Provider>
);

export default SignInFirst;
