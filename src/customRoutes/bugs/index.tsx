import { Suspense } from 'react';
import { Loading } from 'react-admin';
import { lazyWithReload } from '../../lazyWithReload';

/** The bug pages (DESIGN §9), each its own chunk. */

const BugReportsPage = lazyWithReload(() =>
  import('./BugReportsPage').then((module) => ({ default: module.BugReportsPage })),
);
const IntegrationTestingPage = lazyWithReload(() =>
  import('./IntegrationTestingPage').then((module) => ({ default: module.IntegrationTestingPage })),
);

/** `/bugs` (default layout): the reports, newest first, and "Report a bug". */
export const BugReports = () => (
  <Suspense fallback={<Loading />}>
    <BugReportsPage />
  </Suspense>
);

/** `/bugs/integration-testing` (default layout): the live self-checks, re-runnable. */
export const IntegrationTesting = () => (
  <Suspense fallback={<Loading />}>
    <IntegrationTestingPage />
  </Suspense>
);
