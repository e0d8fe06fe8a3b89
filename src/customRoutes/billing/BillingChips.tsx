import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { CycleStatus } from '../../../contract/billing';
import { CYCLE_STATUS_LABELS } from './billingFormat';

const STATUS_COLORS: Record<CycleStatus, ChipProps['color']> = {
  open: 'default',
  closed: 'primary',
  invoiced: 'success',
};

/** A month's status: open (still changing), closed (lines frozen), invoiced. */
export const CycleStatusChip = ({ status }: { status: CycleStatus }) => (
  <Chip size="small" variant="outlined" color={STATUS_COLORS[status]} label={CYCLE_STATUS_LABELS[status]} />
);

/** A month with hours, still open, without a rate: it cannot be closed or billed yet. */
export const NeedsRateChip = () => (
  <Chip size="small" color="warning" icon={<WarningAmberIcon />} label="Needs a rate" />
);

/** A statement line counting a running time log: its hours may still change; stale when over a shift. */
export const RunningLogChip = ({ stale }: { stale: boolean }) => (
  <Chip
    size="small"
    color={stale ? 'warning' : 'info'}
    variant="outlined"
    label={stale ? 'Open log, stale' : 'Open log'}
    sx={{ ml: 0.5, '@media print': { border: 'none' } }}
  />
);
