import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';

/** GET /chrome: the signed-in user's menu. */
export function useChrome() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: ['chrome'], queryFn: () => dataProvider.getChrome(), retry: false });
}

/** GET /chrome/breadcrumbs for a route. */
export function useBreadcrumbs(queryPath: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ['chrome', 'breadcrumbs', queryPath],
    queryFn: () => dataProvider.getBreadcrumbs(queryPath),
  });
}
