import { DataTable, ListBase, Pagination, useRecordContext } from 'react-admin';
import type { CaseRow } from '../../../../contract/cases';
import type { Client } from '../../../../contract/clients';
import { STAGE_LABELS } from '../../cases/caseLabels';
import { openCase } from '../../cases/caseLinks';
import { CASE_COLUMNS } from '../../cases/fields/caseColumns';
import { clientChildResource } from '../clientPaths';
import { EmptyText } from '../nested/ClientChildList';

/** The cases tab: the client's cases in every stage, newest first, each opening its case page. */
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
        rowClick={openCase}
        bulkActionButtons={false}
        empty={<EmptyText>No cases for this client yet</EmptyText>}
      >
        {CASE_COLUMNS.caseNumber}
        <DataTable.Col<CaseRow> source="stage" render={(row) => STAGE_LABELS[row.stage]} />
        {CASE_COLUMNS.patient}
        {CASE_COLUMNS.recordingStart}
        {CASE_COLUMNS.updated}
      </DataTable>
      <Pagination />
    </ListBase>
  );
};
