import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import type { CaseTransition } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { ActionItem } from './ActionItem';
import { transitionHeading } from './activityTimeline';

interface TransitionItemProps {
  transition: CaseTransition;
  /** The client's zone its times are shown in. */
  timeZone: string;
  /** Given when the caller may record an action on this transition. */
  onAddAction?: () => void;
}

/** A stage change: from → to, who and when, the reason, and the actions recorded on it. */
export const TransitionItem = ({ transition, timeZone, onAddAction }: TransitionItemProps) => {
  const heading = transitionHeading(transition);
  return (
    <ListItem disableGutters alignItems="flex-start" sx={{ display: 'block' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <ListItemText
          primary={heading}
          secondary={`${transition.by}, ${formatInZone(transition.at, timeZone)}${transition.reason ? ` — “${transition.reason}”` : ''}`}
          slotProps={{ primary: { fontWeight: 500 }, secondary: { sx: { whiteSpace: 'pre-wrap' } } }}
        />
        {onAddAction && (
          <Button
            size="small"
            startIcon={<AddIcon />}
            onClick={onAddAction}
            aria-label={`Add action to ${heading}`}
          >
            Action
          </Button>
        )}
      </Stack>
      {transition.actions.length > 0 && (
        <List dense disablePadding aria-label={`Actions on ${heading}`} sx={{ pl: 3 }}>
          {transition.actions.map((action) => (
            <ActionItem key={action.id} action={action} timeZone={timeZone} />
          ))}
        </List>
      )}
    </ListItem>
  );
};
