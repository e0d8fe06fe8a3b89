import { Create, SimpleForm } from 'react-admin';
import type { ClientInput } from '../../../contract/clients';
import { PageHeading } from '../../layout/PageHeading';
import { CLIENT_FORM_PROPS, ClientInputs } from './ClientInputs';

const localTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** /continuous-monitoring/clients/create (admin): a new client, then its page (the details tab). */
export const ClientCreate = () => {
  const defaults: Partial<ClientInput> = { isEnabled: true, timeZone: localTimeZone() };
  return (
    <Create title="New client" redirect="edit">
      <PageHeading>New client</PageHeading>
      <SimpleForm defaultValues={defaults} {...CLIENT_FORM_PROPS}>
        <ClientInputs />
      </SimpleForm>
    </Create>
  );
};
