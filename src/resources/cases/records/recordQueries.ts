import type { UseQueryResult } from '@tanstack/react-query';
import { type HttpError, type Identifier, useGetList, useGetMany } from 'react-admin';
import type { CaseRecordKind, GenericRecordKind, RecordItem } from '../../../../contract/caseRecords';
import { MAX_PER_PAGE } from '../../../../contract/list';
import type { TimeLog } from '../../../../contract/timeLogs';
import { caseRecordsResource, recordRevisionsResource } from '../../../dataProvider/resourcePaths';

/** A record as react-admin holds it: keyed `id` (its item's `_id`, or a revision's number in a history). */
type Keyed<R> = R & { id: Identifier };

/** The whole of a case's records of one kind: the API answers them unpaged; every part of the page asks the same. */
const WHOLE_LIST = { pagination: { page: 1, perPage: MAX_PER_PAGE } } as const;

/** react-admin's answer as the pages read it: its errors are the data provider's `HttpError`s. */
const asQuery = <R>(query: { data?: Keyed<R>[] }) => query as unknown as UseQueryResult<R[], HttpError>;

/** The latest revision of each item of one kind (GET …/{kind}). */
export const useCaseRecords = (caseId: Identifier, kind: GenericRecordKind, enabled = true) =>
  asQuery(useGetList<Keyed<RecordItem>>(caseRecordsResource(caseId, kind), WHOLE_LIST, { enabled }));

/** The case notes with these ids (GET …/case-notes?filterIds=…), kept with the notes: a note's edit shows. */
export const useCaseNotesByIds = (caseId: Identifier, ids: readonly number[], enabled = true) =>
  asQuery(
    useGetMany<Keyed<RecordItem>>(
      caseRecordsResource(caseId, 'case-notes'),
      { ids: [...ids] },
      { enabled: enabled && ids.length > 0 },
    ),
  );

/** Every revision of an item, newest first (GET …/{kind}/{itemId}/revisions), nested under its kind's records. */
export const useRecordHistory = (caseId: Identifier, kind: CaseRecordKind, itemId: Identifier) =>
  asQuery(useGetList<Keyed<RecordItem>>(recordRevisionsResource(caseId, kind, itemId), WHOLE_LIST));

/** The case's time logs (GET …/time-logs; the data provider runs the correction loop). */
export const useTimeLogs = (caseId: Identifier, enabled = true) =>
  asQuery(useGetList<Keyed<TimeLog>>(caseRecordsResource(caseId, 'time-logs'), WHOLE_LIST, { enabled }));
