import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type HttpError, useDataProvider } from 'react-admin';
import type { BugReport, BugReportInput, SelfCheck } from '../../../contract/bugs';
import { API_PATHS } from '../../../contract/paths';
import type { AppDataProvider } from '../../dataProvider';
import type { BugReportsQuery } from '../../dataProvider/bugMethods';
import { resourceOf } from '../../dataProvider/resourcePaths';

/** Keys named after the API paths, so filing a report refreshes exactly the list. */
const reportsKey = [resourceOf(API_PATHS.bugReports)];
const selfChecksKey = [resourceOf(API_PATHS.selfChecks)];

/** A page of the caller's reports (an admin's: everyone's), newest first. */
export function useBugReports(page: number, perPage: number) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const query: BugReportsQuery = { page, perPage, sort: 'createdAt', order: 'DESC' };
  return useQuery<{ data: BugReport[]; total: number }, HttpError>({
    queryKey: [...reportsKey, query],
    queryFn: () => dataProvider.getBugReports(query),
    placeholderData: keepPreviousData,
  });
}

/** Files a report, then reads the list again. */
export function useCreateBugReport() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation<BugReport, HttpError, BugReportInput>({
    mutationFn: (input) => dataProvider.createBugReport(input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportsKey }),
  });
}

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
