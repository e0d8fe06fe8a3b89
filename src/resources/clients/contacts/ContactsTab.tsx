import { DataTable, EmailField } from 'react-admin';
import type { Contact } from '../../../../contract/clients';
import { ClientChildList } from '../nested/ClientChildList';
import { CONTACT_FORM } from './contactForm';

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
    <Col source="email" disableSort>
      <EmailField source="email" />
    </Col>
  </ClientChildList>
);
