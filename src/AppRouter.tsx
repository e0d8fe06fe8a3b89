import { createContext, type ReactNode, useContext, useState } from 'react';
import { createHashRouter, RouterProvider } from 'react-router-dom';

const ChildrenContext = createContext<ReactNode>(null);
const RouterChildren = () => <>{useContext(ChildrenContext)}</>;
const ROUTES = [{ path: '*', element: <RouterChildren /> }];

/**
 * The hash router react-admin would create, but with `useTransitions={false}`. react-admin 5.15 turns
 * transitions off with react-router 6's `v7_startTransition: false`, which react-router 7 ignores; its
 * logout redirect then loops for seconds (marmelab/react-admin#10885; seen here: ~2,000 redirects and
 * 20 s before the sign-in page showed). A data router also keeps react-admin's unsaved-changes warnings.
 */
export const AppRouter = ({ children }: { children: ReactNode }) => {
  const [router] = useState(() => createHashRouter(ROUTES));
  return (
    <ChildrenContext.Provider value={children}>
      <RouterProvider router={router} useTransitions={false} />
    </ChildrenContext.Provider>
  );
};
