import type { CaseDetails } from '../../../../contract/cases';
import { hoursOf } from '../../../../contract/hours';
import { DEFAULT_MAX_OPEN_LOG_HOURS } from '../../../../contract/timeLogs';
import { ReportSection, SmallPrint } from '../../../print/ReportSection';
import { ReportTable } from '../../../print/ReportTable';
import type { TimeFormat } from '../../../print/reportFormat';
import { nameOf } from '../records/recordFormat';
import { useTimeLogs } from '../records/recordQueries';
import { caseHours } from './caseHours';
import { RecordsGate } from './RecordsGate';

/**
 * Each technologist's logged and billable hours, and the case's: its billable hours count overlapping logs
 * of two technologists once, so they may be less than the technologists' sum.
 */
export const HoursSection = ({ details, time }: { details: CaseDetails; time: TimeFormat }) => {
  const query = useTimeLogs(details.id);
  return (
    <ReportSection title="Hours">
      <RecordsGate query={query} noun="time logs" one="time log">
        {(logs) => {
          const hours = caseHours(logs, { now: new Date(), recordingEnd: details.recordingEnd });
          const running = logs.some((log) => log.end === null);
          const runningUntil = details.recordingEnd
            ? `now, at most 4 h after the recording end (${time(details.recordingEnd)})`
            : 'now';
          return (
            <>
              <ReportTable
                label="Hours"
                head={['Technologist', 'Logged hours', 'Billable hours']}
                rows={hours.technologists.map(({ technologist, loggedMinutes, billableMinutes }) => ({
                  key: technologist,
                  cells: [nameOf(details, technologist), hoursOf(loggedMinutes), hoursOf(billableMinutes)],
                }))}
                total={{
                  key: 'case',
                  cells: ['The case', hoursOf(hours.loggedMinutes), hoursOf(hours.billableMinutes)],
                }}
              />
              <SmallPrint>
                In the case's hours, time logged by two technologists at once counts once.
                {running &&
                  ` A running log counts up to ${runningUntil}, and at most ${DEFAULT_MAX_OPEN_LOG_HOURS} h from its start.`}
              </SmallPrint>
            </>
          );
        }}
      </RecordsGate>
    </ReportSection>
  );
};
