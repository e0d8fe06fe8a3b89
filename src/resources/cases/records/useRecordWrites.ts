import { useQueryClient } from '@tanstack/react-query';
import { type HttpError, type RaRecord, useCreate, useDataProvider, useNotify, useUpdate } from 'react-admin';
import type { CaseRecordKind, RecordItem } from '../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../contract/cases';
import { MAX_PER_PAGE } from '../../../../contract/list';
import type { InsertionLocation } from '../../../../contract/timeLogs';
import type { AppDataProvider } from '../../../dataProvider';
import type { TimeLogInsertionMeta } from '../../../dataProvider/caseResources';
import { caseRecordsResource, recordRevisionsResource } from '../../../dataProvider/resourcePaths';

/** Where a new time log goes: right before or after this one. */
export interface Insertion {
  item: RecordItem;
  location: InsertionLocation;
}

/** The answer is awaited: a refusal reaches the caller, which shows it in the form. */
const AWAITED = { mutationMode: 'pessimistic', returnPromise: true } as const;

/**
 * Writes the records of one kind through react-admin (`useCreate`, `useUpdate` on the kind's resource),
 * after which the kind's records are read again, and so is what they change (writeLinks.ts): the case, whose
 * stage changes depend on its records (a signed final interpretation, settled billing notes); the user is told. Failures are left to
 * the caller, which knows whether a field error or a conflict can be shown.
 */
export function useRecordWrites(details: CaseDetails, kind: CaseRecordKind) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [createRecord] = useCreate<RaRecord, HttpError>();
  const [updateRecord] = useUpdate<RaRecord, HttpError>();
  const resource = caseRecordsResource(details.id, kind);

  // With `returnPromise`, the promise holds the record written.
  const written = async (write: Promise<unknown>, message: string) => {
    const item = (await write) as RecordItem;
    notify(message, { type: 'success' });
    return item;
  };

  return {
    create: (fields: Record<string, unknown>, message: string) =>
      written(createRecord(resource, { data: fields }, AWAITED), message),
    /** A new time log right before or after another one of the same technologist. */
    insert: ({ item, location }: Insertion, fields: Record<string, unknown>, message: string) => {
      const insertion: TimeLogInsertionMeta = { itemId: item._id, location };
      return written(createRecord(resource, { data: fields, meta: { insertion } }, AWAITED), message);
    },
    /** The next revision of `base`, sending only `changes`. */
    revise: (base: RecordItem, changes: Record<string, unknown>, message: string) =>
      written(
        updateRecord(
          resource,
          { id: base._id, data: changes, previousData: { ...base, id: base._id } },
          AWAITED,
        ),
        message,
      ),
    /**
     * After a refused revision: the item's newer revision when someone else revised it first (409), read
     * fresh, and the kind's records read again; `undefined` for any other refusal (a closed case, a signed
     * interpretation, a bad field).
     */
    async newerRevision(error: unknown, base: RecordItem): Promise<RecordItem | undefined> {
      if ((error as HttpError).status !== 409) return undefined;
      queryClient.invalidateQueries({ queryKey: [resource] });
      try {
        const history = recordRevisionsResource(details.id, kind, base._id);
        const { data } = await dataProvider.getList<RaRecord>(history, {
          pagination: { page: 1, perPage: MAX_PER_PAGE },
          sort: { field: 'revision', order: 'DESC' },
          filter: {},
        });
        // Keyed as the list keys it (its item), so the form takes it as the same record, keeping the edits.
        const latest = data[0] && ({ ...data[0], id: base._id } as unknown as RecordItem);
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
