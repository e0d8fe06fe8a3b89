import {
  contactInputSchema,
  contactListQuerySchema,
  contactParams,
  contactSchema,
  contactUpdateSchema,
} from '../../../contract/clients';
import { contactRepository } from '../../db/clientContacts';
import { childRecordRoutes } from './childRecords';

/** A client's contacts, called in escalation order when a notification rule fires. */
export const contactRoutes = childRecordRoutes({
  segment: 'contacts',
  idParam: 'contactId',
  thing: 'contact',
  auditPrefix: 'contact',
  schemas: {
    params: contactParams,
    listQuery: contactListQuerySchema,
    input: contactInputSchema,
    update: contactUpdateSchema,
    record: contactSchema,
  },
  repository: contactRepository,
});
