import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type HttpError, useDataProvider, useGetList } from 'react-admin';
import type { BugReport, SelfCheck } from '../../../contract/bugs';
import { API_PATHS } from '../../../contract/paths';
import type { AppDataProvider } from '../../dataProvider';
import { BUG_REPORTS_RESOURCE, resourceOf } from '../../dataProvider/resourcePaths';

const selfChecksKey = [resourceOf(API_PATHS.selfChecks)];

/** A page of the caller's reports (an admin's: everyone's), newest first; filing one reads it again. */
export const useBugReports = (page: number, perPage: number) =>
  useGetList<BugReport, HttpError>(
    BUG_REPORTS_RESOURCE,
    { pagination: { page, perPage }, sort: { field: 'createdAt', order: 'DESC' } },
    { placeholderData: keepPreviousData },
  );

/** The live self-checks, run each time the page opens (never served from the cache). */
export function useSelfChecks() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<SelfCheck[], HttpError>({
    queryKey: selfChecksKey,
    queryFn: () => dataProvider.getSelfChecks(),
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
