import { and, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListQuery } from '../../contract/list';
import { updateAtVersion, type VersionedTable } from './optimisticLock';
import { orderBy, type Page, selectPage } from './pagination';
import type { DbOrTx } from './transaction';

/** The columns every client-scoped child table (contacts, useful links) has besides its own fields. */
type ChildRow = { id: number; clientId: number; version: number; createdAt: Date; updatedAt: Date };

type ClientChildTable<Row extends ChildRow, Insert> = VersionedTable<Row, Insert> & {
  id: AnyPgColumn<{ data: number }>;
  clientId: AnyPgColumn<{ data: number }>;
};

/** A record as the API shows it: the id named `_id` (spec §3), times as ISO-8601 strings. */
export type ClientChildRecord<Row extends ChildRow> = Omit<Row, 'id' | 'createdAt' | 'updatedAt'> & {
  _id: number;
  createdAt: string;
  updatedAt: string;
};

/** List, get, insert and optimistic update of one client-scoped child table, each confined to the client. */
export function clientChildRepository<Row extends ChildRow, Insert, SortField extends string>(
  table: ClientChildTable<Row, Insert>,
  sortColumns: Record<SortField, AnyPgColumn | SQL>,
) {
  /** The fields the user writes; the database sets the rest. */
  type Input = Omit<Insert, keyof ChildRow>;

  function toRecord({ id, createdAt, updatedAt, ...fields }: Row): ClientChildRecord<Row> {
    return { _id: id, ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
  }

  const ofClient = (clientId: number, id: number) => and(eq(table.clientId, clientId), eq(table.id, id));

  return {
    async list(
      db: DbOrTx,
      clientId: number,
      query: ListQuery<SortField>,
    ): Promise<Page<ClientChildRecord<Row>>> {
      const order = orderBy(query.order, sortColumns[query.sort], table.id);
      const { rows, total } = await selectPage(db, table, eq(table.clientId, clientId), order, query);
      return { rows: rows.map(toRecord), total };
    },

    async get(db: DbOrTx, clientId: number, id: number): Promise<ClientChildRecord<Row> | undefined> {
      const [row] = await db.select().from(table).where(ofClient(clientId, id));
      // drizzle types rows of a table it sees only through this generic signature as `{ [column]: unknown }`;
      // they are the table's `$inferSelect`, which is `Row`. Likewise in insert.
      return row && toRecord(row as Row);
    },

    async insert(db: DbOrTx, clientId: number, input: Input): Promise<ClientChildRecord<Row>> {
      const [row] = await db
        .insert(table)
        .values({ ...input, clientId })
        .returning();
      return toRecord(row as Row);
    },

    /** Writes `input` only if the record is still at `version` (optimistic lock); `undefined` otherwise. */
    async update(
      db: DbOrTx,
      clientId: number,
      id: number,
      { version, ...input }: Input & { version: number },
    ): Promise<ClientChildRecord<Row> | undefined> {
      const row = await updateAtVersion(
        db,
        table,
        ofClient(clientId, id),
        version,
        // TypeScript cannot see that `Omit` of a generic type is a part of it.
        input as Partial<Insert>,
      );
      return row && toRecord(row);
    },
  };
}
