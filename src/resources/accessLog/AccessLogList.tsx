import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { DataTable, DateInput, List, SelectInput, SimpleList, TextInput } from 'react-admin';
import type { AccessLogEntry } from '../../../contract/accessLog';
import { safeExporter } from '../../csv';
import { ListReadError } from '../../customRoutes/RetryAlert';
import { formatDateTime } from '../../dates';
import { FilterExportActions, ListFilters } from '../../forms/ListFilters';
import { PageHeading } from '../../layout/PageHeading';

const Col = DataTable.Col<AccessLogEntry>;

/**
 * Sent to the API as they are: `actor`, `caseNumber`, `patient` (an MRN or a name: the server finds the
 * patient's cases), `outcome`, `from` and `to` (a day counts whole, UTC). On a phone the dates wait behind
 * "Add filter" with the outcome, so the entries are not pushed below the first screen.
 */
const accessLogFilters = (wide: boolean) => [
  <TextInput key="actor" source="actor" label="User" alwaysOn />,
  <TextInput key="caseNumber" source="caseNumber" label="Case number" alwaysOn />,
  <TextInput key="patient" source="patient" label="Patient (MRN or name)" alwaysOn />,
  <DateInput key="from" source="from" label="From" alwaysOn={wide} />,
  <DateInput key="to" source="to" label="To" alwaysOn={wide} />,
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

const NoEntries = () => (
  <Typography color="text.secondary" sx={{ p: 2 }}>
    No entry matches these filters.
  </Typography>
);

/** Why a call was refused (its status and message), or nothing for a call that was answered. */
function refusalOf(entry: AccessLogEntry): string {
  if (entry.outcome === 'ok') return '';
  const { status, reason } = entry.details;
  return [status, reason].filter((part) => part !== undefined).join(' ');
}

const outcomeOf = (entry: AccessLogEntry) => (entry.outcome === 'ok' ? 'Done' : 'Refused');

/** A narrow screen (a phone) lists the entries one under another: what was done, then who and when. */
const EntryStack = () => (
  <SimpleList<AccessLogEntry>
    linkType={false}
    primaryText={(entry) => entry.summary}
    secondaryText={(entry) =>
      [entry.actor, formatDateTime(entry.at), outcomeOf(entry), refusalOf(entry)].filter(Boolean).join(' · ')
    }
    empty={<NoEntries />}
  />
);

const EntryTable = () => (
  <DataTable rowClick={false} bulkActionButtons={false} empty={<NoEntries />}>
    <Col source="at" label="When" render={(entry) => formatDateTime(entry.at)} />
    <Col source="actor" label="User" disableSort />
    <Col source="summary" label="What" disableSort />
    <Col source="caseNumber" label="Case" disableSort render={(entry) => entry.caseNumber ?? ''} />
    <Col source="outcome" disableSort render={outcomeOf} />
    <Col source="details" label="Refusal" disableSort render={refusalOf} />
  </DataTable>
);

/**
 * `/access-log` (admins): the audit, newest first: every write, every read of patient data and every
 * refused call, by user, case number, patient and date, each said in words; server-side pages, and the
 * filtered entries as CSV.
 */
export const AccessLogList = () => {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const filters = accessLogFilters(!narrow);
  return (
    <>
      <PageHeading>Access log</PageHeading>
      <List<AccessLogEntry>
        title="Access log"
        filters={<ListFilters filters={filters} />}
        sort={{ field: 'at', order: 'DESC' }}
        perPage={25}
        actions={<FilterExportActions filters={filters} />}
        // Entries hold what callers wrote (a refused token's claimed name): no cell may run as a formula.
        exporter={safeExporter}
        empty={false}
        error={<ListReadError what="The access log" />}
      >
        {narrow ? <EntryStack /> : <EntryTable />}
      </List>
    </>
  );
};
