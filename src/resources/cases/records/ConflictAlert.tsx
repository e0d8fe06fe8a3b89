import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Typography from '@mui/material/Typography';
import type { RecordItem } from '../../../../contract/caseRecords';
import type { CaseDetails } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { ChangeList } from './ChangeList';
import { type FieldSpec, type Fields, recordDiff } from './recordDiff';
import { withVoidFields } from './recordFields';
import { nameOf } from './recordFormat';

interface ConflictAlertProps {
  details: CaseDetails;
  /** The revision the user opened. */
  opened: RecordItem;
  /** The revision someone else saved meanwhile, which the next save builds on. */
  newer: RecordItem;
  /** What the user is about to save, when they edit the fields. */
  edited?: Fields;
  fields: readonly FieldSpec[];
}

/** What the user may do now; `hasEdits` is undefined when they are confirming, not editing. */
function nextStep(revision: number, hasEdits: boolean | undefined) {
  if (hasEdits === undefined) return `Confirming again applies to revision ${revision}.`;
  return hasEdits
    ? `Your edits are kept. Saving again writes them on top of revision ${revision}:`
    : `Your form now matches revision ${revision}: there is nothing left to save.`;
}

/**
 * Says that someone else revised the item while the user had it open (409): who and when, what they
 * changed, and what saving again will change on top of their revision.
 */
export const ConflictAlert = ({ details, opened, newer, edited, fields }: ConflictAlertProps) => {
  const specs = withVoidFields(fields);
  const theirs = recordDiff(opened, newer, specs);
  const yours = edited ? recordDiff(newer, edited, fields) : [];
  const author = nameOf(details, newer.author);
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>
        Revision {newer.revision} by {author} at {formatInZone(newer.createdAt, details.client.timeZone)} was
        saved meanwhile
      </AlertTitle>
      {theirs.length > 0 && (
        <>
          <Typography variant="body2">{author} changed:</Typography>
          <ChangeList label={`Changed by ${author}`} changes={theirs} />
        </>
      )}
      <Typography variant="body2" sx={{ mt: 1 }}>
        {nextStep(newer.revision, edited ? yours.length > 0 : undefined)}
      </Typography>
      {yours.length > 0 && <ChangeList label="Your changes" changes={yours} />}
    </Alert>
  );
};
