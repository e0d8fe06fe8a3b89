import type { ReactNode } from 'react';
import { AppBar, Layout, LoadingIndicator, ToggleThemeButton } from 'react-admin';
import { useSessionRefresh } from '../authProvider/useSessionRefresh';
import { ReportBugButton } from '../customRoutes/bugs/ReportBugButton';
import { ErrorPage } from '../customRoutes/ErrorPage';
import { AttentionBell, LiveIndicator } from '../live';
import { AppMenu } from './AppMenu';
import { AppUserMenu } from './AppUserMenu';
import { Breadcrumbs } from './Breadcrumbs';
import { RecentErrorsButton } from './RecentErrorsButton';
import { useReloadOnNewDeployment } from './useReloadOnNewDeployment';

/** react-admin's app bar with the recent API errors and "Report a bug" before its own buttons (the app has one locale: no locale menu). */
const AppToolbar = () => (
  <>
    <LiveIndicator />
    <AttentionBell />
    <RecentErrorsButton />
    <ReportBugButton />
    <ToggleThemeButton />
    <LoadingIndicator />
  </>
);
const AppAppBar = () => <AppBar toolbar={<AppToolbar />} userMenu={<AppUserMenu />} />;

/** The default layout (spec §2): react-admin's Layout with the menu and breadcrumbs from GET /chrome. */
export const AppLayout = ({ children }: { children: ReactNode }) => {
  useSessionRefresh();
  useReloadOnNewDeployment();
  return (
    <Layout
      appBar={AppAppBar}
      menu={AppMenu}
      error={ErrorPage}
      // react-admin sizes the page to its widest content; wide tables scroll inside their card instead.
      sx={{ minWidth: 0, '& .RaLayout-content': { minWidth: 0 } }}
    >
      <Breadcrumbs />
      {children}
    </Layout>
  );
};
