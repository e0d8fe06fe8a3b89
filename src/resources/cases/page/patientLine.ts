import type { Patient } from '../../../../contract/cases';

/** "Okafor, Grace · MRN 100234", or what is known of it; "No patient details yet" before any. */
export function patientLine(patient: Patient | null): string {
  const name = [patient?.lastName, patient?.firstName].filter(Boolean).join(', ');
  const mrn = patient?.mrn ? `MRN ${patient.mrn}` : '';
  return [name, mrn].filter(Boolean).join(' · ') || 'No patient details yet';
}
