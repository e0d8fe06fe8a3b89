import { ClientChildCreate } from '../nested/ClientChildCreate';
import { CONTACT_FORM } from './contactForm';

/** /continuous-monitoring/clients/{clientId}/contacts/create (admin). */
export const ContactCreate = () => (
  <ClientChildCreate
    child="contacts"
    title="Add contact"
    defaultValues={{ escalationOrder: 1 }}
    {...CONTACT_FORM}
  />
);
