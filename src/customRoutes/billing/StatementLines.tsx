import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { BillableCase, Statement } from '../../../contract/billing';
import { ReportSection, SmallPrint } from '../../print/ReportSection';
import { ReportTable } from '../../print/ReportTable';
import type { TimeFormat } from '../../print/reportFormat';
import { RunningLogChip } from './BillingChips';
import { CptCodes, CptLegend, ProfessionalCodes } from './CptCodes';
import { lineNote, professionalCodesOf } from './statementFormat';

const HEAD = ['Case', 'Patient', 'Recording', 'Billable', 'Adjustments', 'Total', 'CPT codes', 'Note'];

/** "161 min (2.68 h)": the minutes the amount is reckoned from, and the hours they make. */
export const minutesAndHours = (minutes: number, hours: string) => `${minutes} min (${hours} h)`;

const recording = (line: BillableCase, time: TimeFormat) =>
  `${time(line.recordingStart)} – ${line.recordingStart && !line.recordingEnd ? 'still recording' : time(line.recordingEnd)}`;

/** The cases whose running logs count in the month: the cycle cannot close until they stop (DESIGN §4). */
const RunningLogs = ({ lines }: { lines: readonly BillableCase[] }) => {
  const running = lines.filter((line) => line.openLog).map((line) => line.caseNumber);
  if (running.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 1, '@media print': { display: 'none' } }}>
      A time log is still running on {running.length === 1 ? 'case' : 'cases'} {running.join(', ')}: its hours
      count up to now, one shift at most, and the month cannot be closed until it stops.
    </Alert>
  );
};

/** One line per case billed in the month, in minutes and hours, and the month's totals as the server summed them. */
export const StatementLines = ({ statement, time }: { statement: Statement; time: TimeFormat }) => (
  <ReportSection title="Cases">
    {!statement.frozen && <RunningLogs lines={statement.lines} />}
    {statement.lines.length === 0 ? (
      <SmallPrint>No billable cases in this month.</SmallPrint>
    ) : (
      <ReportTable
        label="Statement lines"
        head={HEAD}
        rows={statement.lines.map((line) => ({
          key: line.caseId,
          cells: [
            line.caseNumber,
            <>
              {line.patientName}
              <Typography variant="caption" component="span" sx={{ display: 'block' }}>
                MRN {line.mrn}
              </Typography>
            </>,
            recording(line, time),
            <>
              {minutesAndHours(line.minutes, line.hours)}
              {line.openLog && <RunningLogChip stale={line.staleLog} />}
            </>,
            minutesAndHours(line.adjustMinutes, line.adjustHours),
            minutesAndHours(line.totalMinutes, line.totalHours),
            <>
              <CptCodes cpt={line.cpt} />
              <ProfessionalCodes professional={line.professional} time={time} />
            </>,
            lineNote(line),
          ],
        }))}
        total={{
          key: 'totals',
          cells: [
            'Totals',
            '',
            '',
            minutesAndHours(statement.totals.minutes, statement.totals.hours),
            minutesAndHours(statement.totals.adjustMinutes, statement.totals.adjustHours),
            minutesAndHours(statement.totals.totalMinutes, statement.totals.totalHours),
            '',
            '',
          ],
        }}
      />
    )}
    <CptLegend codes={statement.lines.flatMap((line) => [...line.cpt.codes, ...professionalCodesOf(line)])} />
  </ReportSection>
);
