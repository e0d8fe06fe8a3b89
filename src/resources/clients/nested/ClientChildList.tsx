import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import {
  CreateButton,
  DataTable,
  ExportButton,
  type Identifier,
  ListBase,
  Pagination,
  type SortPayload,
  TopToolbar,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import type { Client } from '../../../../contract/clients';
import { safeExporter } from '../../../csv';
import { clientChildResource, clientPath } from '../clientPaths';
import { ClientChildEditDialog, type ClientChildFormProps } from './ClientChildEditDialog';

/** What a tab's table shows when it has no rows. */
export const EmptyText = ({ children }: { children: string }) => (
  <Typography color="text.secondary" sx={{ py: 2 }}>
    {children}
  </Typography>
);

export interface ClientChildListProps {
  child: 'contacts' | 'useful-links';
  sort: SortPayload;
  addLabel: string;
  emptyText: string;
  /** The edit dialog of a row, for those who may edit clients. */
  editForm: ClientChildFormProps;
  /** The `<DataTable.Col>` columns. */
  children: ReactNode;
}

/**
 * A tab listing a client's contacts or useful links (server-side pagination, sort and CSV export); an
 * admin adds on the `/create` page under the tab and edits a row in a dialog.
 */
export const ClientChildList = ({
  child,
  sort,
  addLabel,
  emptyText,
  editForm,
  children,
}: ClientChildListProps) => {
  const client = useRecordContext<Client>();
  const [editing, setEditing] = useState<Identifier>();
  const resource = client ? clientChildResource(client.id, child) : '';
  const { canAccess: canEdit } = useCanAccess({ resource, action: 'edit', enabled: !!client });
  if (!client) return null;
  const openEditor = (id: Identifier) => {
    setEditing(id);
    return false as const;
  };
  return (
    <ListBase resource={resource} sort={sort} perPage={25} exporter={safeExporter} disableSyncWithLocation>
      <TopToolbar>
        <CreateButton to={clientPath(client.id, `${child}/create`)} label={addLabel} />
        <ExportButton />
      </TopToolbar>
      <DataTable
        rowClick={canEdit ? openEditor : false}
        bulkActionButtons={false}
        empty={<EmptyText>{emptyText}</EmptyText>}
      >
        {children}
      </DataTable>
      <Pagination />
      {editing !== undefined && (
        <ClientChildEditDialog
          resource={resource}
          id={editing}
          onClose={() => setEditing(undefined)}
          {...editForm}
        />
      )}
    </ListBase>
  );
};
