import { BooleanField, DataTable, type Identifier, List } from 'react-admin';
import type { Client } from '../../../contract/clients';
import { formatDateTime } from '../../dates';
import { ClientEmpty } from './ClientEmpty';
import { clientFilters } from './ClientListFilter';
import { clientPath } from './clientPaths';

const Col = DataTable.Col<Client>;

const openDetails = (id: Identifier) => clientPath(id, 'details');

/**
 * /continuous-monitoring/clients: server-side pagination, sort, search and filter; CSV export through
 * the data provider; create for those who may (the buttons check `canAccess` themselves).
 */
export const ClientList = () => (
  <List<Client>
    title="Clients"
    filters={clientFilters}
    sort={{ field: 'name', order: 'ASC' }}
    perPage={25}
    empty={<ClientEmpty />}
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
);
