import { Suspense } from 'react';
import { Loading } from 'react-admin';
import { lazyWithReload } from '../lazyWithReload';

// Amplify UI's Authenticator and its CSS stay out of the initial load (DESIGN §7: ≤ 350 kB gzip).
const LoginPage = lazyWithReload(() => import('./LoginPage'));

export const LazyLoginPage = () => (
  <Suspense fallback={<Loading loadingPrimary="Loading sign-in" loadingSecondary="" />}>
    <LoginPage />
  </Suspense>
);
