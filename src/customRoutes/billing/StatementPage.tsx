import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { Link, Loading } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { Statement } from '../../../contract/billing';
import { PAGE_PATHS } from '../../../contract/paths';
import { type PageLine, PrintFrame } from '../../print/PrintFrame';
import { Marker } from '../../print/ReportMarker';
import { timesIn } from '../../print/reportFormat';
import { PageReadError } from '../RetryAlert';
import { monthLabel } from './billingFormat';
import { useStatement } from './billingQueries';
import { StatementChanges } from './StatementChanges';
import { AmountFacts, ClientFacts, PeriodFacts } from './StatementFacts';
import { StatementHeader } from './StatementHeader';
import { StatementLines } from './StatementLines';

/** Every page of a statement: the client's name and code, the month, DRAFT while the month is open. */
const statementPageLine = ({ client, cycle, draft }: Statement): PageLine => ({
  identifiers: `${client.name} (${client.code})`,
  reference: `Statement for ${monthLabel(cycle.month)}`,
  marker: draft ? 'DRAFT: the month is still open' : null,
});

/** A month's statement as one printable document; every time in it is in the client's zone. */
const StatementDocument = ({ statement }: { statement: Statement }) => {
  const time = useMemo(() => timesIn(statement.client.timeZone), [statement.client.timeZone]);
  return (
    <PrintFrame
      title={`${statement.client.code} statement ${statement.cycle.month}`}
      width="297mm"
      time={time}
      {...statementPageLine(statement)}
    >
      <StatementHeader statement={statement} time={time} />
      {statement.draft && (
        <Marker
          title="DRAFT"
          detail="The month is still open: its hours and amount may change until billing closes it."
        />
      )}
      <ClientFacts statement={statement} />
      <PeriodFacts statement={statement} time={time} />
      <StatementChanges changes={statement.changedSinceClose} time={time} />
      <StatementLines statement={statement} time={time} />
      <AmountFacts statement={statement} />
    </PrintFrame>
  );
};

/** `/billing/continuous-monitoring/{clientId}/{month}` (base layout, DESIGN §9): the printable statement. */
export const StatementPage = () => {
  const { clientId = '', month = '' } = useParams();
  const { data: statement, error, refetch } = useStatement(clientId, month);
  if (error)
    return (
      <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto', p: 4 }}>
        <PageReadError title="Statement" onRetry={() => refetch()}>
          The statement could not be read: {error.message}
        </PageReadError>
        <div>
          <Button component={Link} to={PAGE_PATHS.billingClient(clientId)}>
            Back to the billing cycles
          </Button>
        </div>
      </Stack>
    );
  return statement ? <StatementDocument statement={statement} /> : <Loading />;
};
