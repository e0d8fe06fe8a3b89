import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { BooleanInput, SelectInput, useGetIdentity } from 'react-admin';
import type { CaseDetails } from '../../../../../contract/cases';
import { runsBackwards } from '../../../../../contract/hours';
import {
  BACKWARDS_LOG_MESSAGE,
  type TIME_LOG_ACTIVITIES,
  type TimeLog,
  timeLogFieldsSchema,
} from '../../../../../contract/timeLogs';
import { formatInZone } from '../../../../dates';
import { spanText } from '../../../../durations';
import { ZonedDateTimeInput } from '../../../../forms/ZonedDateTimeInput';
import { choicesOf } from '../../caseLabels';
import { HandoverDialog } from '../../page/HandoverDialog';
import { InputRow } from '../InputRow';
import { labelledField, momentField } from '../recordFields';
import { nameOf } from '../recordFormat';
import type { RecordKindView } from '../types';
import { useRecordAccess } from '../useRecordAccess';
import { useRecordWrites } from '../useRecordWrites';
import { LinkedNotes } from './LinkedNotes';

export const ACTIVITY_LABELS: Record<(typeof TIME_LOG_ACTIVITIES)[number], string> = {
  hookup: 'Hookup',
  monitoring: 'Monitoring',
  check: 'Check',
  maintenance: 'Maintenance',
  review: 'Review',
  takedown: 'Takedown',
};

const HALF_HOUR = 30 * 60_000;
const at = (ms: number) => new Date(ms).toISOString();

/** What the dialog edits; the technologist and the note links are the server's to set. */
const formSchema = timeLogFieldsSchema
  .pick({ start: true, end: true, activity: true, billable: true })
  .superRefine((fields, context) => {
    if (fields.end && runsBackwards(Date.parse(fields.start), Date.parse(fields.end)))
      context.addIssue({ code: 'custom', path: ['end'], message: BACKWARDS_LOG_MESSAGE });
  });

const timeLogFields = ({ client }: CaseDetails) => [
  momentField('start', 'Start', client.timeZone),
  momentField('end', 'End', client.timeZone),
  labelledField('activity', 'Activity', ACTIVITY_LABELS),
  { field: 'billable', label: 'Billable' },
];

const TimeLogInputs = ({ details }: { details: CaseDetails }) => (
  <>
    <InputRow>
      <ZonedDateTimeInput source="start" label="Start" timeZone={details.client.timeZone} isRequired />
      <ZonedDateTimeInput
        source="end"
        label="End"
        timeZone={details.client.timeZone}
        helperText="Empty while the log runs"
      />
    </InputRow>
    <InputRow>
      <SelectInput source="activity" label="Activity" choices={choicesOf(ACTIVITY_LABELS)} isRequired />
      <BooleanInput source="billable" label="Billable" />
    </InputRow>
  </>
);

/** Where a stop ends a running log: now, or its latest allowed end when that is earlier (a forgotten log). */
const stopAt = (log: Pick<TimeLog, 'latestEnd'>, now = Date.now()) =>
  at(Math.min(now, log.latestEnd ? Date.parse(log.latestEnd) : now));

/** What the intro says of the caller's log on this case. */
function myLogText(running: TimeLog | undefined, details: CaseDetails): string {
  if (!running) {
    return details.recordingStart
      ? 'You have no time log running on this case; your logs on other cases run on their own. The case moves on to preview only once every log is stopped.'
      : 'The recording has not started: a log started now is a hookup log. Your logs on other cases run on their own.';
  }
  const since = `Your ${ACTIVITY_LABELS[running.activity].toLowerCase()} log on this case has been running since ${formatInZone(running.start, details.client.timeZone)} (${spanText(running.start, running.end)}).`;
  return running.stale && running.latestEnd
    ? `${since} It is stale: it counts for one shift at most, so stopping it ends it at ${formatInZone(running.latestEnd, details.client.timeZone)}. Add a log for any time after that.`
    : since;
}

/**
 * The signed-in technologist's own log on this case: start one, or stop the one that runs here, or hand the
 * case over from it (the handover ends it and opens the incoming technologist's). They may have logs
 * running on their other cases at the same time (concurrent monitoring, DESIGN §4).
 */
const MyTimeLog = ({ details, records }: { details: CaseDetails; records: readonly TimeLog[] }) => {
  const { identity } = useGetIdentity();
  const access = useRecordAccess(details, 'time-logs');
  const writes = useRecordWrites(details, 'time-logs');
  const [pending, setPending] = useState(false);
  const [handingOver, setHandingOver] = useState(false);
  if (!identity || !access.canCreate) return null;
  const running = records.find((log) => !log.voided && log.end === null && log.technologist === identity.id);
  const run = (write: () => Promise<unknown>) => {
    setPending(true);
    write()
      .catch(writes.refused)
      .finally(() => setPending(false));
  };
  // Before the recording starts only a hookup is logged (DESIGN §4 "Windows").
  const activity = details.recordingStart ? 'monitoring' : 'hookup';
  const intro = (
    <Alert
      severity={running ? (running.stale ? 'warning' : 'success') : 'info'}
      icon={false}
      action={
        running ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
            <Button color="inherit" startIcon={<SwapHorizIcon />} onClick={() => setHandingOver(true)}>
              Hand over
            </Button>
            <Button
              color="inherit"
              startIcon={<StopIcon />}
              disabled={pending}
              onClick={() => run(() => writes.revise(running, { end: stopAt(running) }, 'Time log stopped'))}
            >
              Stop my time log
            </Button>
          </Stack>
        ) : (
          <Button
            color="inherit"
            startIcon={<PlayArrowIcon />}
            disabled={pending}
            onClick={() => run(() => writes.create({ activity }, 'Time log started'))}
          >
            Start my time log
          </Button>
        )
      }
    >
      {myLogText(running, details)}
    </Alert>
  );
  return (
    <>
      {intro}
      {handingOver && <HandoverDialog details={details} onClose={() => setHandingOver(false)} />}
    </>
  );
};

/** Technologist time logs: who worked on the case, when, doing what; a running log has no end yet. */
export const timeLogsView: RecordKindView<TimeLog> = {
  kind: 'time-logs',
  title: 'Time logs',
  noun: 'time log',
  emptyText: 'No time logged on this case yet.',
  schema: formSchema,
  columns: [
    { label: 'Technologist', render: (log, details) => nameOf(details, log.technologist) },
    {
      label: 'Start',
      nowrap: true,
      render: (log, details) => formatInZone(log.start, details.client.timeZone),
    },
    {
      label: 'End',
      nowrap: true,
      render: (log, details) =>
        log.end ? (
          formatInZone(log.end, details.client.timeZone)
        ) : (
          <Stack direction="row" spacing={0.5}>
            <Chip size="small" color="success" label="Running" />
            {log.stale && (
              <Tooltip title="Running for longer than a shift: it counts for one shift at most. Stop or correct it.">
                <Chip size="small" color="warning" label="Stale" />
              </Tooltip>
            )}
          </Stack>
        ),
    },
    { label: 'Duration', nowrap: true, render: (log) => spanText(log.start, log.end) },
    { label: 'Activity', render: (log) => ACTIVITY_LABELS[log.activity] },
    { label: 'Billable', render: (log) => (log.billable ? 'Yes' : 'No') },
    { label: 'Notes', render: (log, details) => <LinkedNotes log={log} details={details} /> },
  ],
  useFields: timeLogFields,
  Inputs: TimeLogInputs,
  defaults: () => ({
    start: new Date(Date.now() - HALF_HOUR).toISOString(),
    end: null,
    activity: 'monitoring',
    billable: true,
  }),
  orderBy: (log) => log.start,
  actions: [
    {
      label: 'Insert before',
      shows: (log, { canCreate }) => canCreate && !log.voided,
      effect: {
        type: 'create',
        location: 'before',
        from: (log) => ({
          start: at(Date.parse(log.start) - HALF_HOUR),
          end: log.start,
          activity: log.activity,
        }),
      },
    },
    {
      label: 'Insert after',
      shows: (log, { canCreate }) => canCreate && !log.voided && log.end !== null,
      effect: {
        type: 'create',
        location: 'after',
        from: (log) => {
          const end = Math.min(Date.parse(log.end ?? log.start) + HALF_HOUR, Date.now());
          return { start: log.end, end: at(end), activity: log.activity };
        },
      },
    },
  ],
  Intro: MyTimeLog,
};
