import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';

/** The menu's cache key; the breadcrumbs sit under it. */
export const CHROME_KEY = ['chrome'];

/** GET /chrome: the signed-in user's menu. */
export function useChrome() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: CHROME_KEY, queryFn: () => dataProvider.getChrome() });
}

/** GET /chrome/breadcrumbs for a route. */
export function useBreadcrumbs(queryPath: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [...CHROME_KEY, 'breadcrumbs', queryPath],
    queryFn: () => dataProvider.getBreadcrumbs(queryPath),
  });
}
