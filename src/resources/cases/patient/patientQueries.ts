import type { UseQueryResult } from '@tanstack/react-query';
import { type HttpError, type Identifier, useGetList, useGetOne } from 'react-admin';
import type { Patient, PatientRevision } from '../../../../contract/cases';
import { MAX_PER_PAGE } from '../../../../contract/list';
import { patientDetailsResource, patientHistoryResource } from '../../../dataProvider/resourcePaths';

/** The details as react-admin holds them: one record keyed by the case's id, `{id}` alone before any. */
type PatientRecord = Partial<Patient> & { id: Identifier };

const isPatient = (record: PatientRecord): record is Patient & { id: Identifier } =>
  record.version !== undefined;

/** The case's patient details, or null before it has any (GET …/patient-details). */
export function usePatientDetails(caseId: Identifier) {
  const query = useGetOne<PatientRecord>(patientDetailsResource(caseId), { id: caseId });
  const data = query.data && (isPatient(query.data) ? query.data : null);
  return { ...query, data } as UseQueryResult<Patient | null, HttpError>;
}

/** Every state of the details, newest first (GET …/patient-details/revisions), nested under the details. */
export const usePatientHistory = (caseId: Identifier) =>
  useGetList<PatientRevision & { id: Identifier }>(patientHistoryResource(caseId), {
    pagination: { page: 1, perPage: MAX_PER_PAGE },
  }) as unknown as UseQueryResult<PatientRevision[], HttpError>;
