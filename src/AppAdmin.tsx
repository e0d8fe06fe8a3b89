import { Admin, type AuthProvider, CustomRoutes, Resource, type Store } from 'react-admin';
import { Route } from 'react-router-dom';
import { casePrintPath } from '../contract/paths';
import { LazyLoginPage } from './authProvider';
import { AccessDeniedRedirect, ErrorPage, NotFoundPage, UnauthorizedPage } from './customRoutes';
import { Dashboard } from './dashboard/Dashboard';
import type { AppDataProvider } from './dataProvider';
import { AppLayout, BaseLayout } from './layout';
import cases from './resources/cases';
import { CasePrint } from './resources/cases/print';
import clients from './resources/clients';
import { darkTheme, lightTheme } from './theme';

export interface AppAdminProps {
  dataProvider: AppDataProvider;
  authProvider: AuthProvider;
  /** Stories and tests pass a memory store; the app keeps react-admin's default (localStorage). */
  store?: Store;
}

/**
 * The routes and chrome of the app (DESIGN §7). A resource is added as `<Resource {...clients} />` with
 * its API path in dataProvider/resourcePaths.ts; a default-layout page goes in the first `<CustomRoutes>`, a base-layout page in a `<CustomRoutes noLayout>` wrapped in `<BaseLayout>`;
 * heavy pages are loaded with `lazyWithReload`.
 */
export const AppAdmin = ({ dataProvider, authProvider, store }: AppAdminProps) => (
  <Admin
    title="Vigil"
    disableTelemetry
    requireAuth
    authProvider={authProvider}
    dataProvider={dataProvider}
    store={store}
    layout={AppLayout}
    loginPage={LazyLoginPage}
    dashboard={Dashboard}
    theme={lightTheme}
    darkTheme={darkTheme}
    defaultTheme="light"
    catchAll={NotFoundPage}
    accessDenied={AccessDeniedRedirect}
    error={ErrorPage}
  >
    <Resource {...clients} />
    {cases.map((resource) => (
      <Resource key={resource.name} {...resource} />
    ))}
    <CustomRoutes>
      <Route path="/unauthorized" element={<UnauthorizedPage />} />
    </CustomRoutes>
    <CustomRoutes noLayout>
      <Route
        path={casePrintPath(':caseId')}
        element={
          <BaseLayout>
            <CasePrint />
          </BaseLayout>
        }
      />
    </CustomRoutes>
  </Admin>
);
