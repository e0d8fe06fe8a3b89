import { contactInputSchema } from '../../../../contract/clients';
import type { ClientChildFormProps } from '../nested/ClientChildEditDialog';
import { ContactInputs } from './ContactInputs';

/** What the contact create page and edit dialog share: the rules of contract/clients.ts and the inputs. */
export const CONTACT_FORM: Omit<ClientChildFormProps, 'title'> = {
  schema: contactInputSchema,
  inputs: <ContactInputs />,
};
