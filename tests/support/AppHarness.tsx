import { useMemo } from 'react';
import { TestMemoryRouter } from 'react-admin';
import { AppAdmin } from '../../src/AppAdmin';
import { buildUser, type FakeApi, fakeDataProvider } from './fakeApi';
import { fakeAuthProvider } from './fakeAuthProvider';
import { useHarnessAdmin } from './harnessAdmin';

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
  pending,
  onRequest,
}: AppHarnessProps) => {
  const harness = useHarnessAdmin();
  const providers = useMemo(
    () => ({
      dataProvider: fakeDataProvider({ chrome, user, clientsData, casesData, failures, pending, onRequest }),
      authProvider: fakeAuthProvider(user),
    }),
    [chrome, user, clientsData, casesData, failures, pending, onRequest],
  );
  return (
    <TestMemoryRouter initialEntries={[path]}>
      <AppAdmin {...providers} {...harness} />
    </TestMemoryRouter>
  );
};
