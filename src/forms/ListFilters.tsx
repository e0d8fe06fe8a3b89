import { type ReactElement, useContext, useMemo } from 'react';
import {
  FilterContext,
  FilterForm,
  ListContextProvider,
  type ListControllerResult,
  useListContext,
} from 'react-admin';
import { UNSAFE_DataRouterContext, useLocation } from 'react-router-dom';

/**
 * A list's filter form (all filters `alwaysOn`), passed as `<List filters={<ListFilters filters={…} />}>`.
 * react-admin applies a filter 0.5 s after the last change, by rewriting the list's URL. Someone who leaves
 * the filters and opens a row within that time has left the list: the late filter would send them back to
 * it. Here a filter applies only while the list's page is still the router's location.
 */
export const ListFilters = ({ filters }: { filters: ReactElement[] }) => {
  const list = useListContext();
  const { pathname } = useLocation();
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const guarded = useMemo<ListControllerResult>(
    () => ({
      ...list,
      setFilters: (...args: Parameters<ListControllerResult['setFilters']>) => {
        if (router && router.state.location.pathname !== pathname) return;
        list.setFilters(...args);
      },
    }),
    [list, pathname, router],
  );
  return (
    <FilterContext.Provider value={filters}>
      <ListContextProvider value={guarded}>
        <FilterForm />
      </ListContextProvider>
    </FilterContext.Provider>
  );
};
