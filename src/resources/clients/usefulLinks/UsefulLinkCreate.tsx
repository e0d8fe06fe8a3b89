import { ClientChildCreate } from '../nested/ClientChildCreate';
import { USEFUL_LINK_FORM } from './usefulLinkForm';

/** /continuous-monitoring/clients/{clientId}/useful-links/create (admin). */
export const UsefulLinkCreate = () => (
  <ClientChildCreate child="useful-links" title="Add link" {...USEFUL_LINK_FORM} />
);
