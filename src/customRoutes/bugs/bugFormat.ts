import type { ChipProps } from '@mui/material/Chip';
import type { BugSeverity, BugStatus } from '../../../contract/bugs';

export const SEVERITY_LABELS: Record<BugSeverity, string> = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
  critical: 'Critical',
};

export const SEVERITY_COLORS: Record<BugSeverity, ChipProps['color']> = {
  low: 'default',
  medium: 'info',
  high: 'warning',
  critical: 'error',
};

export const STATUS_LABELS: Record<BugStatus, string> = {
  open: 'Open',
  'in-progress': 'In progress',
  resolved: 'Resolved',
};
