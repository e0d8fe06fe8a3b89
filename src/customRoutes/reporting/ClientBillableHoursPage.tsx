import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { MonthRange } from '../../../contract/billing';
import { PAGE_PATHS } from '../../../contract/paths';
import { ClientMonthsTable } from './billable/ClientMonthsTable';
import { ClientHeading } from './ClientHeading';
import { MonthlyHoursChart } from './charts/MonthlyHoursChart';
import { ReportError } from './ReportError';
import { ReportLink } from './ReportLink';
import { ReportPage } from './ReportPage';
import { useClientHoursReport } from './reportQueries';
import { TablesSkeleton } from './TablesSkeleton';

const ClientBillableHours = ({ clientId, range }: { clientId: string; range: MonthRange }) => {
  const { data: report, error, isPending } = useClientHoursReport(clientId, range);
  if (error) return <ReportError error={error} />;
  return (
    <>
      {report && <ClientHeading client={report.client} />}
      <MonthlyHoursChart months={report?.months ?? []} loading={isPending} />
      {report ? <ClientMonthsTable report={report} /> : <TablesSkeleton />}
    </>
  );
};

/** `…/billable-hours/{clientId}` (base layout, no menu): one client's months, with ways back. */
export const ClientBillableHoursPage = () => {
  const { clientId = '' } = useParams();
  return (
    <ReportPage
      title="Client billable hours"
      description="A client's billable hours, rate, amount and cycle status per month."
      actions={
        <>
          <Button component={ReportLink} to={PAGE_PATHS.billableHoursReport} startIcon={<ArrowBackIcon />}>
            Back to the report
          </Button>
          <Button component={Link} to={PAGE_PATHS.billingClient(clientId)}>
            Billing cycles
          </Button>
        </>
      }
    >
      {(range) => <ClientBillableHours clientId={clientId} range={range} />}
    </ReportPage>
  );
};
