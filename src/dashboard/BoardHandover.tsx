import { HandoverDialog } from '../resources/cases/page/HandoverDialog';
import { useCaseDetails } from '../resources/cases/page/useCaseDetails';

/** The handover dialog opened from a board row, once the case's page record (its technologists, zone) is read. */
export const BoardHandover = ({ caseId, onClose }: { caseId: number; onClose: () => void }) => {
  const { data: details } = useCaseDetails(String(caseId));
  return details ? <HandoverDialog details={details} onClose={onClose} /> : null;
};
