import { Loading, useAuthState } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { PAGE_PATHS } from '../../contract/paths';
import { LazyLoginPage } from './LazyLoginPage';

/** Its own auth query key, so the gate's "signed out" answer is not the one the app's routes read. */
const GATE_CHECK = { route: 'signin' };

/**
 * `/signin`, the sign-in gate (spec §2): the Authenticator for a signed-out user; a signed-in user goes
 * home (or to the page they were sent here from) without loading the Authenticator.
 */
export const SignInPage = () => {
  const { authenticated, isPending } = useAuthState(GATE_CHECK, false);
  const state = useLocation().state as { nextPathname?: string; nextSearch?: string } | null;
  if (isPending) return <Loading loadingPrimary="Checking your session" loadingSecondary="" />;
  if (authenticated) {
    const next = state?.nextPathname && state.nextPathname !== PAGE_PATHS.signIn ? state.nextPathname : '/';
    return <Navigate to={`${next}${state?.nextSearch ?? ''}`} replace />;
  }
  return <LazyLoginPage />;
};

/** react-admin's own `/login`: on to `/signin`, keeping where the user was going. */
export const LoginRedirect = () => {
  const { state, search } = useLocation();
  return <Navigate to={{ pathname: PAGE_PATHS.signIn, search }} state={state} replace />;
};
