import { canAccess, type Role } from '../../contract/roles';

/**
 * Minimum necessary (DESIGN §3): a role without `cases.clinical-content` (billing) reads a case's headers,
 * the patient's identifiers and whether its interpretations are signed, never clinical content. The fields
 * keep their shape (empty text, no findings) so every answer still matches its schema.
 */

export const readsClinicalContent = (roles: readonly Role[]) =>
  canAccess(roles, 'cases.clinical-content', 'show');

/** An interpretation's text and ACNS findings, emptied: its kind, period, status and signer stay. */
const INTERPRETATION_CONTENT = {
  background: '',
  sleep: '',
  epileptiform: '',
  seizures: '',
  impression: '',
  seizuresInPeriod: null,
  acnsBackground: null,
  patterns: [],
  acnsSeizures: [],
  seizureBurdenPercent: null,
};

/** The patient's clinical details, emptied: name, MRN, date of birth and where they are stay. */
const PATIENT_CONTENT = { indication: '', medications: '' };

/** The order's reason for the study (the indication the hospital sent) is clinical; its numbers are not. */
const ORDER_CONTENT = { indication: '' };

/** The interpretation as `roles` may read it. */
export function interpretationFor<T extends object>(roles: readonly Role[], interpretation: T): T {
  return readsClinicalContent(roles) ? interpretation : { ...interpretation, ...INTERPRETATION_CONTENT };
}

/** The patient's details as `roles` may read them. */
export function patientFor<T extends object | null | undefined>(roles: readonly Role[], patient: T): T {
  return readsClinicalContent(roles) || !patient ? patient : { ...patient, ...PATIENT_CONTENT };
}

/** The case's order (issue 32) as `roles` may read it. */
export function orderFor<T extends object | null>(roles: readonly Role[], order: T): T {
  return readsClinicalContent(roles) || !order ? order : { ...order, ...ORDER_CONTENT };
}
