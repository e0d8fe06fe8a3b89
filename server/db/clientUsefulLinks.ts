import { and, eq, sql } from 'drizzle-orm';
import type { UsefulLink, UsefulLinkInput, UsefulLinkSortField } from '../../contract/clients';
import type { ListQuery } from '../../contract/list';
import { orderBy, type Page, pageBounds } from './pagination';
import { clientUsefulLinks } from './schema';
import type { DbOrTx } from './transaction';

type UsefulLinkRow = typeof clientUsefulLinks.$inferSelect;

/** The API names a link's id `_id` (spec §3). */
function toUsefulLink({ id, createdAt, updatedAt, ...fields }: UsefulLinkRow): UsefulLink {
  return { _id: id, ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

const SORT_COLUMNS = {
  label: sql`lower(${clientUsefulLinks.label})`,
  createdAt: clientUsefulLinks.createdAt,
} satisfies Record<UsefulLinkSortField, unknown>;

const ofClient = (clientId: number, linkId: number) =>
  and(eq(clientUsefulLinks.clientId, clientId), eq(clientUsefulLinks.id, linkId));

export async function listUsefulLinks(
  db: DbOrTx,
  clientId: number,
  query: ListQuery<UsefulLinkSortField>,
): Promise<Page<UsefulLink>> {
  const where = eq(clientUsefulLinks.clientId, clientId);
  const { limit, offset } = pageBounds(query);
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(clientUsefulLinks)
      .where(where)
      .orderBy(...orderBy(query.order, SORT_COLUMNS[query.sort], clientUsefulLinks.id))
      .limit(limit)
      .offset(offset),
    db.$count(clientUsefulLinks, where),
  ]);
  return { rows: rows.map(toUsefulLink), total };
}

export async function getUsefulLink(
  db: DbOrTx,
  clientId: number,
  linkId: number,
): Promise<UsefulLink | undefined> {
  const [row] = await db.select().from(clientUsefulLinks).where(ofClient(clientId, linkId));
  return row && toUsefulLink(row);
}

export async function insertUsefulLink(
  db: DbOrTx,
  clientId: number,
  input: UsefulLinkInput,
): Promise<UsefulLink> {
  const [row] = await db
    .insert(clientUsefulLinks)
    .values({ ...input, clientId })
    .returning();
  return toUsefulLink(row);
}

/** Writes `input` only if the link is still at `version` (optimistic lock); `undefined` otherwise. */
export async function updateUsefulLink(
  db: DbOrTx,
  clientId: number,
  linkId: number,
  { version, ...input }: UsefulLinkInput & { version: number },
): Promise<UsefulLink | undefined> {
  const [row] = await db
    .update(clientUsefulLinks)
    .set({ ...input, version: sql`${clientUsefulLinks.version} + 1`, updatedAt: sql`now()` })
    .where(and(ofClient(clientId, linkId), eq(clientUsefulLinks.version, version)))
    .returning();
  return row && toUsefulLink(row);
}
