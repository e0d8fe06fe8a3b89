import { type Identifier, useGetList } from 'react-admin';
import type { Contact } from '../../../../contract/clients';
import { MAX_PER_PAGE } from '../../../../contract/list';
import { clientChildResource } from '../clientPaths';

/** A client's contacts in escalation order, for pickers and for naming contacts in protocol rules. */
export const useClientContacts = (clientId: Identifier) =>
  useGetList<Contact & { id: number }>(clientChildResource(clientId, 'contacts'), {
    pagination: { page: 1, perPage: MAX_PER_PAGE },
    sort: { field: 'escalationOrder', order: 'ASC' },
  });
