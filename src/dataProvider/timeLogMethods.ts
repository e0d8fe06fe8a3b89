import { HttpError, type Identifier } from 'react-admin';
import type { Patient, PatientPut, PatientRevision } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import {
  type InsertionLocation,
  TIME_LOG_CORRECTION_RETRIES,
  type TimeLog,
  type TimeLogCreate,
  type TimeLogInsertion,
  type TimeLogList,
  type TimeLogRevision,
} from '../../contract/timeLogs';
import type { HttpClient } from './httpClient';

/** Spec §8: what the correction loop stops with when the server keeps asking for the same correction. */
export const correctionLoopError = (id: Identifier) => `Infinite recursion detected for timelog ${id}`;

/**
 * A case's time logs and patient details (DESIGN §8 "Case records"). Reading the time logs runs the
 * correction loop of spec §4: while the server answers a `timeLogCorrection`, post the revision it asks
 * for (its log with an empty `caseNoteIds`, which the server re-links from the log's window) and fetch
 * again; after 3 retries stop with spec §8's message. A correct server never makes it go round twice.
 */
export function timeLogMethods(httpClient: HttpClient) {
  const logs = (caseId: Identifier) => API_PATHS.caseRecords(caseId, 'time-logs');
  const post = async <T>(path: string, body: unknown) =>
    (await httpClient<T>(path, { method: 'POST', body })).data;

  return {
    getTimeLogs: async (caseId: Identifier): Promise<TimeLogList> => {
      for (let retries = 0; ; retries += 1) {
        const { data } = await httpClient<TimeLogList>(logs(caseId));
        const correction = data.timeLogCorrection;
        if (!correction) return data;
        if (retries >= TIME_LOG_CORRECTION_RETRIES) throw new Error(correctionLoopError(correction._id));
        await post(API_PATHS.caseRecordRevisions(caseId, 'time-logs', correction._id), {
          caseNoteIds: [],
          baseRevision: correction.revision,
        }).catch((error: unknown) => {
          // Someone else corrected (or revised) that log first: the next fetch says what is left.
          if (!(error instanceof HttpError && error.status === 409)) throw error;
        });
      }
    },
    /** Starts (no end) or records a log; the caller's own unless an admin names another technologist. */
    createTimeLog: (caseId: Identifier, input: TimeLogCreate) => post<TimeLog>(logs(caseId), input),
    /** A revision of one log (stop it: `{end, baseRevision}`); 409 when `baseRevision` is not the latest. */
    reviseTimeLog: (caseId: Identifier, itemId: Identifier, input: TimeLogRevision) =>
      post<TimeLog>(API_PATHS.caseRecordRevisions(caseId, 'time-logs', itemId), input),
    /** A revision of the case's latest log, the one that starts last. */
    reviseLatestTimeLog: (caseId: Identifier, input: TimeLogRevision) =>
      post<TimeLog>(API_PATHS.latestTimeLogRevisions(caseId), input),
    /** A new log of the same technologist right before or right after this one. */
    insertTimeLog: async (
      caseId: Identifier,
      itemId: Identifier,
      location: InsertionLocation,
      input: TimeLogInsertion,
    ) =>
      (
        await httpClient<TimeLog>(API_PATHS.timeLogInsertion(caseId, itemId), {
          method: 'POST',
          query: { location },
          body: input,
        })
      ).data,
    getTimeLogHistory: async (caseId: Identifier, itemId: Identifier) =>
      (await httpClient<TimeLog[]>(API_PATHS.caseRecordRevisions(caseId, 'time-logs', itemId))).data,

    /** The patient's details, or null before any were given. */
    getPatientDetails: async (caseId: Identifier) =>
      (await httpClient<Patient | null>(API_PATHS.patientDetails(caseId))).data,
    /** Saves the whole set with the version loaded (409 when stale); the replaced set is kept as a revision. */
    putPatientDetails: async (caseId: Identifier, input: PatientPut) =>
      (await httpClient<Patient>(API_PATHS.patientDetails(caseId), { method: 'PUT', body: input })).data,
    /** Every state of the details, newest first. */
    getPatientHistory: async (caseId: Identifier) =>
      (await httpClient<PatientRevision[]>(API_PATHS.patientDetailsRevisions(caseId))).data,
  };
}
