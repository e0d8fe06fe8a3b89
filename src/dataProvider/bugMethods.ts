import type { BugReport, BugReportInput, SelfCheck } from '../../contract/bugs';
import type { SortOrder } from '../../contract/list';
import { API_PATHS } from '../../contract/paths';
import type { HttpClient } from './httpClient';

export interface BugReportsQuery {
  page: number;
  perPage: number;
  sort?: 'createdAt' | 'severity' | 'title';
  order?: SortOrder;
}

/**
 * Bug reports and the live self-checks (DESIGN §8 "Administration"). The server adds the reporter and the
 * user agent, and shows an admin every report, anyone else their own.
 */
export function bugMethods(httpClient: HttpClient) {
  return {
    /** A page of reports and how many there are in all. */
    getBugReports: async (query: BugReportsQuery) => {
      const { data, total } = await httpClient<BugReport[]>(API_PATHS.bugReports, { query: { ...query } });
      return { data, total: total ?? data.length };
    },
    /** Files a report; a 400 carries the field messages. */
    createBugReport: async (input: BugReportInput) =>
      (await httpClient<BugReport>(API_PATHS.bugReports, { method: 'POST', body: input })).data,
    /** Runs the self-checks (admins only). */
    getSelfChecks: async () => (await httpClient<SelfCheck[]>(API_PATHS.selfChecks)).data,
  };
}
