import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReportDue } from '../../contract/home';
import { isReportOverdueAt } from '../../contract/reportsDue';
import { formatInZone } from '../dates';
import { spanText } from '../durations';
import { ReportOverdueChip } from '../resources/cases/ReportOverdueChip';
import { reportKindText, reportPeriodText } from '../resources/cases/reportText';
import { useNow } from '../useNow';
import { CaseLink } from './CaseLink';
import { HomeTable } from './HomeTable';
import { HomeWidget, type WidgetData } from './HomeWidget';

const HEADERS = ['Case', 'Client', 'Report', 'Period', 'Due by', 'Status'];

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const ReportRow = ({ report, now }: { report: ReportDue; now: Date }) => {
  const overdue = isReportOverdueAt(report, now);
  return (
    <TableRow>
      <TableCell>
        <CaseLink
          caseNumber={report.caseNumber}
          stage={report.stage}
          id={report.caseId}
          tab="interpretations"
        />
      </TableCell>
      <TableCell>{report.clientName}</TableCell>
      <TableCell>{capitalized(reportKindText(report))}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{reportPeriodText(report, report.clientTimeZone)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatInZone(report.dueBy, report.clientTimeZone)}</TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {overdue && <ReportOverdueChip label={`Overdue ${spanText(report.dueBy, null, now.getTime())}`} />}
          {report.unbilled && (
            <Tooltip title="No signed report covers this period: it bills no professional code until one is signed">
              <Chip label="Period unbilled" size="small" color="warning" variant="outlined" />
            </Tooltip>
          )}
        </Box>
      </TableCell>
    </TableRow>
  );
};

/**
 * The reports the caller owes as the reader of open cases, the soonest due first (DESIGN §4 "Reports
 * due"): each links to the case's interpretations; one turns overdue here as the clock passes its due time,
 * shown with for how long in a neutral colour (the reader's to catch up on, not an alarm), and one whose
 * period no signed report covers is marked: that period bills no professional code yet. A case whose final
 * is signed, or that is closed, owes none (the server leaves them out).
 */
export const ReportsDue = (props: WidgetData<ReportDue[]>) => {
  const now = useNow();
  return (
    <HomeWidget title="Reports due" {...props}>
      {(reports) =>
        reports.length === 0 ? (
          <Typography color="text.secondary">You have no reports due.</Typography>
        ) : (
          <HomeTable label="Reports due" headers={HEADERS}>
            {reports.map((report) => (
              <ReportRow
                key={`${report.caseId} ${report.kind} ${report.periodStart ?? ''}`}
                report={report}
                now={now}
              />
            ))}
          </HomeTable>
        )
      }
    </HomeWidget>
  );
};
