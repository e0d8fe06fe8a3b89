import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { ActionItem } from './ActionItem';
import { type ActionTarget, AddActionDialog } from './AddActionDialog';
import { activityTimeline, transitionHeading } from './activityTimeline';
import { TransitionItem } from './TransitionItem';

/**
 * The activity tab: stage changes (with their reasons and actions) and the case's own actions, newest
 * first, down to the case's opening. Anyone who may read the case records actions while it is open.
 */
export const ActivityTab = ({ details }: { details: CaseDetails }) => {
  const { canAccess } = useCanAccess({ resource: 'cases', action: 'show' });
  const [adding, setAdding] = useState<{ target?: ActionTarget }>();
  const mayAct = Boolean(canAccess) && details.stage !== 'closed';
  const addActionTo = (target?: ActionTarget) => () => setAdding({ target });
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Activity
        </Typography>
        {mayAct && (
          <Button startIcon={<AddIcon />} onClick={addActionTo()}>
            Add action
          </Button>
        )}
      </Stack>
      <List aria-label="Activity" disablePadding>
        {activityTimeline(details).map((entry) =>
          entry.type === 'transition' ? (
            <TransitionItem
              key={`transition-${entry.transition.id}`}
              transition={entry.transition}
              timeZone={details.client.timeZone}
              onAddAction={
                mayAct
                  ? addActionTo({
                      transitionId: entry.transition.id,
                      heading: transitionHeading(entry.transition),
                    })
                  : undefined
              }
            />
          ) : (
            <ActionItem
              key={`action-${entry.action.id}`}
              action={entry.action}
              timeZone={details.client.timeZone}
            />
          ),
        )}
        <ListItem disableGutters>
          <ListItemText
            primary="Case opened"
            secondary={`${details.createdBy}, ${formatInZone(details.createdAt, details.client.timeZone)}`}
          />
        </ListItem>
      </List>
      {adding && (
        <AddActionDialog details={details} target={adding.target} onClose={() => setAdding(undefined)} />
      )}
    </Stack>
  );
};
