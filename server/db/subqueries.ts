import { and, desc, eq, not, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import type { CaseRecordKind } from '../../contract/caseRecords';
import { caseRecordItems, caseRecordRevisions, cases } from './schema';

/** Builds the subqueries that other queries join; they run only as part of those. */
export const subquery = new QueryBuilder();

/**
 * For `.offset(…)`: an `offset 0` that keeps a subquery or CTE from being merged into the query around it, so
 * it is planned on its own. drizzle leaves out `.offset(0)` (a falsy number) and renders SQL as it is; its
 * type says number only.
 */
export const PLANNED_APART = sql`0` as unknown as number;

/**
 * The whole UTC minute of an instant, as an integer count of minutes since the epoch: billing's grid (contract
 * `floorToMinute`). Read in floating point: an instant's epoch seconds (to the microsecond) are exact in a
 * double, and arithmetic on them is much cheaper than on `numeric`.
 */
export const minuteOf = (instant: SQL) => sql<number | null>`floor(date_part('epoch', ${instant}) / 60)::int`;

/** A nullable instant as the contract's ISO text. */
export const isoOrNull = (value: Date | null) => value?.toISOString() ?? null;

/** A json column's value: a string from some drivers, already parsed from others. */
export const fromJson = <T>(value: string | T): T => (typeof value === 'string' ? JSON.parse(value) : value);

/** A revision's columns, as the clinical records read them. */
export const revisionColumns = {
  itemId: caseRecordRevisions.itemId,
  revision: caseRecordRevisions.revision,
  body: caseRecordRevisions.body,
  voided: caseRecordRevisions.voided,
  voidReason: caseRecordRevisions.voidReason,
  author: caseRecordRevisions.author,
  createdAt: caseRecordRevisions.createdAt,
};

/**
 * The latest revision of the item `itemId` (by default the one of `case_record_items` in scope), to join
 * laterally as `latest`: one backward probe of the revisions' primary key per item.
 */
export const latestRevisionJoin = (itemId: AnyPgColumn = caseRecordItems.id) =>
  subquery
    .select(revisionColumns)
    .from(caseRecordRevisions)
    .where(eq(caseRecordRevisions.itemId, itemId))
    .orderBy(desc(caseRecordRevisions.revision))
    .limit(1)
    .as('latest');

/**
 * A signed interpretation, read from its latest revision's body (DESIGN §4 "Reading, reporting and
 * billing"): signed, with the time it was signed. Reports due and statements count the same ones.
 */
export const isSignedInterpretation = (body: AnyPgColumn) =>
  sql`${body}->>'status' = 'signed' and ${body}->>'signedAt' is not null`;

/** The live (not voided) records of `kind` on the case in scope, `latest` joined as their latest revisions. */
export const liveRecordsOfCase = (
  kind: CaseRecordKind,
  latest: ReturnType<typeof latestRevisionJoin>,
  ...conditions: SQL[]
) =>
  and(
    eq(caseRecordItems.caseId, cases.id),
    eq(caseRecordItems.kind, kind),
    not(latest.voided),
    ...conditions,
  );
