import AddIcon from '@mui/icons-material/Add';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { ACTIVE_CASE_STAGES, type CaseDetails, type CaseHandover } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { nameOf } from '../records/recordFormat';
import { ActionItem } from './ActionItem';
import { type ActionTarget, AddActionDialog } from './AddActionDialog';
import { activityTimeline, transitionHeading } from './activityTimeline';
import { HandoverDialog } from './HandoverDialog';
import { TransitionItem } from './TransitionItem';

/** A handover between technologists: from → to, who recorded it and when (in the client's zone), the note. */
const HandoverItem = ({ handover, details }: { handover: CaseHandover; details: CaseDetails }) => (
  <ListItem disableGutters>
    <ListItemText
      primary={`Handover: ${nameOf(details, handover.from)} → ${nameOf(details, handover.to)}`}
      secondary={`${handover.by}, ${formatInZone(handover.at, details.client.timeZone)}${handover.note ? ` — “${handover.note}”` : ''}`}
      slotProps={{ primary: { fontWeight: 500 }, secondary: { sx: { whiteSpace: 'pre-wrap' } } }}
    />
  </ListItem>
);

/**
 * The activity tab: stage changes (with their reasons and actions) and the case's own actions, newest
 * first, down to the case's opening. Anyone who may read the case records actions while it is open.
 */
export const ActivityTab = ({ details }: { details: CaseDetails }) => {
  const { canAccess } = useCanAccess({ resource: 'cases', action: 'show' });
  const { canAccess: canEdit } = useCanAccess({ resource: 'cases', action: 'edit' });
  const [adding, setAdding] = useState<{ target?: ActionTarget }>();
  const [handingOver, setHandingOver] = useState(false);
  const mayAct = Boolean(canAccess) && details.stage !== 'closed';
  const active = (ACTIVE_CASE_STAGES as readonly string[]).includes(details.stage);
  const mayHandOver = Boolean(canEdit) && active && details.technologists.length > 0;
  const addActionTo = (target?: ActionTarget) => () => setAdding({ target });
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Activity
        </Typography>
        <Stack direction="row" spacing={1}>
          {mayHandOver && (
            <Button startIcon={<SwapHorizIcon />} onClick={() => setHandingOver(true)}>
              Hand over
            </Button>
          )}
          {mayAct && (
            <Button startIcon={<AddIcon />} onClick={addActionTo()}>
              Add action
            </Button>
          )}
        </Stack>
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
          ) : entry.type === 'handover' ? (
            <HandoverItem key={`handover-${entry.handover.id}`} handover={entry.handover} details={details} />
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
      {handingOver && <HandoverDialog details={details} onClose={() => setHandingOver(false)} />}
      {adding && (
        <AddActionDialog details={details} target={adding.target} onClose={() => setAdding(undefined)} />
      )}
    </Stack>
  );
};
