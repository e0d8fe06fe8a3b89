import { DataTable, ListBase, Pagination, useRecordContext } from 'react-admin';
import type { CaseSummary } from '../../../../contract/cases';
import type { Client } from '../../../../contract/clients';
import { formatDateTime } from '../../../dates';
import { clientChildResource } from '../clientPaths';
import { EmptyText } from '../nested/ClientChildList';

const Col = DataTable.Col<CaseSummary>;

/** The cases tab: the client's cases, newest first. */
export const ClientCases = () => {
  const client = useRecordContext<Client>();
  if (!client) return null;
  return (
    <ListBase
      resource={clientChildResource(client.id, 'cases')}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      disableSyncWithLocation
    >
      <DataTable
        rowClick={false}
        bulkActionButtons={false}
        empty={<EmptyText>No cases for this client yet</EmptyText>}
      >
        <Col source="caseNumber" label="Case number" />
        <Col source="stage" />
        <Col source="createdAt" label="Opened" render={(found) => formatDateTime(found.createdAt)} />
      </DataTable>
      <Pagination />
    </ListBase>
  );
};
