import { and, desc, eq, sql } from 'drizzle-orm';
import type { CaseRecordKind } from '../../contract/caseRecords';
import { caseRecordItems, caseRecordRevisions } from './schema';
import { type DbOrTx, isUniqueViolation } from './transaction';

/**
 * The one store of every kind of clinical record (DESIGN §4): an item per record and its revisions,
 * append-only (migration 0004 refuses UPDATE and DELETE of a revision).
 */

export type StoredRevision = {
  itemId: number;
  revision: number;
  body: Record<string, unknown>;
  voided: boolean;
  voidReason: string;
  author: string;
  createdAt: Date;
};

const revisionColumns = {
  itemId: caseRecordRevisions.itemId,
  revision: caseRecordRevisions.revision,
  body: caseRecordRevisions.body,
  voided: caseRecordRevisions.voided,
  voidReason: caseRecordRevisions.voidReason,
  author: caseRecordRevisions.author,
  createdAt: caseRecordRevisions.createdAt,
};

/** The latest revision of each item of these kinds on the case (one index lookup per item), oldest item first. */
export async function listLatestRevisions(
  db: DbOrTx,
  caseId: number,
  kinds: readonly CaseRecordKind[],
): Promise<(StoredRevision & { kind: CaseRecordKind })[]> {
  const { rows } = await db.execute<{
    kind: CaseRecordKind;
    item_id: number;
    revision: number;
    body: Record<string, unknown>;
    voided: boolean;
    void_reason: string;
    author: string;
    created_at: Date | string;
  }>(sql`
    select item.kind, item.id as item_id, latest.revision, latest.body, latest.voided, latest.void_reason,
      latest.author, latest.created_at
    from ${caseRecordItems} item
    cross join lateral (
      select * from ${caseRecordRevisions} revision
      where revision.item_id = item.id order by revision.revision desc limit 1
    ) latest
    where item.case_id = ${caseId} and item.kind in ${kinds}
    order by item.id`);
  return rows.map((row) => ({
    kind: row.kind,
    itemId: row.item_id,
    revision: row.revision,
    body: row.body,
    voided: row.voided,
    voidReason: row.void_reason,
    author: row.author,
    createdAt: new Date(row.created_at),
  }));
}

/** The item, if it is of this kind on this case. */
export async function findItem(db: DbOrTx, caseId: number, kind: CaseRecordKind, itemId: number) {
  const [item] = await db
    .select()
    .from(caseRecordItems)
    .where(
      and(eq(caseRecordItems.id, itemId), eq(caseRecordItems.caseId, caseId), eq(caseRecordItems.kind, kind)),
    );
  return item;
}

/** Every revision of the item, newest first. */
export function itemHistory(db: DbOrTx, itemId: number): Promise<StoredRevision[]> {
  return db
    .select(revisionColumns)
    .from(caseRecordRevisions)
    .where(eq(caseRecordRevisions.itemId, itemId))
    .orderBy(desc(caseRecordRevisions.revision));
}

export async function latestRevision(db: DbOrTx, itemId: number): Promise<StoredRevision | undefined> {
  const [latest] = await db
    .select(revisionColumns)
    .from(caseRecordRevisions)
    .where(eq(caseRecordRevisions.itemId, itemId))
    .orderBy(desc(caseRecordRevisions.revision))
    .limit(1);
  return latest;
}

/** A new item and its revision 1. */
export async function insertItem(
  db: DbOrTx,
  caseId: number,
  kind: CaseRecordKind,
  body: Record<string, unknown>,
  author: string,
): Promise<StoredRevision> {
  const [item] = await db.insert(caseRecordItems).values({ caseId, kind }).returning();
  return appendRevision(db, item.id, 1, body, { voided: false, voidReason: '' }, author);
}

/** The next revision of an item; two writers from the same base collide on the primary key (409). */
export async function appendRevision(
  db: DbOrTx,
  itemId: number,
  revision: number,
  body: Record<string, unknown>,
  { voided, voidReason }: { voided: boolean; voidReason: string },
  author: string,
  /** When this state was written, if not now (patient details kept by the PUT that replaces them). */
  createdAt?: Date,
): Promise<StoredRevision> {
  const [row] = await db
    .insert(caseRecordRevisions)
    .values({ itemId, revision, body, voided, voidReason, author, createdAt })
    .returning(revisionColumns);
  return row;
}

export function isConcurrentRecordRevision(error: unknown): boolean {
  return isUniqueViolation(error, 'case_record_revisions_item_id_revision_pk');
}
