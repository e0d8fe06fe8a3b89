import type { SelfCheck } from '../../contract/bugs';
import { API_PATHS } from '../../contract/paths';
import type { HttpClient } from './httpClient';

/**
 * The live self-checks (DESIGN §8 "Administration"); the bug reports are read and filed through `getList`
 * and `create` on their resource (the server adds the reporter and the user agent, and shows an admin every
 * report, anyone else their own).
 */
export function bugMethods(httpClient: HttpClient) {
  return {
    /** Runs the self-checks (admins only). */
    getSelfChecks: async () => (await httpClient<SelfCheck[]>(API_PATHS.selfChecks)).data,
  };
}
