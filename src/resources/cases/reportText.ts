import { INTERPRETATION_KIND_WORDS } from '../../../contract/caseRecords';
import type { NextReport } from '../../../contract/reportsDue';
import { formatInZone } from '../../dates';

/** A report's kind in words: "preliminary", "daily", "final". */
export const reportKindText = (report: Pick<NextReport, 'kind'>) => INTERPRETATION_KIND_WORDS[report.kind];

/** A daily report's billing period in the client's zone; a dash for the preliminary and the final. */
export const reportPeriodText = (report: Pick<NextReport, 'periodStart' | 'periodEnd'>, timeZone: string) =>
  report.periodStart && report.periodEnd
    ? `${formatInZone(report.periodStart, timeZone)} – ${formatInZone(report.periodEnd, timeZone)}`
    : '—';

/** "Next report: daily, due Nov 24, 2026, 09:00 EST", as the case header says it. */
export const nextReportText = (report: NextReport, timeZone: string) =>
  `Next report: ${reportKindText(report)}, due ${formatInZone(report.dueBy, timeZone)}`;
