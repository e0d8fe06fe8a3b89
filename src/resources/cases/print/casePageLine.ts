import type { CaseDetails, Patient } from '../../../../contract/cases';
import type { PageLine } from '../../../print/PrintFrame';
import { type ReportStatus, statusMarker } from '../../../print/reportStatus';

/** "Haddad, Noor · MRN RD-7 · DOB 1958-04-17", or what is known of it. */
export function pageIdentifiers(patient: Patient | null): string {
  const name = [patient?.lastName, patient?.firstName].filter(Boolean).join(', ') || 'Patient not recorded';
  const mrn = patient?.mrn ? `MRN ${patient.mrn}` : 'MRN not recorded';
  const born = patient?.dateOfBirth ? `DOB ${patient.dateOfBirth}` : 'DOB not recorded';
  return [name, mrn, born].join(' · ');
}

/** Every page of a case report: the patient's name, MRN and date of birth, the case number, its marker. */
export const casePageLine = (details: CaseDetails, status: ReportStatus): PageLine => ({
  identifiers: pageIdentifiers(details.patient),
  reference: `Case ${details.caseNumber}`,
  marker: statusMarker(status),
});
