import { useMemo } from 'react';
import type { RuntimeConfig } from '../contract/runtimeConfig';
import { AppAdmin } from './AppAdmin';
import { AppRouter } from './AppRouter';
import { createAuthProvider, idToken } from './authProvider';
import { RuntimeConfigProvider } from './config/RuntimeConfigContext';

import { createDataProvider, createHttpClient } from './dataProvider';
import { fetchChanges } from './live';

/** The app over the real API and Cognito, for the configuration read at start. */
export const App = ({ config }: { config: RuntimeConfig }) => {
  const { dataProvider, authProvider, changes } = useMemo(() => {
    const dataProvider = createDataProvider({ httpClient: createHttpClient(config.apiBaseUrl, idToken) });
    return {
      dataProvider,
      authProvider: createAuthProvider({ getUser: dataProvider.getUser }),
      changes: fetchChanges(config.apiBaseUrl, idToken),
    };
  }, [config]);

  return (
    <RuntimeConfigProvider config={config}>
      <AppRouter>
        <AppAdmin dataProvider={dataProvider} authProvider={authProvider} changes={changes} />
      </AppRouter>
    </RuntimeConfigProvider>
  );
};
