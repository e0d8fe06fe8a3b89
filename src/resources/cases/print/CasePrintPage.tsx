import Alert from '@mui/material/Alert';
import { Loading } from 'react-admin';
import { useParams } from 'react-router-dom';
import { CaseNotFound } from '../page/CaseNotFound';
import { isCaseId, useCaseDetails } from '../page/useCaseDetails';
import { CaseReport } from './CaseReport';

/** `/continuous-monitoring/cases/print-details/{caseId}` (DESIGN §9): the case's printable report. */
export const CasePrintPage = () => {
  const { caseId = '' } = useParams();
  const { data: details, error, isPending } = useCaseDetails(caseId);
  // No stage in this URL, so no list to lead back to.
  if (error?.status === 404 || !isCaseId(caseId)) return <CaseNotFound caseId={caseId} stage="" />;
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (isPending) return <Loading />;
  return <CaseReport details={details} />;
};
