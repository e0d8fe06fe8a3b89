import { and, desc, eq, isNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { TimeLogFields } from '../../contract/timeLogs';
import { refreshCaseHours } from './caseHours';
import type { StoredRevision } from './caseRecords';
import { cases, caseTimeLogs } from './schema';
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

/** The technologist's live log that starts last, other than the one being written, among those meeting `condition`. */
async function latestOtherLog(
  db: DbOrTx,
  technologist: string,
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
        eq(caseTimeLogs.voided, false),
        exceptItemId === undefined ? undefined : ne(caseTimeLogs.itemId, exceptItemId),
        condition,
      ),
    )
    .orderBy(desc(caseTimeLogs.startAt))
    .limit(1);
  return row;
}

/** The technologist's running log (no end), other than the one being written. */
export const runningLogOf = (db: DbOrTx, technologist: string, exceptItemId?: number) =>
  latestOtherLog(db, technologist, exceptItemId, isNull(caseTimeLogs.endAt));

/**
 * A log of the technologist that shares time with [start, end) (a running log runs on): logs that only
 * touch, one ending when the other starts, do not overlap. A technologist's logs never overlap each other,
 * so only the one that starts last before `end` can reach into the window: one index step, however many
 * logs they have.
 */
export async function overlappingLog(
  db: DbOrTx,
  technologist: string,
  { start, end }: { start: Date; end: Date | null },
  exceptItemId?: number,
): Promise<OtherLog | undefined> {
  const latest = await latestOtherLog(
    db,
    technologist,
    exceptItemId,
    end === null ? undefined : lt(caseTimeLogs.startAt, end),
  );
  return latest && (latest.endAt === null || latest.endAt > start) ? latest : undefined;
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
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from case_record_items
    where case_id = ${caseId} and kind = 'case-notes' and id in ${ids}`);
  return new Set(rows.map((row) => Number(row.id)));
}
