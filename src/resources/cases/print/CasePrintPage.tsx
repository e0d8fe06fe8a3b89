import Box from '@mui/material/Box';
import { Loading } from 'react-admin';
import { useParams } from 'react-router-dom';
import { PageReadError } from '../../../customRoutes/RetryAlert';
import { CaseNotFound } from '../page/CaseNotFound';
import { isCaseId, useCaseDetails } from '../page/useCaseDetails';
import { CaseReport } from './CaseReport';

/** `/continuous-monitoring/cases/print-details/{caseId}` (DESIGN §9): the case's printable report. */
export const CasePrintPage = () => {
  const { caseId = '' } = useParams();
  const { data: details, error, isPending, refetch } = useCaseDetails(caseId);
  // No stage in this URL, so no list to lead back to.
  if (error?.status === 404 || !isCaseId(caseId)) return <CaseNotFound caseId={caseId} stage="" />;
  if (error)
    return (
      <Box sx={{ maxWidth: 720, mx: 'auto', p: 4 }}>
        <PageReadError title="Continuous EEG monitoring report" onRetry={() => refetch()}>
          The case could not be read: {error.message}
        </PageReadError>
      </Box>
    );
  if (isPending) return <Loading />;
  return <CaseReport details={details} />;
};
