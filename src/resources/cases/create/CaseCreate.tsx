import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Create, type HttpError, SimpleForm, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { caseIntakeSchema } from '../../../../contract/cases';
import { CASES_RESOURCE, caseListResource } from '../../../dataProvider/resourcePaths';
import { liveValidation } from '../../../forms/liveValidation';
import { SaveCancelToolbar } from '../../../forms/SaveCancelToolbar';
import { PageHeading } from '../../../layout/PageHeading';
import { ClientInput } from '../inputs/ClientInput';
import { OrderInputs, optionalOrderSchema } from '../inputs/OrderInputs';
import { PatientInputs } from '../inputs/PatientInputs';
import { StudyInputs } from '../inputs/StudyInputs';
import { FindPatient } from './FindPatient';
import { intakeOf, useIntakeDone } from './useIntake';

const FORM_PROPS = liveValidation(caseIntakeSchema.extend({ order: optionalOrderSchema }));

/**
 * `/continuous-monitoring/cases/intake/create` (technologist, admin): a new case in intake, with its
 * patient now or later (before monitoring starts). The page is the intake list's, the case is POSTed to the
 * cases themselves.
 */
export const CaseCreate = () => {
  const done = useIntakeDone();
  const navigate = useNavigate();
  const notify = useNotify();
  // A 409 naming the hospital's admissions: the MRN typed is another patient there; the message names
  // both, and stays by the patient's fields while they are corrected. Any other refusal is a notice.
  const [mismatch, setMismatch] = useState<string>();
  const refused = (error: unknown) => {
    const { status, message, body } = error as HttpError;
    const isMismatch = status === 409 && message.includes("hospital's admissions");
    setMismatch(isMismatch ? message : undefined);
    if (!isMismatch && !body?.errors) notify(message, { type: 'error' });
  };
  return (
    <Create
      resource={CASES_RESOURCE}
      title="New case"
      transform={intakeOf}
      mutationOptions={{ onSuccess: done, onError: refused }}
    >
      <PageHeading>New case</PageHeading>
      <SimpleForm
        defaultValues={{ hasVideo: false }}
        toolbar={
          <SaveCancelToolbar
            saveLabel="Create case"
            onCancel={() => navigate(`/${caseListResource('intake')}`)}
          />
        }
        sx={{ maxWidth: 680 }}
        {...FORM_PROPS}
      >
        <Typography variant="h6" component="h2">
          Case
        </Typography>
        <ClientInput source="clientId" enabledOnly isRequired />
        <StudyInputs />
        <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
          Patient
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Optional now; monitoring cannot start until the MRN, name, date of birth and sex are filled in.
        </Typography>
        <FindPatient prefix="patient" />
        {mismatch && (
          <Alert severity="error" sx={{ mb: 2, width: '100%' }}>
            {mismatch}
          </Alert>
        )}
        <PatientInputs prefix="patient" />
        <OrderInputs />
      </SimpleForm>
    </Create>
  );
};
