import { desc, eq } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import { caseRecordItems, caseRecordRevisions } from './schema';

/** Builds the subqueries that other queries join; they run only as part of those. */
export const subquery = new QueryBuilder();

/**
 * The latest revision of the item `itemId` (by default the one of `case_record_items` in scope), to join
 * laterally: one backward probe of the revisions' primary key per item.
 */
export const latestRevision = (itemId: AnyPgColumn = caseRecordItems.id) =>
  subquery
    .select({
      revision: caseRecordRevisions.revision,
      body: caseRecordRevisions.body,
      voided: caseRecordRevisions.voided,
      voidReason: caseRecordRevisions.voidReason,
      author: caseRecordRevisions.author,
      createdAt: caseRecordRevisions.createdAt,
    })
    .from(caseRecordRevisions)
    .where(eq(caseRecordRevisions.itemId, itemId))
    .orderBy(desc(caseRecordRevisions.revision))
    .limit(1)
    .as('latest');
