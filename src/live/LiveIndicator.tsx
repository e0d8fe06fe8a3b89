import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import SyncIcon from '@mui/icons-material/Sync';
import { Chip } from '@mui/material';
import { useLiveStatus } from './LiveUpdates';

/** In the app bar: whether pages follow changes as they happen, or poll while the stream reconnects. */
export const LiveIndicator = () => {
  const status = useLiveStatus();
  if (status === 'off') return null;
  const live = status === 'live';
  return (
    <Chip
      role="status"
      size="small"
      icon={live ? <FiberManualRecordIcon color="success" /> : <SyncIcon />}
      label={live ? 'Live' : 'Reconnecting…'}
      title={
        live
          ? 'Changes made by anyone show here as they happen'
          : 'Live updates are reconnecting: pages refresh every 30 seconds meanwhile'
      }
      sx={{ mx: 1, color: 'inherit', borderColor: 'currentColor' }}
      variant="outlined"
    />
  );
};
