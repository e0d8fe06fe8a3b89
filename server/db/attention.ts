import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AttentionCase } from '../domain/attention';
import { openCallsOfCases } from './callNext';
import { caseProtocolRevision, nextCheck, technologistsOf } from './caseChecks';
import { openNotificationEvents } from './notifications';
import { attentionAcknowledgements, cases, protocolRevisions } from './schema';
import { type DbOrTx, readAll } from './transaction';
import { clockColumns, clocksOf } from './turnaroundClocks';

/**
 * What the attention rules read (server/domain/attention.ts): every case in monitoring, and every case in
 * intake with a stat order or a running turnaround clock, with its next check, its clocks, the
 * notifications still to make and the calls to make next.
 */
export async function attentionCases(db: DbOrTx): Promise<AttentionCase[]> {
  const now = new Date();
  const [rows, notifications] = await readAll(db, [
    () =>
      db
        .select({
          caseId: cases.id,
          caseNumber: cases.caseNumber,
          stage: cases.stage,
          technologists: technologistsOf,
          createdAt: cases.createdAt,
          nextCheckBy: sql`${nextCheck}`.mapWith(cases.createdAt),
          recordingStart: cases.recordingStart,
          ...clockColumns,
        })
        .from(cases)
        .leftJoin(protocolRevisions, caseProtocolRevision)
        .where(
          or(
            eq(cases.stage, 'monitoring'),
            and(
              eq(cases.stage, 'intake'),
              or(
                sql`lower(trim(${cases.orderPriority})) in ('stat', 's')`,
                isNotNull(cases.orderedAt),
                isNotNull(cases.recordingStart),
              ),
            ),
          ),
        ),
    () => openNotificationEvents(db),
  ]);
  const calls = await openCallsOfCases(db, [...new Set(notifications.map(({ caseId }) => caseId))]);
  return rows.map((row) => ({
    caseId: row.caseId,
    caseNumber: row.caseNumber,
    stage: row.stage,
    technologists: row.technologists,
    orderPriority: row.orderPriority,
    createdAt: row.createdAt.toISOString(),
    nextCheckBy: row.nextCheckBy ? row.nextCheckBy.toISOString() : null,
    clocks: clocksOf(row, row, now),
    calls: (calls.get(row.caseId) ?? []).map(({ eventId, escalateBy }) => ({ eventId, escalateBy })),
    notifications: notifications
      .filter((notification) => notification.caseId === row.caseId)
      .map(({ eventId, occurredAt, dueBy }) => ({
        eventId,
        occurredAt: new Date(occurredAt).toISOString(),
        dueBy: new Date(dueBy).toISOString(),
      })),
  }));
}

/** The keys of these items the user has acknowledged. */
export async function acknowledgedKeys(db: DbOrTx, username: string, keys: readonly string[]) {
  if (keys.length === 0) return new Set<string>();
  const rows = await db
    .select({ key: attentionAcknowledgements.key })
    .from(attentionAcknowledgements)
    .where(
      and(
        eq(attentionAcknowledgements.username, username),
        inArray(attentionAcknowledgements.key, [...keys]),
      ),
    );
  return new Set(rows.map((row) => row.key));
}

/** Records the user's acknowledgement; again is nothing (and publishes nothing). */
export async function acknowledge(db: DbOrTx, username: string, key: string, caseId: number) {
  await db.insert(attentionAcknowledgements).values({ username, key, caseId }).onConflictDoNothing();
}
