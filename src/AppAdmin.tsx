import type { QueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  Admin,
  type AuthProvider,
  CanAccess,
  CustomRoutes,
  type RaThemeOptions,
  Resource,
  type Store,
} from 'react-admin';
import { Route } from 'react-router-dom';
import { casePrintPath, PAGE_PATHS } from '../contract/paths';
import type { Action, Resource as Grant } from '../contract/roles';
import { LoginRedirect, SignInPage } from './authProvider';
import { AccessDeniedRedirect, ErrorPage, NotFoundPage, UnauthorizedPage } from './customRoutes';
import { BillingClient, BillingHome, Statement } from './customRoutes/billing';
import { BugReports, IntegrationTesting } from './customRoutes/bugs';
import {
  BillableHoursReport,
  BillableHoursSummary,
  ClientBillableHours,
  ClientMonitoringHours,
  MonitoringHoursReport,
  ReportingHome,
} from './customRoutes/reporting';
import { Dashboard } from './dashboard/Dashboard';
import type { AppDataProvider } from './dataProvider';
import { createQueryClient } from './dataProvider/queryClient';
import { AppLayout, BaseLayout } from './layout';
import { type ConnectChanges, LiveUpdates } from './live';
import accessLog from './resources/accessLog';
import backups from './resources/backups';
import cases from './resources/cases';
import { CasePrint } from './resources/cases/print';
import clients from './resources/clients';
import interfaceMessages from './resources/interfaceMessages';
import users from './resources/users';
import { darkTheme, lightTheme } from './theme';

/**
 * A page outside the resources, shown to a user whose role grants `resource`/`action` (the role table);
 * anyone else is sent to /unauthorized (spec §2), as react-admin does for its resources.
 */
const guarded = (page: ReactNode, resource: Grant, action: Action = 'list') => (
  <CanAccess resource={resource} action={action} accessDenied={<AccessDeniedRedirect />}>
    {page}
  </CanAccess>
);

/** The base-layout pages of billing and reporting (spec §2): no menu or app bar, printable. */
const BASE_PAGES = [
  [PAGE_PATHS.billingClient(':clientId'), BillingClient, 'billing'],
  [PAGE_PATHS.statement(':clientId', ':month'), Statement, 'billing'],
  [PAGE_PATHS.clientBillableHours(':clientId'), ClientBillableHours, 'reporting'],
  [PAGE_PATHS.clientMonitoringHours(':clientId'), ClientMonitoringHours, 'reporting'],
] as const;

export interface AppAdminProps {
  dataProvider: AppDataProvider;
  authProvider: AuthProvider;
  /** Stories and tests pass a memory store; the app keeps react-admin's default (localStorage). */
  store?: Store;
  /** The app's query defaults (`createQueryClient`); one is made for each mounted app when none is given. */
  queryClient?: QueryClient;
  /** The stream of committed changes the pages follow; without it they poll (stories, most tests). */
  changes?: ConnectChanges;
  /** The light and dark themes; Storybook's density toolbar passes compact ones. The app's own by default. */
  themes?: { light: RaThemeOptions; dark: RaThemeOptions };
}

const APP_THEMES = { light: lightTheme, dark: darkTheme };

/**
 * The routes and chrome of the app (DESIGN §7). A resource is added as `<Resource {...clients} />` with
 * its API path in dataProvider/resourcePaths.ts; a default-layout page goes in the first `<CustomRoutes>`, a base-layout page in a `<CustomRoutes noLayout>` wrapped in `<BaseLayout>`;
 * heavy pages are loaded with `lazyWithReload`.
 */
export const AppAdmin = ({
  dataProvider,
  authProvider,
  store,
  queryClient,
  changes,
  themes = APP_THEMES,
}: AppAdminProps) => {
  const [defaultQueryClient] = useState(createQueryClient);
  const client = queryClient ?? defaultQueryClient;
  return (
    <LiveUpdates connect={changes} queryClient={client}>
      <Admin
        queryClient={client}
        title="Vigil"
        disableTelemetry
        requireAuth
        authProvider={authProvider}
        dataProvider={dataProvider}
        store={store}
        layout={AppLayout}
        loginPage={LoginRedirect}
        dashboard={Dashboard}
        theme={themes.light}
        darkTheme={themes.dark}
        defaultTheme="light"
        catchAll={NotFoundPage}
        accessDenied={AccessDeniedRedirect}
        error={ErrorPage}
      >
        <Resource {...clients} />
        {cases.map((resource) => (
          <Resource key={resource.name} {...resource} />
        ))}
        <Resource {...users} />
        <Resource {...backups} />
        <Resource {...accessLog} />
        <Resource {...interfaceMessages} />
        <CustomRoutes>
          <Route path="/unauthorized" element={<UnauthorizedPage />} />
          <Route path={PAGE_PATHS.billing} element={guarded(<BillingHome />, 'billing')} />
          <Route path={PAGE_PATHS.billingHome} element={guarded(<BillingHome />, 'billing')} />
          <Route path={PAGE_PATHS.reporting} element={guarded(<ReportingHome />, 'reporting')} />
          <Route path={PAGE_PATHS.reportingHome} element={guarded(<ReportingHome />, 'reporting')} />
          <Route
            path={PAGE_PATHS.billableHoursReport}
            element={guarded(<BillableHoursReport />, 'reporting')}
          />
          <Route
            path={PAGE_PATHS.monitoringHoursReport}
            element={guarded(<MonitoringHoursReport />, 'reporting')}
          />
          <Route path={PAGE_PATHS.bugs} element={guarded(<BugReports />, 'bugs')} />
          <Route
            path={PAGE_PATHS.integrationTesting}
            element={guarded(<IntegrationTesting />, 'bugs.unit-tests')}
          />
        </CustomRoutes>
        <CustomRoutes noLayout>
          <Route path={PAGE_PATHS.signIn} element={<SignInPage />} />
          {/* Outside the layout's own routes, `…/billable-hours/:clientId` (base) would take `…/summary`: this
            default-layout page is declared here, beside it, where the router ranks the fixed path first. */}
          <Route
            path={PAGE_PATHS.billableHoursSummary}
            element={<AppLayout>{guarded(<BillableHoursSummary />, 'reporting')}</AppLayout>}
          />
          <Route
            path={casePrintPath(':caseId')}
            element={<BaseLayout>{guarded(<CasePrint />, 'cases', 'show')}</BaseLayout>}
          />
          {BASE_PAGES.map(([path, Page, grant]) => (
            <Route
              key={path}
              path={path}
              element={<BaseLayout>{guarded(<Page />, grant, 'show')}</BaseLayout>}
            />
          ))}
        </CustomRoutes>
      </Admin>
    </LiveUpdates>
  );
};
