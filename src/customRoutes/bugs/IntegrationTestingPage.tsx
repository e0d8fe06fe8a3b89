import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Title } from 'react-admin';
import { useSelfChecks } from './bugQueries';
import { checksSummary, SelfChecksTable } from './SelfChecksTable';

/** The outcome of the last run: the summary in green or red, or why the checks could not run. */
const Outcome = ({ query }: { query: ReturnType<typeof useSelfChecks> }) => {
  const { data, error } = query;
  if (error?.status === 403)
    return <Alert severity="warning">Only administrators can run the self-checks</Alert>;
  if (error) return <Alert severity="error">The self-checks could not be run: {error.message}</Alert>;
  if (!data) return null;
  const passed = data.every((check) => check.ok);
  return (
    <>
      <Alert severity={passed ? 'success' : 'error'} variant="filled">
        {checksSummary(data)}
      </Alert>
      <SelfChecksTable checks={data} />
    </>
  );
};

/**
 * `/bugs/integration-testing` (DESIGN §9): the running system's own self-checks (database, identity, clock,
 * backup folder, disk, audit log), run by the server each time the page opens or "Run again" is pressed.
 */
export const IntegrationTestingPage = () => {
  const query = useSelfChecks();
  const refused = query.error?.status === 403;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Integration testing" />
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
              Integration testing
            </Typography>
            {!refused && (
              <Button variant="outlined" disabled={query.isFetching} onClick={() => query.refetch()}>
                Run again
              </Button>
            )}
          </Stack>
          {query.isFetching && <LinearProgress aria-label="Running the self-checks" />}
          <Outcome query={query} />
        </Stack>
      </CardContent>
    </Card>
  );
};
