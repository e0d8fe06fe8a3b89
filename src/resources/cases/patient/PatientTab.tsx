import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import type { CaseDetails, Patient } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { FactList } from '../../../FactList';
import { patientFacts } from '../patientFacts';
import { nameOf } from '../records/recordFormat';
import { PatientFormDialog } from './PatientFormDialog';
import { PatientHistoryDialog } from './PatientHistoryDialog';
import { usePatientDetails, usePatientHistory } from './patientQueries';

/** "Version 3, by Priya Raman, at …": the author is the current revision's. */
const VersionLine = ({ details, patient }: { details: CaseDetails; patient: Patient }) => {
  const { data } = usePatientHistory(details.id);
  const author = data?.find(({ revision }) => revision === patient.version)?.author;
  return (
    <Typography variant="body2" color="text.secondary">
      Version {patient.version}
      {author && `, by ${nameOf(details, author)}`}, at{' '}
      {formatInZone(patient.updatedAt, details.client.timeZone)}
    </Typography>
  );
};

/**
 * The patient tab (DESIGN §8 "Case records"): the current details, who saved them and when, their
 * history; those who may edit them do so while the case is open.
 */
export const PatientTab = ({ details }: { details: CaseDetails }) => {
  const { data: patient, error } = usePatientDetails(details.id);
  const { canAccess } = useCanAccess({ resource: 'cases.patient-details', action: 'edit' });
  const canEdit = Boolean(canAccess) && details.stage !== 'closed';
  const [dialog, setDialog] = useState<'edit' | 'history'>();
  const close = () => setDialog(undefined);

  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (patient === undefined) return <LinearProgress />;
  return (
    <Stack spacing={2}>
      {patient ? (
        <>
          <VersionLine details={details} patient={patient} />
          <FactList label="Patient details" facts={patientFacts(patient)} />
        </>
      ) : (
        <Typography color="text.secondary">No patient details recorded yet.</Typography>
      )}
      <Stack direction="row" spacing={1}>
        {canEdit && (
          <Button variant="contained" onClick={() => setDialog('edit')}>
            Edit patient details
          </Button>
        )}
        {patient && <Button onClick={() => setDialog('history')}>History</Button>}
      </Stack>
      {dialog === 'edit' && <PatientFormDialog details={details} patient={patient} onClose={close} />}
      {dialog === 'history' && <PatientHistoryDialog details={details} onClose={close} />}
    </Stack>
  );
};
