import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isRole } from '../../../contract/roles';
import { GROUP_LABELS } from './userFormat';

interface GroupChipsProps {
  groups: readonly string[];
  /** The list's accessible name, e.g. "Groups of priya". */
  label: string;
}

/** A user's access groups as chips, admin stressed; a group the app does not know shows as named. */
export const GroupChips = ({ groups, label }: GroupChipsProps) =>
  groups.length === 0 ? (
    <Typography variant="body2" color="text.secondary">
      No group
    </Typography>
  ) : (
    <Stack
      component="ul"
      aria-label={label}
      direction="row"
      spacing={0.5}
      useFlexGap
      sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0 }}
    >
      {groups.map((group) => (
        <li key={group}>
          <Chip
            size="small"
            label={isRole(group) ? GROUP_LABELS[group] : group}
            color={group === 'admin' ? 'primary' : 'default'}
            variant={isRole(group) ? 'filled' : 'outlined'}
          />
        </li>
      ))}
    </Stack>
  );
