import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { type Identifier, Link } from 'react-admin';
import type { BillingCycle } from '../../../contract/billing';
import { casePagePath } from '../../../contract/paths';
import { ReportTable } from '../../print/ReportTable';
import { timesIn } from '../../print/reportFormat';
import { RunningLogChip } from './BillingChips';
import { monthLabel } from './billingFormat';
import { useBillableHours } from './billingQueries';
import { ProfessionalCodes } from './CptCodes';
import { minutesAndHours } from './StatementLines';

const HEAD = ['Case', 'Patient', 'Billable', 'Adjustments', 'Total', 'Professional codes'];

/**
 * Per case, the hours a month bills as they stand now (GET …/billable-hours, spec §7): the month picked
 * among the client's months, newest first by default, with each case's professional codes per reader who
 * signed and its unreported periods. A closed month's statement keeps its frozen lines.
 */
export const CaseHoursSection = ({
  clientId,
  cycles,
}: {
  clientId: Identifier;
  cycles: readonly BillingCycle[];
}) => {
  const [picked, setPicked] = useState<string>();
  const month = picked ?? cycles[0]?.month;
  const { data, error } = useBillableHours(clientId, month);
  const timeZone = data?.client.timeZone;
  const time = useMemo(() => timesIn(timeZone ?? 'UTC'), [timeZone]);
  if (!month) return null;
  return (
    <Box component="section" aria-labelledby="case-hours-title" sx={{ mt: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography id="case-hours-title" variant="h6" component="h2">
          Billable hours per case
        </Typography>
        <TextField
          select
          size="small"
          label="Month"
          value={month}
          onChange={(event) => setPicked(event.target.value)}
          sx={{ minWidth: 200, '@media print': { display: 'none' } }}
        >
          {cycles.map((cycle) => (
            <MenuItem key={cycle.month} value={cycle.month}>
              {monthLabel(cycle.month)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {error ? (
        <Alert severity="error">
          The hours of {monthLabel(month)} could not be read: {error.message}
        </Alert>
      ) : !data || data.month !== month ? (
        <LinearProgress aria-label={`Reading the hours of ${monthLabel(month)}`} />
      ) : data.cases.length === 0 ? (
        <Typography color="text.secondary">No billable cases in {monthLabel(month)}.</Typography>
      ) : (
        <ReportTable
          label={`Billable hours per case, ${monthLabel(month)}`}
          head={HEAD}
          rows={data.cases.map((line) => ({
            key: line.caseId,
            cells: [
              <Link key="case" to={casePagePath(line.stage, line.caseId)}>
                {line.caseNumber}
              </Link>,
              line.patientName,
              <>
                {minutesAndHours(line.minutes, line.hours)}
                {line.openLog && <RunningLogChip stale={line.staleLog} />}
              </>,
              minutesAndHours(line.adjustMinutes, line.adjustHours),
              minutesAndHours(line.totalMinutes, line.totalHours),
              <ProfessionalCodes key="professional" professional={line.professional} time={time} />,
            ],
          }))}
          total={{
            key: 'totals',
            cells: [
              'Totals',
              '',
              minutesAndHours(data.totals.minutes, data.totals.hours),
              minutesAndHours(data.totals.adjustMinutes, data.totals.adjustHours),
              minutesAndHours(data.totals.totalMinutes, data.totals.totalHours),
              '',
            ],
          }}
        />
      )}
    </Box>
  );
};
