import { useMemo } from 'react';
import { memoryStore, TestMemoryRouter } from 'react-admin';
import { AppAdmin } from '../../src/AppAdmin';
import { buildUser, type FakeApi, fakeDataProvider } from './fakeApi';
import { fakeAuthProvider } from './fakeAuthProvider';

const DEFAULT_USER = buildUser();

export interface AppHarnessProps extends Partial<FakeApi> {
  /** The route to open, e.g. '/continuous-monitoring/clients'. */
  path?: string;
}

/** The whole app, signed in, over the in-memory API (stories double as test fixtures). */
export const AppHarness = ({
  path = '/',
  chrome = [],
  user = DEFAULT_USER,
  clientsData,
  casesData,
  failures,
  onRequest,
}: AppHarnessProps) => {
  const providers = useMemo(
    () => ({
      dataProvider: fakeDataProvider({ chrome, user, clientsData, casesData, failures, onRequest }),
      authProvider: fakeAuthProvider(user),
      store: memoryStore(),
    }),
    [chrome, user, clientsData, casesData, failures, onRequest],
  );
  return (
    <TestMemoryRouter initialEntries={[path]}>
      <AppAdmin {...providers} />
    </TestMemoryRouter>
  );
};
