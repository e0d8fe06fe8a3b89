import { Suspense } from 'react';
import { Loading } from 'react-admin';
import { lazyWithReload } from '../../../lazyWithReload';

const CasePrintPage = lazyWithReload(() =>
  import('./CasePrintPage').then((module) => ({ default: module.CasePrintPage })),
);

/** The printable case report, its own chunk: a base-layout page, route `casePrintPath(':caseId')`. */
export const CasePrint = () => (
  <Suspense fallback={<Loading />}>
    <CasePrintPage />
  </Suspense>
);
