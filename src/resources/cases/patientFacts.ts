import type { PatientInput } from '../../../contract/cases';
import { formatCalendarDate } from '../../dates';
import type { Fact } from '../../FactList';
import { SEX_LABELS } from './caseLabels';
import { type FieldSpec, isEmptyValue } from './records/recordDiff';
import { labelledField } from './records/recordFields';

/** The patient's fields as they read, on the case page, in the report and in their differences. */
export const PATIENT_FIELDS: readonly FieldSpec[] = [
  { field: 'mrn', label: 'MRN' },
  { field: 'lastName', label: 'Last name' },
  { field: 'firstName', label: 'First name' },
  { field: 'dateOfBirth', label: 'Date of birth', format: (value) => formatCalendarDate(String(value)) },
  labelledField('sex', 'Sex', SEX_LABELS),
  { field: 'unit', label: 'Unit' },
  { field: 'room', label: 'Room' },
  { field: 'orderingPhysician', label: 'Ordering physician' },
  { field: 'indication', label: 'Indication' },
  { field: 'medications', label: 'Medications' },
];

const NAME_FIELDS = new Set(['lastName', 'firstName']);

const readField = (patient: PatientInput, { field, format = String }: FieldSpec) => {
  const value = patient[field as keyof PatientInput];
  return isEmptyValue(value) ? '—' : format(value);
};

/** The patient's details as facts; with `nameAsOne`, the name first as "Last, First" (the report's way). */
export function patientFacts(patient: PatientInput, { nameAsOne = false } = {}): Fact[] {
  const fields = nameAsOne ? PATIENT_FIELDS.filter(({ field }) => !NAME_FIELDS.has(field)) : PATIENT_FIELDS;
  const facts = fields.map((spec) => ({ label: spec.label, value: readField(patient, spec) }));
  if (!nameAsOne) return facts;
  const name = [patient.lastName, patient.firstName].filter(Boolean).join(', ');
  return [{ label: 'Name', value: name || '—' }, ...facts];
}
