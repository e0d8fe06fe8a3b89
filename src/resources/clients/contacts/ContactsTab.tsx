import Stack from '@mui/material/Stack';
import { DataTable, EmailField, NumberInput, TextInput } from 'react-admin';
import { type Contact, contactInputSchema } from '../../../../contract/clients';
import { ClientChildCreate } from '../nested/ClientChildCreate';
import type { ClientChildFormProps } from '../nested/ClientChildEditDialog';
import { ClientChildList } from '../nested/ClientChildList';

/** What the create page and the edit dialog share: the rules of contract/clients.ts and the inputs. */
const CONTACT_FORM: Omit<ClientChildFormProps, 'title'> = {
  schema: contactInputSchema,
  inputs: (
    <Stack sx={{ width: '100%', maxWidth: 640 }}>
      <TextInput source="name" isRequired />
      <TextInput source="role" helperText="e.g. Charge nurse, Neurologist on call" />
      <TextInput source="phone" />
      <TextInput source="email" type="email" />
      <NumberInput source="escalationOrder" isRequired min={1} max={99} helperText="1 is called first" />
      <TextInput source="notes" multiline minRows={2} />
    </Stack>
  ),
};

const Col = DataTable.Col<Contact>;

/** The contacts tab: who is called, in escalation order, when a notification rule fires. */
export const ContactsTab = () => (
  <ClientChildList
    child="contacts"
    sort={{ field: 'escalationOrder', order: 'ASC' }}
    addLabel="Add contact"
    emptyText="No contacts for this client yet"
    editForm={{ ...CONTACT_FORM, title: 'Edit contact' }}
  >
    <DataTable.NumberCol source="escalationOrder" label="Order" />
    <Col source="name" />
    <Col source="role" />
    <Col source="phone" disableSort />
    {/* No link for a contact without an address: an empty "mailto:" link has no name to read out. */}
    <Col
      source="email"
      disableSort
      render={(contact) => (contact.email ? <EmailField source="email" /> : null)}
    />
  </ClientChildList>
);

/** /continuous-monitoring/clients/{clientId}/contacts/create (admin). */
export const ContactCreate = () => (
  <ClientChildCreate
    child="contacts"
    title="Add contact"
    defaultValues={{ escalationOrder: 1 }}
    {...CONTACT_FORM}
  />
);
