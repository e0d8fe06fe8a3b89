import { Hub } from 'aws-amplify/utils';
import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { currentTokens, isNetworkError } from './session';

/**
 * spec §4/§8: the session is force-refreshed on window focus; a failed refresh that is not a network error
 * signs the user out and returns to sign-in.
 */
export function useSessionRefresh() {
  const logout = useLogout();
  useEffect(() => {
    const refresh = () => {
      currentTokens(true).catch(() => undefined); // failures arrive below as tokenRefresh_failure
    };
    const stopListening = Hub.listen('auth', ({ payload }) => {
      if (payload.event === 'tokenRefresh_failure' && !isNetworkError(payload.data?.error)) logout();
    });
    window.addEventListener('focus', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      stopListening();
    };
  }, [logout]);
}
