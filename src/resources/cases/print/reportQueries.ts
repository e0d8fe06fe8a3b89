import type { UseQueryResult } from '@tanstack/react-query';
import type { HttpError, Identifier } from 'react-admin';
import type { GenericRecordKind } from '../../../../contract/caseRecords';
import { useCaseRecords } from '../records/recordQueries';
import type { RecordOf } from '../records/types';

/** The latest revision of each record of one kind, typed as the API answers that kind. */
export const useRecordsOf = <K extends GenericRecordKind>(caseId: Identifier, kind: K) =>
  useCaseRecords(caseId, kind) as UseQueryResult<RecordOf<K>[], HttpError>;
