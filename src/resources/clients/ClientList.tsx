import { BooleanField, DataTable, type Identifier, List, SearchInput, SelectInput } from 'react-admin';
import type { Client } from '../../../contract/clients';
import { safeExporter } from '../../csv';
import { formatDateTime } from '../../dates';
import { ListFilters } from '../../forms/ListFilters';
import { PageHeading } from '../../layout/PageHeading';
import { ClientEmpty } from './ClientEmpty';
import { clientPath } from './clientPaths';

const Col = DataTable.Col<Client>;

/** Sent to the API as `q` (name or code) and `isEnabled`. */
const clientFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search name or code" />,
  <SelectInput
    key="isEnabled"
    source="isEnabled"
    label="Status"
    alwaysOn
    choices={[
      { id: 'true', name: 'Enabled' },
      { id: 'false', name: 'Disabled' },
    ]}
  />,
];

const openDetails = (id: Identifier) => clientPath(id, 'details');

/**
 * /continuous-monitoring/clients: server-side pagination, sort, search and filter; CSV export through
 * the data provider; create for those who may (the buttons check `canAccess` themselves).
 */
export const ClientList = () => (
  <>
    <PageHeading>Clients</PageHeading>
    <List<Client>
      title="Clients"
      filters={<ListFilters filters={clientFilters} />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      empty={<ClientEmpty />}
      exporter={safeExporter}
    >
      <DataTable rowClick={openDetails} bulkActionButtons={false}>
        <Col source="name" />
        <Col source="code" />
        <Col source="timeZone" label="Time zone" />
        <Col source="phone" disableSort />
        <Col source="isEnabled" label="Enabled">
          <BooleanField source="isEnabled" />
        </Col>
        <Col source="updatedAt" label="Updated" render={(client) => formatDateTime(client.updatedAt)} />
      </DataTable>
    </List>
  </>
);
