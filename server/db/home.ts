import { and, asc, desc, eq, inArray, isNull, ne, not, or, type Placeholder, sql } from 'drizzle-orm';
import { CASE_STAGES, type CaseStage } from '../../contract/cases';
import type { StageCounts } from '../../contract/home';
import { isStaleOpenLog } from '../../contract/hours';
import type { MonitoringSettings } from '../../contract/timeLogs';
import { patientName } from './caseChecks';
import { preparedOnce } from './prepared';
import { casePatients, caseStageCounts, cases, caseTechnologists, caseTimeLogs, clients } from './schema';
import { isoOrNull, subquery } from './subqueries';
import type { DbOrTx } from './transaction';

/** The home page's reads (DESIGN §8 "Home"). */

export async function stageCounts(db: DbOrTx): Promise<StageCounts> {
  // Kept by a trigger on cases (migration 0007): five rows instead of a count of every case.
  const rows = await preparedOnce(db, 'stage counts', (name) =>
    db.select().from(caseStageCounts).prepare(name),
  ).execute();
  const counts = Object.fromEntries(CASE_STAGES.map((stage) => [stage, 0])) as StageCounts;
  for (const row of rows) counts[row.stage as CaseStage] = row.count;
  return counts;
}

type Involvement = 'technologist' | 'reader';

/** The cases the caller works on: as one of its technologists, or as its reader while it is being read. */
const casesWorkedBy = (username: Placeholder) =>
  subquery
    .select({ caseId: caseTechnologists.caseId, role: sql<Involvement>`'technologist'`.as('role') })
    .from(caseTechnologists)
    .where(eq(caseTechnologists.username, username))
    .union(
      subquery
        .select({ caseId: cases.id, role: sql<Involvement>`'reader'` })
        .from(cases)
        .where(and(eq(cases.reader, username), inArray(cases.stage, ['monitoring', 'preview']))),
    )
    .as('mine');

/** The caller's active cases as a technologist, and the cases they read that are not reviewed yet. */
export async function casesOf(db: DbOrTx, username: string) {
  const rows = await preparedOnce(db, 'home cases', (name) => casesOfQuery(db).prepare(name)).execute({
    username,
  });
  return rows.map((row) => ({ ...row, recordingStart: isoOrNull(row.recordingStart) }));
}

/** `casesOf`'s query, the caller as the placeholder `username`. */
function casesOfQuery(db: DbOrTx) {
  const mine = casesWorkedBy(sql.placeholder('username'));
  return db
    .select({
      id: cases.id,
      caseNumber: cases.caseNumber,
      clientName: clients.name,
      stage: cases.stage,
      patientName: sql<string>`coalesce(${patientName}, '')`,
      monitoringLevel: cases.monitoringLevel,
      recordingStart: cases.recordingStart,
      clientTimeZone: clients.timeZone,
      role: mine.role,
    })
    .from(mine)
    .innerJoin(cases, eq(cases.id, mine.caseId))
    .innerJoin(clients, eq(clients.id, cases.clientId))
    .leftJoin(casePatients, eq(casePatients.caseId, cases.id))
    .where(
      and(
        inArray(cases.stage, ['intake', 'monitoring', 'preview']),
        or(eq(mine.role, 'reader'), ne(cases.stage, 'preview')),
      ),
    )
    .orderBy(sql`${cases.recordingStart} desc nulls first`, desc(cases.id))
    .limit(100);
}

/**
 * The caller's running time logs, oldest first: one per case at most, several at once while they monitor
 * several patients. Each says whether it has run past `maxOpenLogHours` (DESIGN §4 "stale").
 */
export async function openTimeLogsOf(db: DbOrTx, username: string, { maxOpenLogHours }: MonitoringSettings) {
  const rows = await preparedOnce(db, 'home open logs', (name) =>
    openTimeLogsQuery(db).prepare(name),
  ).execute({
    username,
  });
  const now = Date.now();
  return rows.map((row) => ({
    ...row,
    start: row.start.toISOString(),
    stale: isStaleOpenLog(row.start.getTime(), now, maxOpenLogHours),
  }));
}

/** `openTimeLogsOf`'s query, the caller as the placeholder `username`. */
function openTimeLogsQuery(db: DbOrTx) {
  return db
    .select({
      itemId: caseTimeLogs.itemId,
      revision: caseTimeLogs.revision,
      caseId: caseTimeLogs.caseId,
      caseNumber: cases.caseNumber,
      stage: cases.stage,
      start: caseTimeLogs.startAt,
      activity: caseTimeLogs.activity,
      clientTimeZone: clients.timeZone,
    })
    .from(caseTimeLogs)
    .innerJoin(cases, eq(cases.id, caseTimeLogs.caseId))
    .innerJoin(clients, eq(clients.id, cases.clientId))
    .where(
      and(
        eq(caseTimeLogs.technologist, sql.placeholder('username')),
        isNull(caseTimeLogs.endAt),
        not(caseTimeLogs.voided),
      ),
    )
    .orderBy(asc(caseTimeLogs.startAt), asc(caseTimeLogs.itemId))
    .limit(100);
}

/** Each client's id and time zone, for "this month" in each client's own calendar. */
export function clientZones(db: DbOrTx) {
  return db.select({ id: clients.id, timeZone: clients.timeZone }).from(clients);
}
