import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Navigate, useLocation } from 'react-router-dom';
import { casePagePath } from '../../../../contract/paths';
import { NotFoundPage } from '../../../customRoutes';
import { PageReadError, RetryAlert } from '../../../customRoutes/RetryAlert';
import { PageLoading } from '../../../layout/PageLoading';
import { CaseHeader } from './CaseHeader';
import { CaseNotFound } from './CaseNotFound';
import { CaseTabBar, CaseTabContent } from './CaseTabs';
import { isCaseTab, useCasePageParams } from './casePageTabs';
import { isCaseId, useCaseDetails } from './useCaseDetails';

/**
 * A case's page, `/continuous-monitoring/cases/{stage}/{caseId}/{tab}` (DESIGN §9). The tab comes from the
 * URL, so each tab is reload-safe; without a tab the details open. A case opened under another stage's
 * URL (a stale link, or a list row read before the case moved) is sent to its own stage's URL.
 *
 * A case read again in the background (after a write, a live change) that fails keeps the page as it was
 * read, and what is open on it (a dialog, a half-typed record), with a warning and "Try again": the page
 * is kept open all shift, and a dropped connection must not take a technologist's work with it.
 */
export const CasePage = () => {
  const { stage, caseId, tab } = useCasePageParams();
  const { search } = useLocation();
  const { data: details, error, isPending, refetch } = useCaseDetails(caseId);
  if (tab === undefined) return <Navigate to={casePagePath(stage, caseId)} replace />;
  if (!isCaseTab(tab)) return <NotFoundPage />;
  if (error?.status === 404 || !isCaseId(caseId)) return <CaseNotFound caseId={caseId} stage={stage} />;
  if (error && !details)
    return (
      <PageReadError title="Case" onRetry={() => refetch()}>
        {error.message}
      </PageReadError>
    );
  if (isPending || !details) return <PageLoading title="Case" />;
  if (details.stage !== stage)
    return <Navigate to={`${casePagePath(details.stage, details.id, tab)}${search}`} replace />;
  return (
    <>
      {error && (
        <Box sx={{ mb: 2 }}>
          <RetryAlert severity="warning" onRetry={() => refetch()}>
            The case could not be read again ({error.message}): it shows as last read.
          </RetryAlert>
        </Box>
      )}
      <CaseHeader details={details} />
      <CaseTabBar details={details} current={tab} />
      <Card>
        <CardContent>
          <CaseTabContent details={details} tab={tab} />
        </CardContent>
      </Card>
    </>
  );
};
