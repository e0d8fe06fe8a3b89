import {
  BooleanField,
  DeleteButton,
  EditBase,
  SaveButton,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  Toolbar,
  useCanAccess,
  useRecordContext,
} from 'react-admin';
import type { Client } from '../../../contract/clients';
import { CLIENT_FORM_PROPS, ClientInputs } from './ClientInputs';

/** The details for those who may only read clients. */
const ClientFields = () => (
  <SimpleShowLayout sx={{ p: 0 }}>
    <TextField source="name" />
    <TextField source="code" />
    <TextField source="timeZone" label="Time zone" />
    <TextField source="billingPeriodStart" label="Billing periods start" />
    <TextField source="currency" />
    <TextField source="address" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
    <TextField source="phone" emptyText="—" />
    <BooleanField source="isEnabled" label="Enabled" />
    <TextField source="notes" emptyText="—" sx={{ whiteSpace: 'pre-wrap' }} />
  </SimpleShowLayout>
);

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
  if (!canAccess) return <ClientFields />;
  return (
    <EditBase mutationMode="pessimistic" redirect={false}>
      <SimpleForm {...CLIENT_FORM_PROPS} toolbar={<ClientToolbar />}>
        <ClientInputs />
      </SimpleForm>
    </EditBase>
  );
};
