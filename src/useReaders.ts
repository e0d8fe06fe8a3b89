import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useDataProvider } from 'react-admin';
import { personLabel } from '../contract/people';
import type { AppDataProvider } from './dataProvider';

/** The query key of the readers (who may be a case's reader). */
const READERS_KEY = ['readers'];

/** GET /users/continuous-monitoring/readers: the enabled readers with their names and credentials. */
export function useReaders() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: READERS_KEY, queryFn: () => dataProvider.getReaders() });
}

/** A reader's "Name, credentials" by username, once the readers are read; the username meanwhile or when unknown. */
export function useReaderName() {
  const { data } = useReaders();
  return useCallback(
    (username: string) => {
      const found = data?.find((reader) => reader.username === username);
      return found ? personLabel(found) : username;
    },
    [data],
  );
}
