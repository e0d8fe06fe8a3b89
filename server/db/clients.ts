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
import { preparedOnce } from './prepared';
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

/** The list's filters, their values as the placeholders `pattern` and `isEnabled`. */
function clientFilter({ q, isEnabled }: Pick<ClientListQuery, 'q' | 'isEnabled'>): SQL | undefined {
  const pattern = sql.placeholder('pattern');
  return and(
    q ? or(ilike(clients.name, pattern), ilike(clients.code, pattern)) : undefined,
    isEnabled === undefined ? undefined : eq(clients.isEnabled, sql.placeholder('isEnabled')),
  );
}

export async function listClients(db: DbOrTx, query: ClientListQuery): Promise<Page<Client>> {
  const { q, isEnabled, sort, order } = query;
  const { rows, total } = await selectPage(
    db,
    clients,
    clientFilter(query),
    orderBy(order, SORT_COLUMNS[sort], clients.id),
    query,
    {
      key: `clients ${sort} ${order}${q ? ' searched' : ''}${isEnabled === undefined ? '' : ' enabled'}`,
      values: { pattern: q ? containsPattern(q) : undefined, isEnabled },
    },
  );
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
  const query = preparedOnce(db, 'client', (name) =>
    db
      .select()
      .from(clients)
      .where(eq(clients.id, sql.placeholder('id')))
      .prepare(name),
  );
  const [row] = await query.execute({ id });
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
