import Chip from '@mui/material/Chip';

/**
 * A report past its due time (DESIGN §4 "Reports due"), in a neutral colour: the reader's to catch up on,
 * not an alarm. Red stays for what needs a technologist now (an overdue check, an overdue notification).
 */
export const ReportOverdueChip = ({ label }: { label: string }) => (
  <Chip label={label} size="small" color="default" />
);
