import { and, asc, eq, sql } from 'drizzle-orm';
import type { CallAttempt, CallOutcome } from '../../contract/callAttempts';
import { callAttempts, caseRecordHeads, caseRecordItems } from './schema';
import type { DbOrTx } from './transaction';

/**
 * The call attempts of events' notifications (DESIGN §4 "Orders and critical calls"): appended only (the
 * migration refuses UPDATE and DELETE), read per case.
 */

type AttemptRow = typeof callAttempts.$inferSelect;

const toAttempt = (row: AttemptRow): CallAttempt => ({
  id: row.id,
  at: row.at.toISOString(),
  contactId: row.contactId,
  number: row.number,
  outcome: row.outcome,
  readBack: row.readBack,
  reachedName: row.reachedName,
  note: row.note,
  by: row.by,
});

/** Every attempt on the case's events, by event, in the order made. */
export async function attemptsOfCase(db: DbOrTx, caseId: number): Promise<Map<number, CallAttempt[]>> {
  const rows = await db
    .select({ attempt: callAttempts })
    .from(callAttempts)
    .innerJoin(caseRecordItems, eq(caseRecordItems.id, callAttempts.itemId))
    .where(and(eq(caseRecordItems.caseId, caseId), eq(caseRecordItems.kind, 'events')))
    .orderBy(asc(callAttempts.at), asc(callAttempts.id));
  const byItem = new Map<number, CallAttempt[]>();
  for (const { attempt } of rows)
    byItem.set(attempt.itemId, [...(byItem.get(attempt.itemId) ?? []), toAttempt(attempt)]);
  return byItem;
}

/** Of these cases, those with an attempt on an event that no reached attempt with read-back has closed. */
export async function casesWithAttempts(db: DbOrTx, caseIds: readonly number[]): Promise<number[]> {
  if (caseIds.length === 0) return [];
  // Of each case's events (their latest state, on its index by case and kind), those with an attempt.
  const rows = await db
    .selectDistinct({ caseId: caseRecordHeads.caseId })
    .from(caseRecordHeads)
    .innerJoin(callAttempts, eq(callAttempts.itemId, caseRecordHeads.itemId))
    .where(
      // No attempt ever closed its call (the head keeps the latest closing one's time, migration 0028).
      sql`${caseRecordHeads.caseId} = any(${`{${caseIds.join(',')}}`}::int[]) and ${caseRecordHeads.kind} = 'events'
        and ${caseRecordHeads.callClosedAt} is null`,
    );
  return rows.map((row) => row.caseId);
}

/** Every attempt on these events, by event, in the order made. */
export async function attemptsOfItems(
  db: DbOrTx,
  itemIds: readonly number[],
): Promise<Map<number, CallAttempt[]>> {
  const byItem = new Map<number, CallAttempt[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select()
    .from(callAttempts)
    // One array parameter, however many events a year of a report reads (a list would run out of parameters).
    .where(sql`${callAttempts.itemId} = any(${`{${itemIds.join(',')}}`}::int[])`)
    .orderBy(asc(callAttempts.at), asc(callAttempts.id));
  for (const row of rows) byItem.set(row.itemId, [...(byItem.get(row.itemId) ?? []), toAttempt(row)]);
  return byItem;
}

/**
 * Holds the event's row until the transaction ends: two people logging an attempt at once are taken one
 * after the other, each answer counting the other's attempt when it came first. Undefined when the event is
 * not on this case.
 */
export async function lockEvent(tx: DbOrTx, caseId: number, itemId: number) {
  const [item] = await tx
    .select({ id: caseRecordItems.id })
    .from(caseRecordItems)
    .where(
      and(
        eq(caseRecordItems.id, itemId),
        eq(caseRecordItems.caseId, caseId),
        eq(caseRecordItems.kind, 'events'),
      ),
    )
    .for('update');
  return item;
}

export type NewAttempt = {
  itemId: number;
  at: Date;
  contactId: number;
  number: string;
  outcome: CallOutcome;
  readBack: boolean | null;
  reachedName: string | null;
  note: string | null;
  by: string;
};

export async function insertAttempt(db: DbOrTx, attempt: NewAttempt): Promise<CallAttempt> {
  const [row] = await db.insert(callAttempts).values(attempt).returning();
  return toAttempt(row);
}
