import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Contact, ContactInput, ContactSortField } from '../../contract/clients';
import type { ListQuery } from '../../contract/list';
import { orderBy, type Page, pageBounds } from './pagination';
import { clientContacts } from './schema';
import type { DbOrTx } from './transaction';

type ContactRow = typeof clientContacts.$inferSelect;

/** The API names a contact's id `_id` (spec §3). */
function toContact({ id, createdAt, updatedAt, ...fields }: ContactRow): Contact {
  return { _id: id, ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

const SORT_COLUMNS = {
  escalationOrder: clientContacts.escalationOrder,
  name: sql`lower(${clientContacts.name})`,
  role: sql`lower(${clientContacts.role})`,
  createdAt: clientContacts.createdAt,
} satisfies Record<ContactSortField, unknown>;

const ofClient = (clientId: number, contactId: number) =>
  and(eq(clientContacts.clientId, clientId), eq(clientContacts.id, contactId));

export async function listContacts(
  db: DbOrTx,
  clientId: number,
  query: ListQuery<ContactSortField>,
): Promise<Page<Contact>> {
  const where = eq(clientContacts.clientId, clientId);
  const { limit, offset } = pageBounds(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(clientContacts)
      .where(where)
      .orderBy(...orderBy(query.order, SORT_COLUMNS[query.sort], clientContacts.id))
      .limit(limit)
      .offset(offset),
    db.$count(clientContacts, where),
  ]);
  return { rows: rows.map(toContact), total };
}

export async function getContact(
  db: DbOrTx,
  clientId: number,
  contactId: number,
): Promise<Contact | undefined> {
  const [row] = await db.select().from(clientContacts).where(ofClient(clientId, contactId));
  return row && toContact(row);
}

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

export async function insertContact(db: DbOrTx, clientId: number, input: ContactInput): Promise<Contact> {
  const [row] = await db
    .insert(clientContacts)
    .values({ ...input, clientId })
    .returning();
  return toContact(row);
}

/** Writes `input` only if the contact is still at `version` (optimistic lock); `undefined` otherwise. */
export async function updateContact(
  db: DbOrTx,
  clientId: number,
  contactId: number,
  { version, ...input }: ContactInput & { version: number },
): Promise<Contact | undefined> {
  const [row] = await db
    .update(clientContacts)
    .set({ ...input, version: sql`${clientContacts.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofClient(clientId, contactId), eq(clientContacts.version, version)))
    .returning();
  return row && toContact(row);
}
