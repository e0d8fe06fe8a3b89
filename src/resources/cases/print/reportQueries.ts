import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type HttpError, type Identifier, useDataProvider } from 'react-admin';
import type { GenericRecordKind } from '../../../../contract/caseRecords';
import type { TimeLog, TimeLogList } from '../../../../contract/timeLogs';
import type { AppDataProvider } from '../../../dataProvider';
import { caseRecordsKey, useCaseRecords } from '../records/recordQueries';
import type { RecordOf } from '../records/types';

/** The latest revision of each record of one kind, typed as the API answers that kind. */
export const useRecordsOf = <K extends GenericRecordKind>(caseId: Identifier, kind: K) =>
  useCaseRecords(caseId, kind) as UseQueryResult<RecordOf<K>[], HttpError>;

/** The case's time logs (their correction runs in the data provider), keyed like every record list. */
export function useTimeLogs(caseId: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<TimeLogList, HttpError, TimeLog[]>({
    queryKey: caseRecordsKey(caseId, 'time-logs'),
    queryFn: () => dataProvider.getTimeLogs(caseId),
    select: (list) => list.timeLogs,
  });
}
