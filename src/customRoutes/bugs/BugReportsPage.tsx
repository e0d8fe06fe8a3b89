import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link, Title, useCanAccess } from 'react-admin';
import { PAGE_PATHS } from '../../../contract/paths';
import { RetryAlert } from '../RetryAlert';
import { BugReportsTable } from './BugReportsTable';
import { useBugReports } from './bugQueries';
import { ReportBugButton } from './ReportBugButton';

const PER_PAGE = 25;

/**
 * `/bugs` (DESIGN §9): the bug reports, newest first; an admin sees everyone's, anyone else their own.
 * Admins also reach the self-checks from here.
 */
export const BugReportsPage = () => {
  const [page, setPage] = useState(1);
  const { data, total, error, refetch } = useBugReports(page, PER_PAGE);
  const { canAccess: canRunChecks = false } = useCanAccess({ resource: 'bugs.unit-tests', action: 'list' });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Bugs" />
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
              Bug reports
            </Typography>
            {canRunChecks && <Link to={PAGE_PATHS.integrationTesting}>Run the self-checks</Link>}
            <ReportBugButton variant="button" />
          </Stack>
          {error ? (
            <RetryAlert onRetry={() => refetch()}>
              The bug reports could not be read: {error.message}
            </RetryAlert>
          ) : total === 0 ? (
            <Typography color="text.secondary">No bug reports yet.</Typography>
          ) : (
            <BugReportsTable
              reports={data}
              total={total ?? 0}
              page={page}
              perPage={PER_PAGE}
              onPageChange={setPage}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};
