import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { CaseAction } from '../../../../contract/cases';
import { formatDateTime } from '../../../dates';
import { ACTION_KIND_LABELS } from './pageLabels';

/** One action: its kind and note, who recorded it and when. */
export const ActionItem = ({ action }: { action: CaseAction }) => (
  <ListItem disableGutters alignItems="flex-start">
    <ListItemText
      primary={
        action.note ? `${ACTION_KIND_LABELS[action.kind]}: ${action.note}` : ACTION_KIND_LABELS[action.kind]
      }
      secondary={`${action.by}, ${formatDateTime(action.at)}`}
      slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
    />
  </ListItem>
);
