import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { CaseAction } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { ACTION_KIND_LABELS } from './pageLabels';

/** One action: its kind and note, who recorded it and when. */
/** An action, its time in the client's zone. */
export const ActionItem = ({ action, timeZone }: { action: CaseAction; timeZone: string }) => (
  <ListItem disableGutters alignItems="flex-start">
    <ListItemText
      primary={
        action.note ? `${ACTION_KIND_LABELS[action.kind]}: ${action.note}` : ACTION_KIND_LABELS[action.kind]
      }
      secondary={`${action.by}, ${formatInZone(action.at, timeZone)}`}
      slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
    />
  </ListItem>
);
