import type { CaseDetails } from '../../../../contract/cases';
import { ClosedCaseProtocol } from './ClosedCaseProtocol';
import { CurrentProtocol } from './CurrentProtocol';

/** The protocol tab: the client's current protocol, or once the case is closed the one it closed under. */
export const ProtocolTab = ({ details }: { details: CaseDetails }) =>
  details.stage === 'closed' ? (
    <ClosedCaseProtocol details={details} />
  ) : (
    <CurrentProtocol details={details} />
  );
