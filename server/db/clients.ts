import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type {
  Client,
  ClientIdName,
  ClientInput,
  ClientListQuery,
  ClientSortField,
  ClientUpdate,
} from '../../contract/clients';
import { updateAtVersion } from './optimisticLock';
import { containsPattern, orderBy, type Page, selectPage } from './pagination';
import { clients } from './schema';
import { type DbOrTx, isUniqueViolation } from './transaction';

type ClientRow = typeof clients.$inferSelect;

function toClient(row: ClientRow): Client {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** Name sorts case-insensitively, matching the `clients_name_idx` index. */
const SORT_COLUMNS = {
  name: sql`lower(${clients.name})`,
  code: clients.code,
  timeZone: clients.timeZone,
  isEnabled: clients.isEnabled,
  createdAt: clients.createdAt,
  updatedAt: clients.updatedAt,
  id: clients.id,
} satisfies Record<ClientSortField, unknown>;

function clientFilter({ q, isEnabled }: Pick<ClientListQuery, 'q' | 'isEnabled'>): SQL | undefined {
  const pattern = q ? containsPattern(q) : undefined;
  return and(
    pattern ? or(ilike(clients.name, pattern), ilike(clients.code, pattern)) : undefined,
    isEnabled === undefined ? undefined : eq(clients.isEnabled, isEnabled),
  );
}

export async function listClients(db: DbOrTx, query: ClientListQuery): Promise<Page<Client>> {
  const order = orderBy(query.order, SORT_COLUMNS[query.sort], clients.id);
  const { rows, total } = await selectPage(db, clients, clientFilter(query), order, query);
  return { rows: rows.map(toClient), total };
}

/** Every client (or every enabled one) as id and name, by name: the pickers' options. */
export async function listClientNames(
  db: DbOrTx,
  { enabledOnly }: { enabledOnly: boolean },
): Promise<ClientIdName[]> {
  return db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(enabledOnly ? eq(clients.isEnabled, true) : undefined)
    .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id));
}

export async function getClient(db: DbOrTx, id: number): Promise<Client | undefined> {
  const [row] = await db.select().from(clients).where(eq(clients.id, id));
  return row && toClient(row);
}

export async function insertClient(db: DbOrTx, input: ClientInput): Promise<Client> {
  const [row] = await db.insert(clients).values(input).returning();
  return toClient(row);
}

/** Writes `input` only if the row is still at `version` (optimistic lock); `undefined` otherwise. */
export async function updateClient(
  db: DbOrTx,
  id: number,
  { version, ...input }: ClientUpdate,
): Promise<Client | undefined> {
  const row = await updateAtVersion(db, clients, eq(clients.id, id), version, input);
  return row && toClient(row);
}

/** Deletes the client (contacts, links and protocol revisions go with it) if still at `version`. */
export async function deleteClient(db: DbOrTx, id: number, version: number): Promise<Client | undefined> {
  const [row] = await db
    .delete(clients)
    .where(and(eq(clients.id, id), eq(clients.version, version)))
    .returning();
  return row && toClient(row);
}

export function isDuplicateClientCode(error: unknown): boolean {
  return isUniqueViolation(error, 'clients_code_unique');
}
