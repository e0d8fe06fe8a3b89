import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/** The query key of the readers (who may be a case's reader). */
export const READERS_KEY = ['readers'];

/** GET /users/continuous-monitoring/readers: the enabled readers with their names and credentials. */
export function useReaders() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: READERS_KEY, queryFn: () => dataProvider.getReaders() });
}
