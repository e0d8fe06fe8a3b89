import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetIdentity, usePermissions } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import type { Role } from '../../../../contract/roles';
import { useReassign } from '../assignments/useReassign';
import { AddTechnologist } from './AddTechnologist';

interface TechnologistsPanelProps {
  details: CaseDetails;
  /** The caller may change who works the case (and the case is active). */
  editable: boolean;
}

/**
 * The technologists on the case; those who may edit assign themselves or others, or take one off. A
 * refusal (409 at a load limit) is notified in the server's words, and the case is read again either way.
 */
export const TechnologistsPanel = ({ details, editable }: TechnologistsPanelProps) => {
  const assignment = useReassign();
  const { identity } = useGetIdentity();
  const { permissions } = usePermissions<Role[]>();
  const me = identity ? String(identity.id) : '';
  const onCase = new Set(details.technologists.map(({ username }) => username));
  const mayAssignSelf = permissions?.includes('technologist') && me !== '' && !onCase.has(me);
  const change = (username: string, name: string, assign: boolean) =>
    assignment.mutate({ row: details, [assign ? 'to' : 'from']: { username, name } });
  return (
    <Stack component="section" aria-label="Technologists" spacing={1}>
      <Typography variant="h6" component="h2">
        Technologists
      </Typography>
      {details.technologists.length === 0 ? (
        <Typography color="text.secondary">No technologist assigned yet.</Typography>
      ) : (
        <List dense disablePadding sx={{ maxWidth: 480 }}>
          {details.technologists.map(({ username, name }) => (
            <ListItem
              key={username}
              disableGutters
              secondaryAction={
                editable && (
                  <IconButton
                    aria-label={`Take ${name} off the case`}
                    disabled={assignment.isPending}
                    onClick={() => change(username, name, false)}
                  >
                    <PersonRemoveIcon />
                  </IconButton>
                )
              }
            >
              <ListItemText primary={name} secondary={username} />
            </ListItem>
          ))}
        </List>
      )}
      {editable && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          {mayAssignSelf && (
            <Button
              variant="outlined"
              disabled={assignment.isPending}
              onClick={() => change(me, identity?.fullName ?? me, true)}
            >
              Assign me
            </Button>
          )}
          <AddTechnologist
            onCase={onCase}
            pending={assignment.isPending}
            onAdd={({ username, name }) => change(username, name, true)}
          />
        </Stack>
      )}
    </Stack>
  );
};
