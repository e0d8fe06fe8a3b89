import type { PatientInput } from '../../contract/cases';
import { getIndexedPatient } from '../db/interfaces';
import { mrnUsedByAnotherPatient } from '../db/patientDetails';
import type { DbOrTx } from '../db/transaction';
import { badRequest, conflict } from '../errors';

/** A case's patient (DESIGN §8 "Case records"): whose MRN it is, checked against the hospital and the client. */

type Person = { firstName: string; lastName: string; dateOfBirth: string | null };
const samePerson = (a: Person, b: Person) =>
  a.firstName.toLowerCase() === b.firstName.toLowerCase() &&
  a.lastName.toLowerCase() === b.lastName.toLowerCase() &&
  a.dateOfBirth === b.dateOfBirth;
const personWords = (person: Person) =>
  `${person.lastName}, ${person.firstName} (born ${person.dateOfBirth ?? 'date unknown'})`;

/**
 * 409 when the hospital's admissions know the MRN as someone else (another name or date of birth); 400 on
 * `mrn` when another patient of the client already has it. */
export async function checkMrn(
  tx: DbOrTx,
  clientId: number,
  caseId: number | undefined,
  patient: PatientInput,
) {
  const indexed = patient.mrn ? await getIndexedPatient(tx, clientId, patient.mrn) : undefined;
  if (indexed && !samePerson(indexed, patient)) {
    throw conflict(
      `MRN ${patient.mrn} is ${personWords(indexed)} in the hospital's admissions, but this patient is ${personWords(patient)}; check the MRN, or pick the patient from the hospital's list`,
    );
  }
  const caseNumber = await mrnUsedByAnotherPatient(tx, clientId, caseId, patient);
  if (caseNumber) {
    throw badRequest('Invalid mrn', [
      {
        field: 'mrn',
        message: `MRN ${patient.mrn} is already used for another patient of this client (case ${caseNumber}); check the MRN, or the name and date of birth if it is the same patient`,
      },
    ]);
  }
}
