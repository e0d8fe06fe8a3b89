import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useLocation, useNavigate } from 'react-router-dom';
import { PAGE_PATHS } from '../../../../contract/paths';
import type { HoursByMonth } from '../reportPivot';

/** Opens a client's monitoring hours per case, over the same months. */
export const ClientPicker = ({ clients }: { clients: readonly HoursByMonth[] }) => {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <TextField
      select
      size="small"
      label="A client's cases"
      value=""
      onChange={(event) =>
        navigate({ pathname: PAGE_PATHS.clientMonitoringHours(event.target.value), search })
      }
      disabled={clients.length === 0}
      sx={{ minWidth: 280, alignSelf: 'flex-start' }}
    >
      {clients.map((client) => (
        <MenuItem key={client.key} value={client.key}>
          {client.label}
        </MenuItem>
      ))}
    </TextField>
  );
};
