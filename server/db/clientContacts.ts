import { and, eq, inArray, sql } from 'drizzle-orm';
import type { ContactSortField } from '../../contract/clients';
import { clientChildRepository } from './clientChildRecords';
import { clientContacts } from './schema';
import type { DbOrTx } from './transaction';

export const contactRepository = clientChildRepository(clientContacts, {
  escalationOrder: clientContacts.escalationOrder,
  name: sql`lower(${clientContacts.name})`,
  role: sql`lower(${clientContacts.role})`,
  createdAt: clientContacts.createdAt,
} satisfies Record<ContactSortField, unknown>);

/** Which of `contactIds` are contacts of this client. */
export async function existingContactIds(
  db: DbOrTx,
  clientId: number,
  contactIds: readonly number[],
): Promise<Set<number>> {
  if (contactIds.length === 0) return new Set();
  const rows = await db
    .select({ id: clientContacts.id })
    .from(clientContacts)
    .where(and(eq(clientContacts.clientId, clientId), inArray(clientContacts.id, [...contactIds])));
  return new Set(rows.map((row) => row.id));
}

/** The client's contacts in escalation order (whom a notification rule names). */
export function contactsOfClient(db: DbOrTx, clientId: number) {
  return db
    .select({
      _id: clientContacts.id,
      name: clientContacts.name,
      role: clientContacts.role,
      phone: clientContacts.phone,
      escalationOrder: clientContacts.escalationOrder,
    })
    .from(clientContacts)
    .where(eq(clientContacts.clientId, clientId))
    .orderBy(clientContacts.escalationOrder, clientContacts.id);
}

/** These contacts (whichever client), for the number a call dialled. */
export function contactsByIds(db: DbOrTx, ids: readonly number[]) {
  return db
    .select({ id: clientContacts.id, clientId: clientContacts.clientId, phone: clientContacts.phone })
    .from(clientContacts)
    .where(inArray(clientContacts.id, [...ids]));
}
