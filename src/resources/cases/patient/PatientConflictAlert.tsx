import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import type { CaseDetails, PatientRevision } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { PATIENT_FIELDS } from '../patientFacts';
import { ChangeList } from '../records/ChangeList';
import { type Fields, recordDiff } from '../records/recordDiff';
import { nameOf } from '../records/recordFormat';

interface PatientConflictAlertProps {
  details: CaseDetails;
  /** The details the user opened; empty when there were none. */
  opened: Fields;
  /** The version saved meanwhile, which the next save builds on. */
  newer: PatientRevision;
  /** What the form will save: the user's edits on top of the newer version. */
  kept: Fields;
}

/** Says who saved the details while the user edited them (409), what they changed, and what is kept. */
export const PatientConflictAlert = ({ details, opened, newer, kept }: PatientConflictAlertProps) => {
  const author = nameOf(details, newer.author);
  const theirs = recordDiff(opened, newer, PATIENT_FIELDS);
  const yours = recordDiff(newer, kept, PATIENT_FIELDS);
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>
        Version {newer.revision} by {author} at {formatInZone(newer.createdAt, details.client.timeZone)} was
        saved meanwhile
      </AlertTitle>
      {theirs.length > 0 && <ChangeList label={`Changed by ${author}`} changes={theirs} />}
      <Typography variant="body2" sx={{ mt: 1 }}>
        Your edits are kept: saving again writes them on top of version {newer.revision}.
      </Typography>
      {yours.length > 0 && <ChangeList label="Your changes" changes={yours} />}
    </Alert>
  );
};
