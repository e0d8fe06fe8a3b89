import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLogin, useNotify, useTheme } from 'react-admin';
import { useRuntimeConfig } from '../config/RuntimeConfigContext';
import { SignInGate } from './SignInGate';

/**
 * Once Amplify has a signed-in user (just now, or already before), hand over to react-admin's login. The
 * gate is a route of the app (`/signin`), whose routes already hold "signed out": that answer is asked
 * again first, so the app does not send the new session back to the gate.
 */
const EnterApp = () => {
  const login = useLogin();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    queryClient
      .resetQueries({ queryKey: ['auth', 'checkAuth', {}], exact: true })
      .then(() => login({}))
      .catch((error: Error) => notify(error.message, { type: 'error' }));
  }, [login, notify, queryClient]);
  return null;
};

/** react-admin's login page; lazy-loaded with Amplify UI and its CSS (DESIGN §7 load budget). */
const LoginPage = () => {
  const config = useRuntimeConfig();
  const [mode] = useTheme();
  return (
    <SignInGate config={config} colorMode={mode === 'dark' ? 'dark' : 'light'} signedIn={<EnterApp />} />
  );
};

export default LoginPage;
