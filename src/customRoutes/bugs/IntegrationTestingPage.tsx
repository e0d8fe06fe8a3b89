import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
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

/** When the checks shown last ran, to the second: a run that takes milliseconds still visibly happens. */
const ranAt = (time: number) =>
  new Date(time).toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/**
 * `/bugs/integration-testing` (DESIGN §9), named "Self-checks" as in the menu: the running system's own
 * checks (database, identity, clock, backup folder, disk, audit log), run by the server each time the page
 * opens or "Run again" is pressed. While they run, the button says so and the last results are dimmed.
 */
export const IntegrationTestingPage = () => {
  const query = useSelfChecks();
  const refused = query.error?.status === 403;
  const running = query.isFetching;
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Self-checks" />
      <CardContent>
        <Stack spacing={2}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
              Self-checks
            </Typography>
            <Typography role="status" variant="body2" color="text.secondary">
              {running
                ? 'Running the self-checks…'
                : query.dataUpdatedAt > 0 && `Last run at ${ranAt(query.dataUpdatedAt)}`}
            </Typography>
            {!refused && (
              <Button
                variant="outlined"
                disabled={running}
                onClick={() => query.refetch()}
                startIcon={running ? <CircularProgress size={16} aria-hidden /> : undefined}
              >
                {running ? 'Running…' : 'Run again'}
              </Button>
            )}
          </Stack>
          {running && <LinearProgress aria-label="Running the self-checks" />}
          <Stack spacing={2} sx={{ opacity: running ? 0.5 : 1 }} aria-busy={running}>
            <Outcome query={query} />
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
};
