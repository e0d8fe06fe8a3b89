import { and, count, desc, eq, inArray, isNull, lt, ne, not, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ACTIVE_CASE_STAGES } from '../../contract/cases';
import type { TimeLogFields } from '../../contract/timeLogs';
import { refreshCaseHours } from './caseHours';
import type { StoredRevision } from './caseRecords';
import { caseRecordItems, cases, caseTechnologists, caseTimeLogs } from './schema';
import type { DbOrTx } from './transaction';

/**
 * The index of time logs (`case_time_logs`): each log as its latest revision has it, written in the
 * transaction of every revision, and read wherever logs are looked up across cases.
 */

/** Keeps the index, and the case's hours per month, in step with a log's newest revision. */
export async function indexTimeLog(db: DbOrTx, caseId: number, stored: StoredRevision) {
  const body = stored.body as TimeLogFields;
  const row = {
    caseId,
    revision: stored.revision,
    technologist: body.technologist,
    startAt: new Date(body.start),
    endAt: body.end === null ? null : new Date(body.end),
    activity: body.activity,
    billable: body.billable,
    voided: stored.voided,
  };
  await db
    .insert(caseTimeLogs)
    .values({ itemId: stored.itemId, ...row })
    .onConflictDoUpdate({ target: caseTimeLogs.itemId, set: row });
  await refreshCaseHours(db, [caseId]);
}

export type OtherLog = { itemId: number; caseNumber: string; startAt: Date; endAt: Date | null };

const otherLogColumns = {
  itemId: caseTimeLogs.itemId,
  caseNumber: cases.caseNumber,
  startAt: caseTimeLogs.startAt,
  endAt: caseTimeLogs.endAt,
};

/** The technologist's live log on the case that starts last, other than the one being written, among those meeting `condition`. */
async function latestOtherLog(
  db: DbOrTx,
  { technologist, caseId }: OwnerOnCase,
  exceptItemId: number | undefined,
  condition: SQL | undefined,
): Promise<OtherLog | undefined> {
  const [row] = await db
    .select(otherLogColumns)
    .from(caseTimeLogs)
    .innerJoin(cases, eq(cases.id, caseTimeLogs.caseId))
    .where(
      and(
        eq(caseTimeLogs.technologist, technologist),
        eq(caseTimeLogs.caseId, caseId),
        eq(caseTimeLogs.voided, false),
        exceptItemId === undefined ? undefined : ne(caseTimeLogs.itemId, exceptItemId),
        condition,
      ),
    )
    .orderBy(desc(caseTimeLogs.startAt))
    .limit(1);
  return row;
}

/** A technologist on one case: overlap and "one running log" are judged there (DESIGN §4 "Concurrent monitoring"). */
export type OwnerOnCase = { technologist: string; caseId: number };

/** The technologist's running log (no end) on the case, other than the one being written. */
export const runningLogOf = (db: DbOrTx, owner: OwnerOnCase, exceptItemId?: number) =>
  latestOtherLog(db, owner, exceptItemId, isNull(caseTimeLogs.endAt));

/**
 * A log of the technologist on the case that shares time with [start, end) (a running log runs on): logs
 * that only touch, one ending when the other starts, do not overlap. A technologist's logs on a case never
 * overlap each other, so only the one that starts last before `end` can reach into the window: one index
 * step, however many logs they have.
 */
export async function overlappingLog(
  db: DbOrTx,
  owner: OwnerOnCase,
  { start, end }: { start: Date; end: Date | null },
  exceptItemId?: number,
): Promise<OtherLog | undefined> {
  const latest = await latestOtherLog(
    db,
    owner,
    exceptItemId,
    end === null ? undefined : lt(caseTimeLogs.startAt, end),
  );
  return latest && (latest.endAt === null || latest.endAt > start) ? latest : undefined;
}

/**
 * Where the technologist stands for a log on the case: assigned to it or not, how many active (intake,
 * monitoring) cases they hold, and the case numbers of their running logs elsewhere (other than the one
 * being written; a closed case's log can no longer be stopped, so it holds nobody back), in one query.
 */
export async function technologistStanding(
  db: DbOrTx,
  { technologist, caseId }: OwnerOnCase,
  exceptItemId = 0,
): Promise<{ assigned: boolean; activeCases: number; runningElsewhere: string[] }> {
  const assignment = alias(caseTechnologists, 'assignment');
  const [row] = await db
    .select({
      assigned: sql<boolean>`exists (${db
        .select({ caseId: caseTechnologists.caseId })
        .from(caseTechnologists)
        .where(and(eq(caseTechnologists.caseId, caseId), eq(caseTechnologists.username, technologist)))})`,
      activeCases: sql`(${db
        .select({ count: count() })
        .from(assignment)
        .innerJoin(cases, eq(cases.id, assignment.caseId))
        .where(
          and(eq(assignment.username, technologist), inArray(cases.stage, [...ACTIVE_CASE_STAGES])),
        )})`.mapWith(Number),
      runningElsewhere: sql<string[] | null>`(${db
        .select({ caseNumbers: sql`array_agg(${cases.caseNumber} order by ${cases.caseNumber})` })
        .from(caseTimeLogs)
        .innerJoin(cases, eq(cases.id, caseTimeLogs.caseId))
        .where(
          and(
            eq(caseTimeLogs.technologist, technologist),
            isNull(caseTimeLogs.endAt),
            not(caseTimeLogs.voided),
            ne(caseTimeLogs.caseId, caseId),
            ne(caseTimeLogs.itemId, exceptItemId),
            ne(cases.stage, 'closed'),
          ),
        )})`,
    })
    // One row holding the three answers, so they take one round trip.
    .from(sql`(values (1)) as standing`);
  return { ...row, runningElsewhere: row.runningElsewhere ?? [] };
}

/** "The latest time log" of a case (DESIGN §4): the live one that starts last. */
export async function latestTimeLogId(db: DbOrTx, caseId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ itemId: caseTimeLogs.itemId })
    .from(caseTimeLogs)
    .where(and(eq(caseTimeLogs.caseId, caseId), eq(caseTimeLogs.voided, false)))
    .orderBy(desc(caseTimeLogs.startAt), desc(caseTimeLogs.itemId))
    .limit(1);
  return row?.itemId;
}

/** The case notes of the case among these ids (each note's item, whatever its revisions). */
export async function caseNoteIdsOf(
  db: DbOrTx,
  caseId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: caseRecordItems.id })
    .from(caseRecordItems)
    .where(
      and(
        eq(caseRecordItems.caseId, caseId),
        eq(caseRecordItems.kind, 'case-notes'),
        inArray(caseRecordItems.id, [...ids]),
      ),
    );
  return new Set(rows.map((row) => row.id));
}
