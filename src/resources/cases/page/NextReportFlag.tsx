import Chip from '@mui/material/Chip';
import type { CaseDetails } from '../../../../contract/cases';
import { isReportOverdueAt } from '../../../../contract/reportsDue';
import { useNow } from '../../../useNow';
import { nextReportText } from '../reportText';

/**
 * The case header's next report due (DESIGN §4 "Reports due"): "Next report: daily, due Nov 24, 2026, 09:00
 * EST", red once overdue; nothing when no report is owed.
 */
export const NextReportFlag = ({ details }: { details: Pick<CaseDetails, 'nextReport' | 'client'> }) => {
  const now = useNow();
  const report = details.nextReport;
  if (!report) return null;
  const overdue = isReportOverdueAt(report, now);
  const text = nextReportText(report, details.client.timeZone);
  return (
    <Chip
      label={overdue ? `${text} — overdue` : text}
      size="small"
      color={overdue ? 'error' : 'default'}
      variant={overdue ? 'filled' : 'outlined'}
    />
  );
};
