import { useQuery } from '@tanstack/react-query';
import { type HttpError, type Identifier, useDataProvider } from 'react-admin';
import type { Patient, PatientRevision } from '../../../../contract/cases';
import { API_PATHS } from '../../../../contract/paths';
import type { AppDataProvider } from '../../../dataProvider';
import { resourceOf } from '../../../dataProvider/resourcePaths';

/** Named after the API path, so a save refreshes the details and, under them, their history. */
export const patientKey = (caseId: Identifier) => [resourceOf(API_PATHS.patientDetails(caseId))];

export const patientHistoryKey = (caseId: Identifier) => [
  ...patientKey(caseId),
  resourceOf(API_PATHS.patientDetailsRevisions(caseId)),
];

/** The case's patient details, or null before it has any (GET …/patient-details). */
export function usePatientDetails(caseId: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<Patient | null, HttpError>({
    queryKey: patientKey(caseId),
    queryFn: () => dataProvider.getPatientDetails(caseId),
  });
}

/** Every state of the details, newest first (GET …/patient-details/revisions). */
export function usePatientHistory(caseId: Identifier) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<PatientRevision[], HttpError>({
    queryKey: patientHistoryKey(caseId),
    queryFn: () => dataProvider.getPatientHistory(caseId),
  });
}
