import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Title } from 'react-admin';
import { addMonths } from '../../../contract/billingMonths';
import { RetryAlert } from '../RetryAlert';
import { BillingClientsTable } from './BillingClientsTable';
import { browserMonth } from './billingFormat';
import { useHoursSummary } from './billingQueries';
import { RateNeededSummary } from './RateNeededSummary';

/**
 * `/billing` (DESIGN §9): every client's hours this month and last, and what last month still needs before
 * it can be billed. One call: the server's summary of the two months.
 */
export const BillingHomePage = () => {
  // Read once: the page keeps its months if it stays open past midnight at a month's end.
  const [thisMonth] = useState(browserMonth);
  const lastMonth = addMonths(thisMonth, -1);
  const { data, error, refetch } = useHoursSummary({ from: lastMonth, to: thisMonth });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title="Billing" />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Billing
          </Typography>
          {error ? (
            <RetryAlert onRetry={() => refetch()}>
              The billing summary could not be read: {error.message}
            </RetryAlert>
          ) : data?.clients.length === 0 ? (
            <Typography color="text.secondary">
              No clients to bill yet: a client appears here from its first recording.
            </Typography>
          ) : (
            <>
              {data && <RateNeededSummary clients={data.clients} month={lastMonth} />}
              <BillingClientsTable thisMonth={thisMonth} lastMonth={lastMonth} clients={data?.clients} />
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
};
