import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type HttpError, useDataProvider, useNotify } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { type CaseIntake, caseIntakeSchema } from '../../../../contract/cases';
import { casePagePath } from '../../../../contract/paths';
import type { AppDataProvider } from '../../../dataProvider';
import { refreshCaseLists } from '../caseQueries';

/** The form's values as the API takes them; a patient section left blank is not sent. */
function intakeOf(values: FieldValues): CaseIntake {
  const { patient, ...intake } = caseIntakeSchema.parse(values);
  const named = patient && Object.values(patient).some((value) => value !== '' && value !== null);
  return named ? { ...intake, patient } : intake;
}

/**
 * The New case form's submit: POST the intake, then say so and open the new case's page. A 400's field
 * errors go back to the form, under their fields (react-admin's `onSubmit` contract).
 */
export function useIntake() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const navigate = useNavigate();
  const { mutateAsync } = useMutation({ mutationFn: (input: CaseIntake) => dataProvider.intakeCase(input) });
  return async (values: FieldValues) => {
    try {
      const created = await mutateAsync(intakeOf(values));
      await refreshCaseLists(queryClient);
      notify(`Case ${created.caseNumber} created`, { type: 'success' });
      navigate(casePagePath(created.stage, created.id));
    } catch (error) {
      const fieldErrors = (error as HttpError).body?.errors;
      if (fieldErrors) return fieldErrors;
      notify((error as Error).message, { type: 'error' });
    }
  };
}
