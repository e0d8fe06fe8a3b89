import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CaseRecordKind } from '../../contract/caseRecords';
import { caseRecordItems, caseRecordRevisions } from './schema';
import { latestRevisionJoin, revisionColumns } from './subqueries';
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

/** The latest revision of each item of these kinds on the case (one index lookup per item), oldest item first. */
export async function listLatestRevisions(
  db: DbOrTx,
  caseId: number,
  kinds: readonly CaseRecordKind[],
): Promise<(StoredRevision & { kind: CaseRecordKind })[]> {
  const latest = latestRevisionJoin();
  return db
    .select({
      kind: caseRecordItems.kind,
      itemId: caseRecordItems.id,
      revision: latest.revision,
      body: latest.body,
      voided: latest.voided,
      voidReason: latest.voidReason,
      author: latest.author,
      createdAt: latest.createdAt,
    })
    .from(caseRecordItems)
    .crossJoinLateral(latest)
    .where(and(eq(caseRecordItems.caseId, caseId), inArray(caseRecordItems.kind, [...kinds])))
    .orderBy(caseRecordItems.id);
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
