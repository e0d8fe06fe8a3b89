import type { CreateParams, GetManyParams, Identifier, UpdateParams } from 'react-admin';
import { CASE_RECORD_KINDS, type CaseRecordKind, type RecordItem } from '../../contract/caseRecords';
import type { PatientPut } from '../../contract/cases';
import type { InsertionLocation, TimeLogCreate } from '../../contract/timeLogs';
import type { HttpClient } from './httpClient';
import { recordMethods } from './recordMethods';
import {
  CASES_RESOURCE,
  caseRecordsResource,
  patientHistoryResource,
  recordRevisionsResource,
} from './resourcePaths';
import { timeLogMethods } from './timeLogMethods';

/** Where a new time log goes (`create`'s `meta.insertion`): right before or after another one. */
export interface TimeLogInsertionMeta {
  itemId: Identifier;
  location: InsertionLocation;
}

/** What a case resource names (resourcePaths.ts): a kind's records, an item's revisions, the patient's history. */
type CaseResource =
  | { of: 'records'; caseId: number; kind: CaseRecordKind }
  | { of: 'revisions'; caseId: number; kind: CaseRecordKind; itemId: number }
  | { of: 'patient-history'; caseId: number };

const CASE_RESOURCE = new RegExp(
  `^${CASES_RESOURCE}/(?:monitoring|reviewed)/([1-9][0-9]*)/([a-z-]+)(?:/([1-9][0-9]*))?(/revisions)?$`,
);

const isRecordKind = (kind: string): kind is CaseRecordKind =>
  CASE_RECORD_KINDS.some((each) => each === kind);

/** The case resource a name stands for, if it is one: its name must be the one resourcePaths.ts gives it. */
function caseResourceOf(resource: string): CaseResource | undefined {
  const [, id, kind = '', item, revisions] = CASE_RESOURCE.exec(resource) ?? [];
  if (!id || !isRecordKind(kind)) return undefined;
  const caseId = Number(id);
  const parsed: CaseResource = item
    ? { of: 'revisions', caseId, kind, itemId: Number(item) }
    : revisions
      ? { of: 'patient-history', caseId }
      : { of: 'records', caseId, kind };
  const name =
    parsed.of === 'revisions'
      ? recordRevisionsResource(caseId, kind, parsed.itemId)
      : parsed.of === 'patient-history'
        ? patientHistoryResource(caseId)
        : caseRecordsResource(caseId, kind);
  return name === resource ? parsed : undefined;
}

const byId = <R extends { _id: number }>(item: R) => ({ ...item, id: item._id });
const byRevision = <R extends { revision: number }>(state: R) => ({ ...state, id: state.revision });
const listOf = <R>(data: R[]) => ({ data, total: data.length });

/**
 * A case's records and patient details as react-admin resources (DESIGN §8 "Case records"): the standard
 * methods over the same requests as the record calls (`recordMethods`, `timeLogMethods`), so that pages read
 * them with react-admin's data hooks and its cache keys. A record's `id` is its item's `_id`, a revision's
 * its `revision`; the patient details are one record whose `id` is the case's, `{id}` alone before any.
 * Each method answers `undefined` for a resource that is not a case's record.
 */
export function caseResources(httpClient: HttpClient) {
  const records = recordMethods(httpClient);
  const timeLogs = timeLogMethods(httpClient);

  const getList = async (resource: string) => {
    const parsed = caseResourceOf(resource);
    if (!parsed) return undefined;
    if (parsed.of === 'patient-history')
      return listOf((await timeLogs.getPatientHistory(parsed.caseId)).map(byRevision));
    if (parsed.of === 'revisions')
      return listOf(
        (await records.getCaseRecordHistory(parsed.caseId, parsed.kind, parsed.itemId)).map(byRevision),
      );
    if (parsed.kind === 'time-logs')
      return listOf((await timeLogs.getTimeLogs(parsed.caseId)).timeLogs.map(byId));
    if (parsed.kind === 'patient-details') return undefined;
    return listOf((await records.getCaseRecords(parsed.caseId, parsed.kind)).map(byId));
  };

  return {
    getList,
    /** The patient details of the case (`id`: the case's). */
    async getOne(resource: string, { id }: { id: Identifier }) {
      const parsed = caseResourceOf(resource);
      if (parsed?.of !== 'records' || parsed.kind !== 'patient-details') return undefined;
      const patient = await timeLogs.getPatientDetails(parsed.caseId);
      return { data: { ...patient, id } };
    },
    /** Case notes by id, in one request (`filterIds`); any other kind's items from its whole list. */
    async getMany(resource: string, { ids }: Pick<GetManyParams, 'ids'>) {
      const parsed = caseResourceOf(resource);
      if (parsed?.of !== 'records') return undefined;
      if (parsed.kind === 'case-notes') {
        const notes = await records.getCaseNotesByIds(parsed.caseId, ids.map(Number));
        return { data: notes.map(byId) };
      }
      const list = await getList(resource);
      return list && { data: list.data.filter((item) => ids.some((id) => String(id) === String(item.id))) };
    },
    /** A new item (revision 1); a time log with `meta.insertion` goes next to another one. */
    async create(resource: string, { data, meta }: Pick<CreateParams, 'data' | 'meta'>) {
      const parsed = caseResourceOf(resource);
      if (parsed?.of !== 'records' || parsed.kind === 'patient-details') return undefined;
      const insertion = meta?.insertion as TimeLogInsertionMeta | undefined;
      const item: RecordItem = insertion
        ? await timeLogs.insertTimeLog(parsed.caseId, insertion.itemId, insertion.location, data)
        : parsed.kind === 'time-logs'
          ? await timeLogs.createTimeLog(parsed.caseId, data as TimeLogCreate)
          : await records.createCaseRecord(parsed.caseId, parsed.kind, data);
      return { data: byId(item) };
    },
    /**
     * The next revision of an item, built on `previousData`'s revision (409 when it is not the latest), or
     * the whole patient details saved with the version they were read with (409 when stale).
     */
    async update(
      resource: string,
      { id, data, previousData }: Pick<UpdateParams, 'id' | 'data' | 'previousData'>,
    ) {
      const parsed = caseResourceOf(resource);
      if (parsed?.of !== 'records') return undefined;
      if (parsed.kind === 'patient-details') {
        const input = { ...data, version: previousData?.version ?? data.version } as PatientPut;
        return { data: { ...(await timeLogs.putPatientDetails(parsed.caseId, input)), id } };
      }
      const revision = { ...data, baseRevision: previousData?.revision ?? data.baseRevision };
      return { data: byId(await records.reviseCaseRecord(parsed.caseId, parsed.kind, id, revision)) };
    },
  };
}
