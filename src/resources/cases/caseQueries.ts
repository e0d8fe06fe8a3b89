import type { Query, QueryClient } from '@tanstack/react-query';
import { API_PATHS } from '../../../contract/paths';
import { resourceOf } from '../../dataProvider/resourcePaths';
import { TECHNOLOGISTS_KEY } from './useTechnologists';

const CASE_LISTS = `${resourceOf(API_PATHS.cases)}/`;

/** Every list of cases (the stages, the assignments, a client's cases tab) and the technologists' load. */
const isCaseQuery = ({ queryKey: [key] }: Pick<Query, 'queryKey'>) =>
  typeof key === 'string' &&
  (key.startsWith(CASE_LISTS) || key.endsWith('/cases') || key === TECHNOLOGISTS_KEY[0]);

/** Reads again what a new, reassigned or deleted case changes (`except`: a key left alone, e.g. a deleted case's). */
export const refreshCaseLists = (queryClient: QueryClient, except?: unknown) =>
  queryClient.invalidateQueries({ predicate: (query) => isCaseQuery(query) && query.queryKey[0] !== except });
