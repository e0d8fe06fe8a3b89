import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type HttpError, useDataProvider } from 'react-admin';
import type { BoardCase, Home, Home2, OpenTimeLog } from '../../contract/home';
import type { TimeLog } from '../../contract/timeLogs';
import type { AppDataProvider } from '../dataProvider';
import { caseRecordsResource } from '../dataProvider/resourcePaths';
import { BOARD_RESOURCE, HOME_RESOURCE, refreshAfterWrite } from '../dataProvider/writeLinks';
import { useLiveRefresh } from '../live';

const HOME_KEY = [HOME_RESOURCE];
const BOARD_KEY = [BOARD_RESOURCE];

/** A "Log check" covers the five minutes up to the click (DESIGN §4). */
const CHECK_MINUTES = 5;

/**
 * GET /getHome: the caller's stage counts, active cases and running time log. The home dashboards are left
 * open on a wall or a second screen through a shift (DESIGN §4 "a live board"): they follow the live
 * updates, polling while those are down.
 */
export function useHome() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const live = useLiveRefresh();
  return useQuery<Home, HttpError>({
    queryKey: HOME_KEY,
    queryFn: () => dataProvider.getHome(),
    ...live,
  });
}

/** GET /getHome2: the operations board; only admins and technologists may call it (others get 403). */
export function useOperationsBoard() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const live = useLiveRefresh();
  return useQuery<Home2, HttpError>({
    queryKey: BOARD_KEY,
    queryFn: () => dataProvider.getHome2(),
    ...live,
  });
}

/**
 * Records a check by the caller on a board case: a `check` log of the five minutes up to the click, which
 * the server counts at its end, the click (DESIGN §4). The board is not read again at once: the row stays
 * where the pointer is until the board's next refresh, and says the check was logged meanwhile.
 */
export function useLogCheck() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation<TimeLog, HttpError, BoardCase>({
    mutationFn: ({ id }) => {
      const end = Date.now();
      return dataProvider.createTimeLog(id, {
        activity: 'check',
        start: new Date(end - CHECK_MINUTES * 60_000).toISOString(),
        end: new Date(end).toISOString(),
      });
    },
    // What a time log changes (writeLinks.ts) but the board, which keeps the row where the pointer is.
    onSettled: (_log, _error, { id }) =>
      Promise.all(
        [HOME_KEY, [caseRecordsResource(id, 'time-logs')]].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
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
    // Stopped or refused (409: the log changed elsewhere), read again what a time log changes (writeLinks.ts):
    // the home, the board's hours, the case's time logs and header in case its page is open too. The button
    // stays busy until that is done.
    onSettled: (_log, _error, { caseId }) =>
      refreshAfterWrite(queryClient, { resource: caseRecordsResource(caseId, 'time-logs') }),
  });
}
