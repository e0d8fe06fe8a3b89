import { useQueryClient } from '@tanstack/react-query';
import { type HttpError, useDataProvider, useNotify } from 'react-admin';
import type { CaseRecordKind, RecordItem } from '../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../contract/cases';
import type { InsertionLocation } from '../../../../contract/timeLogs';
import type { AppDataProvider } from '../../../dataProvider';
import { useUpdateCaseDetails } from '../page/useCaseDetails';
import { caseRecordsKey, recordHistoryKey } from './recordQueries';

/** Where a new time log goes: right before or after this one. */
export interface Insertion {
  item: RecordItem;
  location: InsertionLocation;
}

/**
 * Writes the records of one kind. After each write the list is read again, and so is the case, whose
 * stage changes depend on its records (a signed final interpretation, settled billing notes); the user is
 * told. Failures are left to the caller, which knows whether a field error or a conflict can be shown.
 */
export function useRecordWrites(details: CaseDetails, kind: CaseRecordKind) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const caseDetails = useUpdateCaseDetails();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: caseRecordsKey(details.id, kind) });

  const written = async (write: Promise<RecordItem>, message: string) => {
    const item = await write;
    refreshList();
    caseDetails.refetch(details.id);
    notify(message, { type: 'success' });
    return item;
  };

  return {
    create: (fields: Record<string, unknown>, message: string) =>
      written(dataProvider.createCaseRecord(details.id, kind, fields), message),
    /** A new time log right before or after another one of the same technologist. */
    insert: ({ item, location }: Insertion, fields: Record<string, unknown>, message: string) =>
      written(dataProvider.insertTimeLog(details.id, item._id, location, fields), message),
    /** The next revision of `base`, sending only `changes`. */
    revise: (base: RecordItem, changes: Record<string, unknown>, message: string) =>
      written(
        dataProvider.reviseCaseRecord(details.id, kind, base._id, {
          ...changes,
          baseRevision: base.revision,
        }),
        message,
      ),
    /**
     * After a refused revision: the item's newer revision when someone else revised it first (409), read
     * fresh; `undefined` for any other refusal (a closed case, a signed interpretation, a bad field).
     */
    async newerRevision(error: unknown, base: RecordItem): Promise<RecordItem | undefined> {
      if ((error as HttpError).status !== 409) return undefined;
      refreshList();
      try {
        const [latest] = await queryClient.fetchQuery({
          queryKey: recordHistoryKey(details.id, kind, base._id),
          queryFn: () => dataProvider.getCaseRecordHistory(details.id, kind, base._id),
        });
        return latest && latest.revision > base.revision ? latest : undefined;
      } catch {
        return undefined;
      }
    },
    /** Says a refusal in the server's words. */
    refused: (error: unknown) => notify((error as HttpError).message, { type: 'error' }),
  };
}

export type RecordWrites = ReturnType<typeof useRecordWrites>;
