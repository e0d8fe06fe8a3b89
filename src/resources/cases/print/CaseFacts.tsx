import type { CaseDetails, Patient } from '../../../../contract/cases';
import { spanText } from '../../../durations';
import { FactSection } from '../../../print/ReportSection';
import type { TimeFormat } from '../../../print/reportFormat';
import { CLOCK_LABELS, clockText } from '../clocks/ClockStatus';
import { orderFacts } from '../clocks/OrderAndClocks';
import { patientFacts } from '../patientFacts';
import { personLabelOf } from '../records/recordFormat';

/** The report's facts about the case itself: patient, client, recording, the people on it. */

export const PatientSection = ({ patient }: { patient: Patient | null }) => (
  <FactSection
    title="Patient"
    facts={
      patient ? patientFacts(patient, { nameAsOne: true }) : [{ label: 'Details', value: 'None recorded' }]
    }
  />
);

export const ClientSection = ({ client }: { client: CaseDetails['client'] }) => (
  <FactSection
    title="Client"
    facts={[
      { label: 'Name', value: client.name },
      { label: 'Code', value: client.code },
      { label: 'Time zone', value: client.timeZone },
    ]}
  />
);

const durationText = ({ recordingStart, recordingEnd }: CaseDetails) => {
  if (!recordingStart) return 'Not started';
  const duration = spanText(recordingStart, recordingEnd);
  return recordingEnd ? duration : `${duration} so far`;
};

export const RecordingSection = ({ details, time }: { details: CaseDetails; time: TimeFormat }) => (
  <FactSection
    title="Recording"
    facts={[
      { label: 'Start', value: details.recordingStart ? time(details.recordingStart) : 'Not started' },
      {
        label: 'End',
        value:
          details.recordingStart && !details.recordingEnd ? 'Still recording' : time(details.recordingEnd),
      },
      { label: 'Duration', value: durationText(details) },
    ]}
  />
);

export const StaffSection = ({ details }: { details: CaseDetails }) => (
  <FactSection
    title="Technologists and reader"
    facts={[
      {
        label: 'Technologists',
        value: details.technologists.map(({ name }) => name).join(', ') || 'None assigned',
      },
      { label: 'Reader', value: details.reader ? personLabelOf(details, details.reader) : 'Not assigned' },
    ]}
  />
);

/** The order and its turnaround clocks as they stand when printed (DESIGN §4 turn 4). */
export const OrderSection = ({ details }: { details: CaseDetails }) => (
  <FactSection
    title="Order and turnaround"
    facts={[
      ...orderFacts(details),
      ...details.clocks.map((clock) => ({
        label: CLOCK_LABELS[clock.kind],
        value: clockText(clock, details.client.timeZone, Date.now()),
      })),
    ]}
  />
);
