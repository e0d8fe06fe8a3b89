import Chip from '@mui/material/Chip';
import type { CaseDetails } from '../../../../contract/cases';
import { isReportOverdueAt } from '../../../../contract/reportsDue';
import { useNow } from '../../../useNow';
import { ReportOverdueChip } from '../ReportOverdueChip';
import { nextReportText } from '../reportText';

/**
 * The case header's next report due (DESIGN §4 "Reports due"): "Next report: daily, due Nov 24, 2026, 09:00
 * EST", marked overdue once past, in a neutral colour (the reader's to catch up on, not an alarm); nothing when
 * no report is owed (a case closed or with a signed final owes none).
 */
export const NextReportFlag = ({ details }: { details: Pick<CaseDetails, 'nextReport' | 'client'> }) => {
  const now = useNow();
  const report = details.nextReport;
  if (!report) return null;
  const overdue = isReportOverdueAt(report, now);
  const text = nextReportText(report, details.client.timeZone);
  return overdue ? (
    <ReportOverdueChip label={`${text} — overdue`} />
  ) : (
    <Chip label={text} size="small" variant="outlined" />
  );
};
