import { Suspense } from 'react';
import { Loading } from 'react-admin';
import { lazyWithReload } from '../../lazyWithReload';

/** The billing pages (DESIGN §9), each its own chunk: only billing staff and admins open them. */

const BillingHomePage = lazyWithReload(() =>
  import('./BillingHomePage').then((module) => ({ default: module.BillingHomePage })),
);
const BillingClientPage = lazyWithReload(() =>
  import('./BillingClientPage').then((module) => ({ default: module.BillingClientPage })),
);
const StatementPage = lazyWithReload(() =>
  import('./StatementPage').then((module) => ({ default: module.StatementPage })),
);

/** `/billing`, `/billing/continuous-monitoring` (default layout): the clients this month. */
export const BillingHome = () => (
  <Suspense fallback={<Loading />}>
    <BillingHomePage />
  </Suspense>
);

/** `/billing/continuous-monitoring/{clientId}` (base): the client's cycles. */
export const BillingClient = () => (
  <Suspense fallback={<Loading />}>
    <BillingClientPage />
  </Suspense>
);

/** `/billing/continuous-monitoring/{clientId}/{month}` (base): the printable statement. */
export const Statement = () => (
  <Suspense fallback={<Loading />}>
    <StatementPage />
  </Suspense>
);
