import {
  DeleteButton,
  EditBase,
  SaveButton,
  SimpleForm,
  Toolbar,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import type { Client } from '../../../contract/clients';
import { ClientDetailsShow } from './ClientDetailsShow';
import { CLIENT_FORM_PROPS, ClientInputs } from './ClientInputs';

const ClientToolbar = () => {
  const client = useRecordContext<Client>();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      <DeleteButton
        confirmTitle={`Delete ${client?.name ?? 'this client'}?`}
        confirmContent="The client, its contacts, links and protocol revisions are deleted. A client with cases cannot be deleted."
      />
    </Toolbar>
  );
};

/**
 * The details tab: the client form for those who may edit (admin), read-only fields for the others.
 * Saving is pessimistic, so a 409 (changed by someone else) is shown and the user's input stays.
 */
export const ClientDetails = () => {
  const { canAccess, isPending } = useCanAccess({ action: 'edit' });
  if (isPending) return null;
  if (!canAccess) return <ClientDetailsShow />;
  return (
    <EditBase mutationMode="pessimistic" redirect={false}>
      <SimpleForm {...CLIENT_FORM_PROPS} toolbar={<ClientToolbar />}>
        <ClientInputs />
      </SimpleForm>
    </EditBase>
  );
};
