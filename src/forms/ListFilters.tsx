import { type ReactElement, useContext, useMemo } from 'react';
import {
  ExportButton,
  FilterButton,
  FilterContext,
  FilterForm,
  ListContextProvider,
  type ListControllerResult,
  TopToolbar,
  useListContext,
} from 'react-admin';
import { UNSAFE_DataRouterContext, useLocation } from 'react-router-dom';

interface ListFiltersProps {
  filters: ReactElement[];
  /** Set by react-admin: `form` in the list's toolbar, `button` among its default actions. */
  context?: 'form' | 'button';
}

/**
 * A list's filter form (all filters `alwaysOn`), passed as `<List filters={<ListFilters filters={…} />}>`.
 * react-admin applies a filter 0.5 s after the last change, by rewriting the list's URL. Someone who leaves
 * the filters and opens a row within that time has left the list: the late filter would send them back to
 * it. Here a filter applies only while the list's page is still the router's location.
 */
export const ListFilters = ({ filters, context }: ListFiltersProps) => {
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
  // react-admin renders a `filters` element twice: as the form, and (`context: 'button'`) among the
  // default list actions, where filters that are not always shown are added with an "Add filter" button.
  if (context === 'button')
    return filters.every((filter) => (filter.props as { alwaysOn?: boolean }).alwaysOn) ? null : (
      <FilterButton filters={filters} />
    );
  return (
    <FilterContext.Provider value={filters}>
      <ListContextProvider value={guarded}>
        <FilterForm />
      </ListContextProvider>
    </FilterContext.Provider>
  );
};

/** A filtered list's actions: "Add filter" for the filters not always shown, and the CSV export. */
export const FilterExportActions = ({ filters }: { filters: ReactElement[] }) => (
  <TopToolbar>
    <FilterButton filters={filters} />
    <ExportButton />
  </TopToolbar>
);
