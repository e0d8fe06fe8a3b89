import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AttentionCase } from '../domain/attention';
import { caseProtocolRevision, nextCheck, technologistsOf } from './caseChecks';
import { openNotificationEvents } from './notifications';
import { attentionAcknowledgements, cases, protocolRevisions } from './schema';
import type { DbOrTx } from './transaction';

/**
 * What the attention rules read (server/domain/attention.ts): every case in monitoring, and every stat
 * order still in intake, with its next check and the notifications still to make.
 */
export async function attentionCases(db: DbOrTx): Promise<AttentionCase[]> {
  const [rows, notifications] = await Promise.all([
    db
      .select({
        caseId: cases.id,
        caseNumber: cases.caseNumber,
        stage: cases.stage,
        technologists: technologistsOf,
        orderPriority: cases.orderPriority,
        createdAt: cases.createdAt,
        nextCheckBy: sql`${nextCheck}`.mapWith(cases.createdAt),
      })
      .from(cases)
      .leftJoin(protocolRevisions, caseProtocolRevision)
      .where(
        or(
          eq(cases.stage, 'monitoring'),
          and(eq(cases.stage, 'intake'), sql`lower(trim(${cases.orderPriority})) in ('stat', 's')`),
        ),
      ),
    openNotificationEvents(db),
  ]);
  return rows.map(({ createdAt, nextCheckBy, ...row }) => ({
    ...row,
    createdAt: createdAt.toISOString(),
    nextCheckBy: nextCheckBy ? nextCheckBy.toISOString() : null,
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
