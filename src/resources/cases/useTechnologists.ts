import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { TECHNOLOGISTS_RESOURCE } from '../../dataProvider/writeLinks';

/** The technologists and their load, named after their API path: what changes a case's load reads it again. */
const TECHNOLOGISTS_KEY = [TECHNOLOGISTS_RESOURCE, 'getTechnologists'];

/** GET /users/continuous-monitoring/technologists: every technologist with their active load. */
export function useTechnologists() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({ queryKey: TECHNOLOGISTS_KEY, queryFn: () => dataProvider.getTechnologists() });
}

/** A technologist's name by username; an unknown username (e.g. a removed user) reads as itself. */
export function useTechnologistName() {
  const { data } = useTechnologists();
  return useMemo(() => {
    const names = new Map(data?.map(({ username, name }) => [username, name]));
    return (username: string) => names.get(username) ?? username;
  }, [data]);
}
