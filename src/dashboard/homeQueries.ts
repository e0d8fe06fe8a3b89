import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type HttpError, useDataProvider } from 'react-admin';
import type { Home, Home2, OpenTimeLog } from '../../contract/home';
import { API_PATHS } from '../../contract/paths';
import type { TimeLog } from '../../contract/timeLogs';
import type { AppDataProvider } from '../dataProvider';
import { resourceOf } from '../dataProvider/resourcePaths';
import { retryUnlessRefused } from '../dataProvider/retry';
import { caseRecordsKey } from '../resources/cases/records/recordQueries';

const HOME_KEY = [resourceOf(API_PATHS.home)];
const BOARD_KEY = [resourceOf(API_PATHS.home2)];

/** GET /getHome: the caller's stage counts, active cases and running time log. */
export function useHome() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<Home, HttpError>({
    queryKey: HOME_KEY,
    queryFn: () => dataProvider.getHome(),
    retry: retryUnlessRefused,
  });
}

/** GET /getHome2: the operations board; only admins and technologists may call it (others get 403). */
export function useOperationsBoard() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<Home2, HttpError>({
    queryKey: BOARD_KEY,
    queryFn: () => dataProvider.getHome2(),
    retry: retryUnlessRefused,
  });
}

/** Stops the caller's running log now, as a revision of the revision the home page showed. */
export function useStopTimeLog() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation<TimeLog, HttpError, OpenTimeLog>({
    mutationFn: (log) =>
      dataProvider.reviseTimeLog(log.caseId, log.itemId, {
        end: new Date().toISOString(),
        baseRevision: log.revision,
      }),
    // Stopped or refused (409: the log changed elsewhere), read it all again: the home, the board's hours,
    // and the case's time logs in case its page is open too. The button stays busy until that is done.
    onSettled: (_log, _error, { caseId }) =>
      Promise.all(
        [HOME_KEY, BOARD_KEY, caseRecordsKey(caseId, 'time-logs')].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
