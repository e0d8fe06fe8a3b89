import { and, asc, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { CaseHandover } from '../../contract/cases';
import type { TimeLogActivity } from '../../contract/timeLogs';
import { caseHandovers, caseTimeLogs } from './schema';
import type { DbOrTx } from './transaction';

/** Handovers between technologists (DESIGN §4): append-only rows, read with the case's history. */

type CaseLogOf = { itemId: number; startAt: Date; endAt: Date | null; activity: TimeLogActivity };

const logColumns = {
  itemId: caseTimeLogs.itemId,
  startAt: caseTimeLogs.startAt,
  endAt: caseTimeLogs.endAt,
  activity: caseTimeLogs.activity,
};

/** The technologist's live open log on this case (the one a handover ends), latest first. */
export async function openLogOnCase(db: DbOrTx, caseId: number, technologist: string) {
  const [row] = await db
    .select(logColumns)
    .from(caseTimeLogs)
    .where(
      and(
        eq(caseTimeLogs.caseId, caseId),
        eq(caseTimeLogs.technologist, technologist),
        eq(caseTimeLogs.voided, false),
        isNull(caseTimeLogs.endAt),
      ),
    )
    .orderBy(desc(caseTimeLogs.startAt))
    .limit(1);
  return row as CaseLogOf | undefined;
}

/** The technologist's live log on this case that runs at or after `at` (an opened log would overlap it). */
export async function logOnCaseAfter(db: DbOrTx, caseId: number, technologist: string, at: Date) {
  const [row] = await db
    .select(logColumns)
    .from(caseTimeLogs)
    .where(
      and(
        eq(caseTimeLogs.caseId, caseId),
        eq(caseTimeLogs.technologist, technologist),
        eq(caseTimeLogs.voided, false),
        or(isNull(caseTimeLogs.endAt), gt(caseTimeLogs.endAt, at)),
      ),
    )
    .orderBy(desc(caseTimeLogs.startAt))
    .limit(1);
  return row as CaseLogOf | undefined;
}

type HandoverRow = Omit<typeof caseHandovers.$inferSelect, 'caseId' | 'createdAt'>;

export const toHandover = (row: HandoverRow): CaseHandover => ({
  id: row.id,
  from: row.fromTechnologist,
  to: row.toTechnologist,
  at: row.at.toISOString(),
  note: row.note,
  by: row.by,
  closedLogId: row.closedLogId,
  openedLogId: row.openedLogId,
});

export async function insertHandover(
  db: DbOrTx,
  handover: Omit<typeof caseHandovers.$inferInsert, 'id' | 'createdAt'>,
): Promise<CaseHandover> {
  const [row] = await db.insert(caseHandovers).values(handover).returning();
  return toHandover(row);
}

/** The case's handovers, oldest first. */
export async function handoversOf(db: DbOrTx, caseId: number): Promise<CaseHandover[]> {
  const rows = await db
    .select()
    .from(caseHandovers)
    .where(eq(caseHandovers.caseId, caseId))
    .orderBy(asc(caseHandovers.at), asc(caseHandovers.id));
  return rows.map(toHandover);
}
