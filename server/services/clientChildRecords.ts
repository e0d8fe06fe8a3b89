import { type EditedThing, staleVersionMessage } from '../../contract/clientRules';
import type { Page } from '../db/pagination';
import type { DbOrTx } from '../db/transaction';
import { conflict, notFound } from '../errors';
import type { Writer } from './audit';
import { auditClientWrite, requireClient } from './clients';

type Versioned = { version: number };

/** What the routes need of a child table's repository (server/db/clientChildRecords.ts makes one). */
type ChildRepository<ChildRecord, Input, Query> = {
  list(db: DbOrTx, clientId: number, query: Query): Promise<Page<ChildRecord>>;
  get(db: DbOrTx, clientId: number, id: number): Promise<ChildRecord | undefined>;
  insert(db: DbOrTx, clientId: number, input: Input): Promise<ChildRecord>;
  update(
    db: DbOrTx,
    clientId: number,
    id: number,
    input: Input & Versioned,
  ): Promise<ChildRecord | undefined>;
};

export type ChildRecordKind<ChildRecord, Input, Query> = {
  /** The record id's key in the audit details: `contactId`, `linkId`. */
  idParam: string;
  /** What messages call the record: `contact`, `useful link`. */
  thing: EditedThing;
  /** Audit actions are `<auditPrefix>.create` and `<auditPrefix>.update`. */
  auditPrefix: string;
  repository: ChildRepository<ChildRecord, Input, Query>;
};

/** List, show, create and update of one kind of record a client owns (404 for an unknown client); writes are audited. */
export function clientChildRecords<ChildRecord extends { _id: number } & Versioned, Input, Query>({
  idParam,
  thing,
  auditPrefix,
  repository,
}: ChildRecordKind<ChildRecord, Input, Query>) {
  const noun = thing[0].toUpperCase() + thing.slice(1);

  async function requireRecord(db: DbOrTx, clientId: number, id: number) {
    const record = await repository.get(db, clientId, id);
    if (!record) throw notFound(`${noun} ${id} not found for client ${clientId}`);
    return record;
  }

  return {
    async list(db: DbOrTx, clientId: number, query: Query) {
      await requireClient(db, clientId);
      return repository.list(db, clientId, query);
    },

    async show(db: DbOrTx, clientId: number, id: number) {
      await requireClient(db, clientId);
      return requireRecord(db, clientId, id);
    },

    async create(tx: DbOrTx, request: Writer, clientId: number, input: Input) {
      await requireClient(tx, clientId);
      const created = await repository.insert(tx, clientId, input);
      await auditClientWrite(tx, request, `${auditPrefix}.create`, clientId, {
        [idParam]: created._id,
        after: { version: created.version },
      });
      return created;
    },

    async update(tx: DbOrTx, request: Writer, clientId: number, recordId: number, input: Input & Versioned) {
      await requireClient(tx, clientId);
      const before = await requireRecord(tx, clientId, recordId);
      const updated = await repository.update(tx, clientId, recordId, input);
      if (!updated) throw conflict(staleVersionMessage(thing));
      await auditClientWrite(tx, request, `${auditPrefix}.update`, clientId, {
        [idParam]: recordId,
        before: { version: before.version },
        after: { version: updated.version },
      });
      return updated;
    },
  };
}
