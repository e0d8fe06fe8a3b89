import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { DataTable, DateInput, List, SelectInput, TextInput } from 'react-admin';
import type { InterfaceMessage } from '../../../contract/interfaces';
import { safeExporter } from '../../csv';
import { ListReadError } from '../../customRoutes/RetryAlert';
import { formatDateTime } from '../../dates';
import { FilterExportActions, ListFilters } from '../../forms/ListFilters';
import { PageHeading } from '../../layout/PageHeading';
import { choicesOf } from '../cases/caseLabels';
import { ClientInput } from '../cases/inputs/ClientInput';
import { ackOf, DIRECTION_LABELS, STATUS_LABELS } from './messageWords';

const Col = DataTable.Col<InterfaceMessage>;

/** A day typed in a date filter, as the instant the API takes: its start for `from`, its end for `to`. */
const dayStart = (day: string | null) => (day ? new Date(`${day}T00:00:00`).toISOString() : day);
const dayEnd = (day: string | null) => (day ? new Date(`${day}T23:59:59.999`).toISOString() : day);

const messageFilters = [
  <ClientInput key="clientId" source="clientId" alwaysOn />,
  <SelectInput
    key="direction"
    source="direction"
    label="Direction"
    choices={choicesOf(DIRECTION_LABELS)}
    alwaysOn
  />,
  <SelectInput key="status" source="status" label="Status" choices={choicesOf(STATUS_LABELS)} alwaysOn />,
  <TextInput key="type" source="type" label="Type (e.g. ADT^A01)" alwaysOn />,
  <DateInput key="from" source="from" label="From" parse={dayStart} />,
  <DateInput key="to" source="to" label="To" parse={dayEnd} />,
];

const NoMessages = () => (
  <Typography color="text.secondary" sx={{ p: 2 }}>
    No message matches these filters. Messages appear here once a hospital sends one or a signed report goes
    out.
  </Typography>
);

const StatusChip = ({ message }: { message: InterfaceMessage }) => (
  <Chip
    size="small"
    label={STATUS_LABELS[message.status]}
    color={message.status === 'failed' || message.status === 'refused' ? 'error' : 'default'}
    variant={message.status === 'sent' || message.status === 'accepted' ? 'outlined' : 'filled'}
  />
);

/**
 * `/interfaces/messages` (admins): every hospital message in and out, newest first, by client, direction,
 * status, type and dates; a row opens the message with its raw text. The CSV holds what hospitals sent
 * (error texts, acknowledgements): no cell may run as a formula.
 */
export const MessageList = () => (
  <>
    <PageHeading>Hospital messages</PageHeading>
    <List<InterfaceMessage>
      title="Hospital messages"
      filters={<ListFilters filters={messageFilters} />}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      actions={<FilterExportActions filters={messageFilters} />}
      exporter={safeExporter}
      empty={false}
      error={<ListReadError what="The messages" />}
    >
      <DataTable rowClick="show" bulkActionButtons={false} empty={<NoMessages />}>
        <Col source="createdAt" label="When" render={(message) => formatDateTime(message.createdAt)} />
        <Col
          source="direction"
          disableSort
          render={(message) => (message.direction === 'in' ? 'In' : 'Out')}
        />
        <Col source="messageType" label="Type" disableSort />
        <Col source="transport" disableSort render={(message) => message.transport.toUpperCase()} />
        <Col source="controlId" label="Control id" disableSort />
        <Col source="status" disableSort render={(message) => <StatusChip message={message} />} />
        <Col source="ackCode" label="Ack" disableSort render={ackOf} />
        <Col source="attempts" label="Tries" disableSort />
        <Col source="error" disableSort render={(message) => message.error ?? ''} />
      </DataTable>
    </List>
  </>
);
