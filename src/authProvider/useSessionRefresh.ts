import { useQueryClient } from '@tanstack/react-query';
import { Hub } from 'aws-amplify/utils';
import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { CHROME_KEY } from '../layout/useChrome';
import { currentTokens, isNetworkError } from './session';

/** react-admin's cache of the auth provider's answers: identity, permissions and access checks. */
const AUTH_KEY = ['auth'];

/**
 * spec §4/§8: the session is force-refreshed on window focus; on a token refresh the user is reloaded (the
 * name in the app bar, the roles behind every access check, and the menu, which GET /chrome builds from the
 * new token's groups); a failed refresh that is not a network error signs the user out and returns to sign-in.
 */
export function useSessionRefresh() {
  const logout = useLogout();
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      currentTokens(true).catch(() => undefined); // failures arrive below as tokenRefresh_failure
    };
    const stopListening = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'tokenRefresh') {
        queryClient.invalidateQueries({ queryKey: AUTH_KEY });
        queryClient.invalidateQueries({ queryKey: CHROME_KEY });
      }
      if (payload.event === 'tokenRefresh_failure' && !isNetworkError(payload.data?.error)) logout();
    });
    window.addEventListener('focus', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      stopListening();
    };
  }, [logout, queryClient]);
}
