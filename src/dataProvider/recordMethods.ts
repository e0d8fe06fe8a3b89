import type { Identifier } from 'react-admin';
import type { CaseRecordKind, GenericRecordKind, RecordItem } from '../../contract/caseRecords';
import { API_PATHS } from '../../contract/paths';
import type { HttpClient } from './httpClient';

/** A revision's body: the fields that change, the revision edited, and optionally a void with its reason. */
export type RecordRevisionInput = Record<string, unknown> & {
  baseRevision: number;
  voided?: boolean;
  voidReason?: string;
};

/** The most `filterIds` one read of case notes may name (the API's limit). */
const MAX_FILTER_IDS = 500;

/**
 * A case's clinical records (DESIGN §8 "Case records"): each item has revisions; creating one writes
 * revision 1, every edit or void the next one, refused with 409 when the base revision is not the latest.
 * Time logs share the revision calls but answer their own list.
 */
export function recordMethods(httpClient: HttpClient) {
  return {
    /** The latest revision of each item of one kind. */
    getCaseRecords: async (caseId: Identifier, kind: GenericRecordKind) =>
      (await httpClient<RecordItem[]>(API_PATHS.caseRecords(caseId, kind))).data,
    /**
     * Only the case notes with these ids, in one request (repeated `filterIds`), e.g. those a case's time
     * logs link; past the most ids a request may name, every note is read and the wanted ones kept.
     */
    getCaseNotesByIds: async (caseId: Identifier, ids: readonly number[]) => {
      const named = ids.length <= MAX_FILTER_IDS;
      const { data } = await httpClient<RecordItem[]>(API_PATHS.caseRecords(caseId, 'case-notes'), {
        query: named ? { filterIds: ids } : {},
      });
      return named ? data : data.filter((note) => ids.includes(note._id));
    },
    /** A new item: revision 1 (201). */
    createCaseRecord: async (caseId: Identifier, kind: CaseRecordKind, fields: Record<string, unknown>) =>
      (await httpClient<RecordItem>(API_PATHS.caseRecords(caseId, kind), { method: 'POST', body: fields }))
        .data,
    /** The next revision of an item; 409 when `baseRevision` is not its latest. */
    reviseCaseRecord: async (
      caseId: Identifier,
      kind: CaseRecordKind,
      itemId: Identifier,
      revision: RecordRevisionInput,
    ) =>
      (
        await httpClient<RecordItem>(API_PATHS.caseRecordRevisions(caseId, kind, itemId), {
          method: 'POST',
          body: revision,
        })
      ).data,
    /** Every revision of an item, newest first. */
    getCaseRecordHistory: async (caseId: Identifier, kind: CaseRecordKind, itemId: Identifier) =>
      (await httpClient<RecordItem[]>(API_PATHS.caseRecordRevisions(caseId, kind, itemId))).data,
  };
}
