import { HttpError } from 'react-admin';
import {
  type Patient,
  type PatientInput,
  type PatientRevision,
  patientPutSchema,
} from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { answered, conflict, type FakeRequest, now, validate } from './fakeApiRules';

/**
 * The patient-details calls of one case (server/routes/cases/patientDetails.ts) over in-memory states: a PUT
 * with the version loaded (409 when stale), the contract's checks, 400 on an MRN another patient of the
 * client has, and every state newest first.
 */

/** One saved state of the details: who saved it, when, and the whole set. */
export interface PatientState {
  author: string;
  createdAt: string;
  fields: PatientInput;
}

export interface FakePatientApi {
  caseId: number;
  /** Who the user is (the author of what they save). */
  username: string;
  /** The states saved so far, oldest first: state n is version n. */
  states?: PatientState[];
  /** MRNs other patients of the client have, with the number of their case. */
  mrnsInUse?: Record<string, string>;
  /** Someone else's save, just before the user's first PUT arrives. */
  savedMeanwhile?: PatientState;
  onRequest?: (request: FakeRequest) => void;
}

export function fakePatientHttpClient({
  caseId,
  username,
  states: seeded = [],
  mrnsInUse = {},
  savedMeanwhile,
  onRequest,
}: FakePatientApi): HttpClient {
  const states = [...seeded];
  let meanwhile = savedMeanwhile;
  const revisionOf = (state: PatientState, index: number): PatientRevision => ({
    ...state.fields,
    revision: index + 1,
    author: state.author,
    createdAt: state.createdAt,
    current: index === states.length - 1,
  });
  const current = (): Patient | null => {
    const latest = states.at(-1);
    return latest ? { ...latest.fields, version: states.length, updatedAt: latest.createdAt } : null;
  };

  const put = (body: unknown) => {
    if (meanwhile) states.push(meanwhile);
    meanwhile = undefined;
    const { version, ...fields } = validate(patientPutSchema, body);
    if (states.length > 0 && version !== states.length)
      throw conflict(
        `The patient details were changed by someone else meanwhile (now version ${states.length}); reload and try again.`,
      );
    const usedBy = fields.mrn ? mrnsInUse[fields.mrn] : undefined;
    if (usedBy)
      throw toHttpError(400, {
        error: 'Invalid mrn',
        fields: [
          {
            field: 'mrn',
            message: `MRN ${fields.mrn} is already used for another patient of this client (case ${usedBy}); check the MRN, or the name and date of birth if it is the same patient`,
          },
        ],
      });
    states.push({ author: username, createdAt: now(), fields });
    return current();
  };

  return async <T>(path: string, { method = 'GET', query, body }: RequestOptions = {}) => {
    const request = { method, path, query, body };
    onRequest?.(request);
    if (path === API_PATHS.patientDetails(caseId)) {
      if (method === 'GET') return answered<T>(request, { data: current() });
      if (method === 'PUT') return answered<T>(request, { data: put(body) });
    }
    if (path === API_PATHS.patientDetailsRevisions(caseId) && method === 'GET') {
      const newestFirst = states.map(revisionOf).reverse();
      return answered<T>(request, { data: newestFirst, total: newestFirst.length });
    }
    throw new HttpError('Not Found', 404);
  };
}
