import type { Query, QueryClient } from '@tanstack/react-query';
import { API_PATHS } from '../../../contract/paths';
import { resourceOf } from '../../dataProvider/resourcePaths';
import { TECHNOLOGISTS_KEY } from './useTechnologists';

const CASE_LISTS = `${resourceOf(API_PATHS.cases)}/`;

/** Every list of cases (the stages, the assignments, a client's cases tab) and the technologists' load. */
const isCaseQuery = ({ queryKey: [key] }: Pick<Query, 'queryKey'>) =>
  typeof key === 'string' &&
  (key.startsWith(CASE_LISTS) || key.endsWith('/cases') || key === TECHNOLOGISTS_KEY[0]);

/** Reads again what a new or reassigned case changes. */
export const refreshCaseLists = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: isCaseQuery });
