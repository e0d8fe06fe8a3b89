import type { CaseDetails } from '../../../../contract/cases';
import type { ProtocolRevision } from '../../../../contract/clients';
import { FactSection } from '../../../print/ReportSection';
import { useCurrentRevision } from '../../clients/protocol/useRevisions';
import { MONITORING_LEVEL_LABELS, STUDY_TYPE_LABELS } from '../caseLabels';
import { useClosedCaseProtocol } from '../page/useClosedCaseProtocol';

const revisionText = (revision: number | null) => (revision ? `Revision ${revision}` : 'None at intake');

/**
 * The protocol's limits when it can be read (as the protocol tab reads it: the client's current protocol
 * while the case is open, the one it closed under once closed); its revision when that differs from intake.
 */
function protocolFacts(details: CaseDetails, protocol: ProtocolRevision | null | undefined) {
  if (!protocol) return [];
  const closed = details.stage === 'closed';
  return [
    ...(protocol.revision === details.protocolRevision
      ? []
      : [{ label: closed ? 'Closed under' : 'Current protocol', value: `Revision ${protocol.revision}` }]),
    { label: 'Impedance limit', value: `${protocol.impedanceLimitKOhm} kΩ` },
    { label: 'Check interval', value: `Every ${protocol.checkIntervalMinutes} min` },
  ];
}

const StudyFacts = ({ details, protocol }: { details: CaseDetails; protocol?: ProtocolRevision | null }) => (
  <FactSection
    title="Study"
    facts={[
      { label: 'Study type', value: STUDY_TYPE_LABELS[details.studyType] },
      { label: 'Video', value: details.hasVideo ? 'With video' : 'No video' },
      { label: 'Monitoring level', value: MONITORING_LEVEL_LABELS[details.monitoringLevel] },
      { label: 'Protocol revision', value: revisionText(details.protocolRevision) },
      ...protocolFacts(details, protocol),
    ]}
  />
);

const OpenCaseStudy = ({ details }: { details: CaseDetails }) => {
  const { data } = useCurrentRevision(details.client.id, 'protocol');
  return <StudyFacts details={details} protocol={data} />;
};

const ClosedCaseStudy = ({ details }: { details: CaseDetails }) => {
  const { data } = useClosedCaseProtocol(details);
  return <StudyFacts details={details} protocol={data?.protocol} />;
};

/** Study type, video, level, and the protocol the case runs under; without its limits if it cannot be read. */
export const StudySection = ({ details }: { details: CaseDetails }) =>
  details.stage === 'closed' ? <ClosedCaseStudy details={details} /> : <OpenCaseStudy details={details} />;
