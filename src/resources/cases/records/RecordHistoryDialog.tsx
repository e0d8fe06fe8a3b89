import Chip from '@mui/material/Chip';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RecordItem } from '../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { ChangeList } from './ChangeList';
import { HistoryDialog } from './HistoryDialog';
import type { RecordDialogProps } from './RecordDialogs';
import { type FieldSpec, recordDiff, writtenFields } from './recordDiff';
import { withVoidFields } from './recordFields';
import { nameOf } from './recordFormat';
import { useRecordHistory } from './recordQueries';

interface RevisionEntryProps {
  details: CaseDetails;
  revision: RecordItem;
  /** The revision before it; none for the first. */
  previous?: RecordItem;
  fields: readonly FieldSpec[];
}

const RevisionEntry = ({ details, revision, previous, fields }: RevisionEntryProps) => {
  const heading = `Revision ${revision.revision}`;
  const changes = previous && recordDiff(previous, revision, withVoidFields(fields));
  return (
    <ListItem disableGutters aria-label={heading} sx={{ display: 'block' }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3">
          {heading}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {previous ? 'by' : 'written by'} {nameOf(details, revision.author)},{' '}
          {formatInZone(revision.createdAt, details.client.timeZone)}
        </Typography>
        {revision.voided && <Chip label="Voided" size="small" color="warning" />}
      </Stack>
      {!changes ? (
        <ChangeList label="Written" changes={writtenFields(revision, fields)} />
      ) : changes.length > 0 ? (
        <ChangeList label={`Changes in revision ${revision.revision}`} changes={changes} />
      ) : (
        <Typography variant="body2" color="text.secondary">
          Saved without changes.
        </Typography>
      )}
    </ListItem>
  );
};

interface RecordHistoryDialogProps extends RecordDialogProps {
  item: RecordItem;
}

/** Every revision of an item, newest first, each with what it changed from the one before. */
export const RecordHistoryDialog = ({ details, view, fields, item, onClose }: RecordHistoryDialogProps) => {
  const { data, error } = useRecordHistory(details.id, view.kind, item._id);
  return (
    <HistoryDialog
      title={`History of the ${view.noun}`}
      listLabel="Revisions, newest first"
      states={data}
      error={error}
      renderState={(revision, previous) => (
        <RevisionEntry
          key={revision.revision}
          details={details}
          revision={revision}
          previous={previous}
          fields={fields}
        />
      )}
      onClose={onClose}
    />
  );
};
