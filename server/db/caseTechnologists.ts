import { and, count, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import { ACTIVE_CASE_STAGES, type MonitoringLevel } from '../../contract/cases';
import { cases, caseTechnologists, caseTimeLogs, clients } from './schema';
import type { DbOrTx } from './transaction';

/** Who monitors which case: the assignments of technologists, and the load they hold. */

export async function technologistsOfCase(db: DbOrTx, caseId: number): Promise<string[]> {
  const rows = await db
    .select({ username: caseTechnologists.username })
    .from(caseTechnologists)
    .where(eq(caseTechnologists.caseId, caseId))
    .orderBy(caseTechnologists.username);
  return rows.map((row) => row.username);
}

/** How many technologists each of these cases has; a case with none is absent. */
export async function technologistCounts(
  db: DbOrTx,
  caseIds: readonly number[],
): Promise<Map<number, number>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .select({ caseId: caseTechnologists.caseId, count: count() })
    .from(caseTechnologists)
    .where(inArray(caseTechnologists.caseId, [...caseIds]))
    .groupBy(caseTechnologists.caseId);
  return new Map(rows.map((row) => [row.caseId, row.count]));
}

export type ActiveCase = { id: number; monitoringLevel: MonitoringLevel };

/** How many active (intake, monitoring) cases each user holds; a user with none is absent. */
export async function activeCaseCounts(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ username: caseTechnologists.username, count: count() })
    .from(caseTechnologists)
    .innerJoin(cases, eq(cases.id, caseTechnologists.caseId))
    .where(inArray(cases.stage, [...ACTIVE_CASE_STAGES]))
    .groupBy(caseTechnologists.username);
  return new Map(rows.map((row) => [row.username, row.count]));
}

/** Each technologist's active (intake, monitoring) cases, with their monitoring level. */
export async function activeCasesByTechnologist(
  db: DbOrTx,
  usernames?: readonly string[],
): Promise<Map<string, ActiveCase[]>> {
  const rows = await db
    .select({
      username: caseTechnologists.username,
      id: cases.id,
      monitoringLevel: cases.monitoringLevel,
    })
    .from(caseTechnologists)
    .innerJoin(cases, eq(cases.id, caseTechnologists.caseId))
    .where(
      and(
        inArray(cases.stage, [...ACTIVE_CASE_STAGES]),
        usernames ? inArray(caseTechnologists.username, [...usernames]) : undefined,
      ),
    )
    .orderBy(cases.id);
  const byUser = new Map<string, ActiveCase[]>();
  for (const { username, ...activeCase } of rows) {
    byUser.set(username, [...(byUser.get(username) ?? []), activeCase]);
  }
  return byUser;
}

export async function assignTechnologist(
  db: DbOrTx,
  caseIds: readonly number[],
  username: string,
  by: string,
) {
  if (caseIds.length === 0) return;
  await db
    .insert(caseTechnologists)
    .values(caseIds.map((caseId) => ({ caseId, username, assignedBy: by })))
    .onConflictDoNothing();
}

export async function unassignTechnologist(db: DbOrTx, caseIds: readonly number[], username: string) {
  if (caseIds.length === 0) return;
  await db
    .delete(caseTechnologists)
    .where(and(eq(caseTechnologists.username, username), inArray(caseTechnologists.caseId, [...caseIds])));
}

/**
 * Serialises the writes that change what these technologists hold (their assignments, a case's monitoring
 * level) until the transaction ends, so two concurrent writes cannot together exceed a load limit. Locks
 * are taken in name order, so two writes never wait on each other crosswise.
 */
export async function lockTechnologists(db: DbOrTx, usernames: readonly string[]) {
  for (const username of [...new Set(usernames)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`technologist:${username}`}))`);
  }
}

/** The technologist's live open logs on these cases, with the case's number and its client's zone. */
export async function openLogsOnCases(db: DbOrTx, username: string, caseIds: readonly number[]) {
  if (caseIds.length === 0) return [];
  const rows = await db
    .select({
      caseNumber: cases.caseNumber,
      activity: caseTimeLogs.activity,
      startAt: caseTimeLogs.startAt,
      timeZone: clients.timeZone,
    })
    .from(caseTimeLogs)
    .innerJoin(cases, eq(cases.id, caseTimeLogs.caseId))
    .innerJoin(clients, eq(clients.id, cases.clientId))
    .where(
      and(
        eq(caseTimeLogs.technologist, username),
        inArray(caseTimeLogs.caseId, [...caseIds]),
        isNull(caseTimeLogs.endAt),
        not(caseTimeLogs.voided),
      ),
    )
    .orderBy(cases.caseNumber);
  return rows.map((row) => ({ ...row, start: row.startAt.getTime() }));
}
