import { usefulLinkInputSchema } from '../../../../contract/clients';
import type { ClientChildFormProps } from '../nested/ClientChildEditDialog';
import { UsefulLinkInputs } from './UsefulLinkInputs';

/** What the link create page and edit dialog share: the rules of contract/clients.ts and the inputs. */
export const USEFUL_LINK_FORM: Omit<ClientChildFormProps, 'title'> = {
  schema: usefulLinkInputSchema,
  inputs: <UsefulLinkInputs />,
};
