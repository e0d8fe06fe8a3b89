import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import type { BillableCase, Statement } from '../../../contract/billing';
import { ReportSection, SmallPrint } from '../../resources/cases/print/ReportSection';
import { ReportTable } from '../../resources/cases/print/ReportTable';
import type { TimeFormat } from '../../resources/cases/print/reportFormat';
import { RunningLogChip } from './BillingChips';
import { CptCodes, CptLegend } from './CptCodes';
import { lineNote } from './statementFormat';

const HEAD = [
  'Case',
  'Patient',
  'Recording',
  'Billable hours',
  'Adjustments',
  'Total hours',
  'CPT codes',
  'Note',
];

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

/** One line per case billed in the month, and the month's totals (hours as the server summed them). */
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
              {line.hours}
              {line.openLog && <RunningLogChip stale={line.staleLog} />}
            </>,
            line.adjustHours,
            line.totalHours,
            <CptCodes key="cpt" cpt={line.cpt} />,
            lineNote(line),
          ],
        }))}
        total={{
          key: 'totals',
          cells: [
            'Totals',
            '',
            '',
            statement.totals.hours,
            statement.totals.adjustHours,
            statement.totals.totalHours,
            '',
            '',
          ],
        }}
      />
    )}
    <CptLegend codes={statement.lines.flatMap((line) => line.cpt.codes)} />
  </ReportSection>
);
