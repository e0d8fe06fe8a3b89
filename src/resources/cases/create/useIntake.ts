import { useNotify, useRedirect } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { type CaseDetails, type CaseIntake, caseIntakeSchema } from '../../../../contract/cases';
import { casePagePath } from '../../../../contract/paths';
import { optionalOrderSchema } from '../inputs/OrderInputs';

/** `<Create transform>`: the form's values as the API takes them; a patient section left blank is not sent. */
export function intakeOf(values: FieldValues): CaseIntake {
  const { patient, ...intake } = caseIntakeSchema.extend({ order: optionalOrderSchema }).parse(values);
  const named = patient && Object.values(patient).some((value) => value !== '' && value !== null);
  return named ? { ...intake, patient } : intake;
}

/**
 * `<Create mutationOptions.onSuccess>` (the stage lists are read again: writeLinks.ts): a notice naming the new case, and its
 * page. react-admin's own success (a generic "Element created", then `redirect`) does not name the case,
 * and a custom notice means the redirect is made here too (react-admin docs, `<Create>` "mutationOptions").
 * A refusal keeps react-admin's handling: a 400's field errors under their fields, any other as a notice.
 */
export function useIntakeDone() {
  const notify = useNotify();
  const redirect = useRedirect();
  return (created: CaseDetails) => {
    notify(`Case ${created.caseNumber} created`, { type: 'success' });
    redirect(() => casePagePath(created.stage, created.id));
  };
}
