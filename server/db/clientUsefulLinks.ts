import { sql } from 'drizzle-orm';
import type { UsefulLinkSortField } from '../../contract/clients';
import { clientChildRepository } from './clientChildRecords';
import { clientUsefulLinks } from './schema';

export const usefulLinkRepository = clientChildRepository(clientUsefulLinks, {
  label: sql`lower(${clientUsefulLinks.label})`,
  createdAt: clientUsefulLinks.createdAt,
} satisfies Record<UsefulLinkSortField, unknown>);
