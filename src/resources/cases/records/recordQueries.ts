import { useQuery } from '@tanstack/react-query';
import { type HttpError, type Identifier, useDataProvider } from 'react-admin';
import type { CaseRecordKind, GenericRecordKind, RecordItem } from '../../../../contract/caseRecords';
import { API_PATHS } from '../../../../contract/paths';
import type { TimeLog, TimeLogList } from '../../../../contract/timeLogs';
import type { AppDataProvider } from '../../../dataProvider';
import { resourceOf } from '../../../dataProvider/resourcePaths';

/** Named after the list's API path, so any write to those records can refresh it (and its histories). */
export const caseRecordsKey = (caseId: Identifier, kind: CaseRecordKind) => [
  resourceOf(API_PATHS.caseRecords(caseId, kind)),
];

/** An item's history, under its list's key: refreshing the list refreshes the histories too. */
export const recordHistoryKey = (caseId: Identifier, kind: CaseRecordKind, itemId: Identifier) => [
  ...caseRecordsKey(caseId, kind),
  resourceOf(API_PATHS.caseRecordRevisions(caseId, kind, itemId)),
];

/** The latest revision of each item of one kind (GET …/{kind}). */
export function useCaseRecords(caseId: Identifier, kind: GenericRecordKind, enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<RecordItem[], HttpError>({
    queryKey: caseRecordsKey(caseId, kind),
    queryFn: () => dataProvider.getCaseRecords(caseId, kind),
    enabled,
  });
}

/** The case notes with these ids (GET …/case-notes?filterIds=…), under the notes' key: a note's edit shows. */
export function useCaseNotesByIds(caseId: Identifier, ids: readonly number[], enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<RecordItem[], HttpError>({
    queryKey: [...caseRecordsKey(caseId, 'case-notes'), 'filterIds', ...ids],
    queryFn: () => dataProvider.getCaseNotesByIds(caseId, ids),
    enabled: enabled && ids.length > 0,
  });
}

/** Every revision of an item, newest first (GET …/{kind}/{itemId}/revisions). */
export function useRecordHistory(caseId: Identifier, kind: CaseRecordKind, itemId: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<RecordItem[], HttpError>({
    queryKey: recordHistoryKey(caseId, kind, itemId),
    queryFn: () => dataProvider.getCaseRecordHistory(caseId, kind, itemId),
  });
}

/**
 * The case's time logs (GET …/time-logs answers `{timeLogs, timeLogCorrection}`; the data provider runs the
 * correction loop), cached whole under the list's key like every record list.
 */
export function useTimeLogs(caseId: Identifier, enabled = true) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<TimeLogList, HttpError, TimeLog[]>({
    queryKey: caseRecordsKey(caseId, 'time-logs'),
    queryFn: () => dataProvider.getTimeLogs(caseId),
    select: (list) => list.timeLogs,
    enabled,
  });
}
