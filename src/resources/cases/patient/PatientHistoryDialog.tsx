import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { CaseDetails, PatientRevision } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { PATIENT_FIELDS } from '../patientFacts';
import { ChangeList } from '../records/ChangeList';
import { HistoryDialog } from '../records/HistoryDialog';
import { recordDiff, writtenFields } from '../records/recordDiff';
import { nameOf } from '../records/recordFormat';
import { usePatientHistory } from './patientQueries';

interface VersionEntryProps {
  details: CaseDetails;
  state: PatientRevision;
  /** The state before it; none for the first. */
  previous?: PatientRevision;
}

/** One saved version: who and when, and what it changed (the first: what it wrote). */
const VersionEntry = ({ details, state, previous }: VersionEntryProps) => {
  const heading = `Version ${state.revision}`;
  const changes = previous
    ? recordDiff(previous, state, PATIENT_FIELDS)
    : writtenFields(state, PATIENT_FIELDS);
  return (
    <ListItem disableGutters aria-label={heading} sx={{ display: 'block' }}>
      <Typography variant="subtitle2" component="h3">
        {heading}
        {state.current && ' (current)'}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        by {nameOf(details, state.author)}, {formatInZone(state.createdAt, details.client.timeZone)}
      </Typography>
      {changes.length > 0 ? (
        <ChangeList label={previous ? `Changes in ${heading.toLowerCase()}` : 'Written'} changes={changes} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Saved without changes.
        </Typography>
      )}
    </ListItem>
  );
};

/** Every version of the patient details, newest first, each with what it changed from the one before. */
export const PatientHistoryDialog = ({ details, onClose }: { details: CaseDetails; onClose: () => void }) => {
  const { data, error } = usePatientHistory(details.id);
  return (
    <HistoryDialog
      title="History of the patient details"
      listLabel="Versions, newest first"
      states={data}
      error={error}
      renderState={(state, previous) => (
        <VersionEntry key={state.revision} details={details} state={state} previous={previous} />
      )}
      onClose={onClose}
    />
  );
};
