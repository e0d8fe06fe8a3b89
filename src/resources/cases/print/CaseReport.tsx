import { type ReactNode, useMemo } from 'react';
import { useCanAccess } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import type { Resource } from '../../../../contract/roles';
import { PrintFrame } from '../../../print/PrintFrame';
import { ReportMarker } from '../../../print/ReportMarker';
import { timesIn } from '../../../print/reportFormat';
import { reportStatus } from '../../../print/reportStatus';
import { ClientSection, OrderSection, PatientSection, RecordingSection, StaffSection } from './CaseFacts';
import { casePageLine } from './casePageLine';
import { EventsSection } from './EventsSection';
import { HandoversSection } from './HandoversSection';
import { HoursSection } from './HoursSection';
import { ImpedanceSection } from './ImpedanceSection';
import { InterpretationsSection } from './InterpretationsSection';
import { ReportHeader } from './ReportHeader';
import { useRecordsOf } from './reportQueries';
import { StudySection } from './StudySection';

/**
 * A section of records the caller's role may read (the role table the server checks), left out otherwise: a
 * billing print holds no clinical records, and asks the API for none (DESIGN §3, minimum necessary).
 */
const IfReadable = ({ resource, children }: { resource: Resource; children: ReactNode }) => {
  const { canAccess } = useCanAccess({ resource, action: 'list' });
  return canAccess ? children : null;
};

/**
 * A case's report as one printable document, in the order of an ACNS continuous-EEG report: who and what
 * was recorded, how the recording went, what happened, what the reader found, and the hours worked.
 */
export const CaseReport = ({ details }: { details: CaseDetails }) => {
  const time = useMemo(() => timesIn(details.client.timeZone), [details.client.timeZone]);
  const interpretations = useRecordsOf(details.id, 'interpretations');
  const status = reportStatus(details, interpretations.data);
  return (
    <PrintFrame
      title={`${details.caseNumber} continuous EEG report`}
      width="210mm"
      time={time}
      {...casePageLine(details, status)}
    >
      <ReportHeader details={details} />
      <ReportMarker status={status} />
      <PatientSection patient={details.patient} />
      <ClientSection client={details.client} />
      <StudySection details={details} />
      <OrderSection details={details} />
      <RecordingSection details={details} time={time} />
      <StaffSection details={details} />
      <HandoversSection details={details} time={time} />
      <IfReadable resource="cases.impedances">
        <ImpedanceSection details={details} time={time} />
      </IfReadable>
      <IfReadable resource="cases.events">
        <EventsSection details={details} time={time} />
      </IfReadable>
      <IfReadable resource="cases.interpretations">
        <InterpretationsSection details={details} time={time} />
      </IfReadable>
      <IfReadable resource="cases.time-logs">
        <HoursSection details={details} time={time} />
      </IfReadable>
    </PrintFrame>
  );
};
