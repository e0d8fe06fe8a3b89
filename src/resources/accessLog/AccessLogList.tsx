import Typography from '@mui/material/Typography';
import {
  DataTable,
  DateInput,
  ExportButton,
  List,
  SelectInput,
  TextInput,
  TopToolbar,
  useListContext,
} from 'react-admin';
import type { AccessLogEntry } from '../../../contract/accessLog';
import { RetryAlert } from '../../customRoutes/RetryAlert';
import { formatDateTime } from '../../dates';
import { ListFilters } from '../../forms/ListFilters';

const Col = DataTable.Col<AccessLogEntry>;

/** Sent to the API as they are: `actor`, `caseId`, `outcome`, `from` and `to` (a day counts whole, UTC). */
const accessLogFilters = [
  <TextInput key="actor" source="actor" label="User" alwaysOn />,
  <TextInput key="caseId" source="caseId" label="Case id" alwaysOn />,
  <DateInput key="from" source="from" label="From" alwaysOn />,
  <DateInput key="to" source="to" label="To" alwaysOn />,
  <SelectInput
    key="outcome"
    source="outcome"
    label="Outcome"
    choices={[
      { id: 'ok', name: 'Done' },
      { id: 'denied', name: 'Refused' },
    ]}
  />,
];

// The CSV goes through react-admin's default exporter, as the other administration lists' do for now.
const AccessLogActions = () => (
  <TopToolbar>
    <ExportButton />
  </TopToolbar>
);

const NoEntries = () => (
  <Typography color="text.secondary" sx={{ p: 2 }}>
    No entry matches these filters.
  </Typography>
);

const ReadError = () => {
  const { error, refetch } = useListContext();
  return (
    <RetryAlert onRetry={() => refetch()}>The access log could not be read: {error?.message}</RetryAlert>
  );
};

/** What the entry was about: the case or record it names, or how many cases a list showed. */
function subjectOf(entry: AccessLogEntry): string {
  const caseIds = entry.details.caseIds;
  if (Array.isArray(caseIds)) return `${caseIds.length} case${caseIds.length === 1 ? '' : 's'} listed`;
  return entry.resourceId ? `${entry.resource} ${entry.resourceId}` : entry.resource;
}

/** Why a call was refused (its status and message), or nothing for a call that was answered. */
function refusalOf(entry: AccessLogEntry): string {
  if (entry.outcome === 'ok') return '';
  const { status, reason } = entry.details;
  return [status, reason].filter((part) => part !== undefined).join(' ');
}

/**
 * `/access-log` (admins): the audit, newest first: every write, every read of patient data and every
 * refused call, by user, case and date; server-side pages, and the filtered entries as CSV.
 */
export const AccessLogList = () => (
  <List<AccessLogEntry>
    title="Access log"
    filters={<ListFilters filters={accessLogFilters} />}
    sort={{ field: 'at', order: 'DESC' }}
    perPage={25}
    actions={<AccessLogActions />}
    empty={false}
    error={<ReadError />}
  >
    <DataTable rowClick={false} bulkActionButtons={false} empty={<NoEntries />}>
      <Col source="at" label="When" render={(entry) => formatDateTime(entry.at)} />
      <Col source="actor" label="User" disableSort />
      <Col source="action" label="Call" disableSort />
      <Col source="resourceId" label="About" disableSort render={subjectOf} />
      <Col source="outcome" disableSort render={(entry) => (entry.outcome === 'ok' ? 'Done' : 'Refused')} />
      <Col source="details" label="Refusal" disableSort render={refusalOf} />
    </DataTable>
  </List>
);
