import { Suspense } from 'react';
import { Loading } from 'react-admin';
import { lazyWithReload } from '../../lazyWithReload';

/** The reporting pages (DESIGN §9): each its own chunk, and the charts (recharts) only load with them. */

const ReportingHomePage = lazyWithReload(() =>
  import('./ReportingHomePage').then((module) => ({ default: module.ReportingHomePage })),
);
const BillableHoursPage = lazyWithReload(() =>
  import('./BillableHoursPage').then((module) => ({ default: module.BillableHoursPage })),
);
const BillableHoursSummaryPage = lazyWithReload(() =>
  import('./BillableHoursSummaryPage').then((module) => ({ default: module.BillableHoursSummaryPage })),
);
const ClientBillableHoursPage = lazyWithReload(() =>
  import('./ClientBillableHoursPage').then((module) => ({ default: module.ClientBillableHoursPage })),
);
const MonitoringHoursPage = lazyWithReload(() =>
  import('./MonitoringHoursPage').then((module) => ({ default: module.MonitoringHoursPage })),
);
const ClientMonitoringHoursPage = lazyWithReload(() =>
  import('./ClientMonitoringHoursPage').then((module) => ({ default: module.ClientMonitoringHoursPage })),
);

const lazyPage = (Page: React.ComponentType) => () => (
  <Suspense fallback={<Loading />}>
    <Page />
  </Suspense>
);

/** `/reporting`, `/reporting/continuous-monitoring`. */
export const ReportingHome = lazyPage(ReportingHomePage);
/** `…/billable-hours`: hours and amounts per month and per client, charts and table. */
export const BillableHoursReport = lazyPage(BillableHoursPage);
/** `…/billable-hours/summary`: per client per month with totals. */
export const BillableHoursSummary = lazyPage(BillableHoursSummaryPage);
/** `…/billable-hours/{clientId}` (base). */
export const ClientBillableHours = lazyPage(ClientBillableHoursPage);
/** `…/monitoring-hours`: per technologist and client. */
export const MonitoringHoursReport = lazyPage(MonitoringHoursPage);
/** `…/monitoring-hours/{clientId}` (base): per case. */
export const ClientMonitoringHours = lazyPage(ClientMonitoringHoursPage);
