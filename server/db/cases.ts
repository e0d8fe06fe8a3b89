import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CasePatch, CaseStage, MonitoringLevel, StudyType } from '../../contract/cases';
import { caseYear, formatCaseNumber } from '../domain/caseNumbers';
import { updateAtVersion } from './optimisticLock';
import { currentRevisionNumber } from './protocolRevisions';
import { caseNumberCounters, cases } from './schema';
import { type DbOrTx, isForeignKeyViolation, readAll } from './transaction';

/** A case's own row: reading and locking it, intake's number and insert, header writes, deletion. */

export type CaseRecord = typeof cases.$inferSelect;

export async function getCase(db: DbOrTx, id: number): Promise<CaseRecord | undefined> {
  const [row] = await db.select().from(cases).where(eq(cases.id, id));
  return row;
}

/** The case, locked until the transaction ends: its guards are checked against what cannot change meanwhile. */
export async function lockCase(db: DbOrTx, id: number): Promise<CaseRecord | undefined> {
  const [row] = await db.select().from(cases).where(eq(cases.id, id)).for('update');
  return row;
}

/** The next number of the client's year, `0001` first; the counter's row lock orders concurrent intakes. */
async function nextCaseNumber(db: DbOrTx, clientId: number, code: string, year: number) {
  const [{ lastNumber }] = await db
    .insert(caseNumberCounters)
    .values({ clientId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [caseNumberCounters.clientId, caseNumberCounters.year],
      set: { lastNumber: sql`${caseNumberCounters.lastNumber} + 1` },
    })
    .returning({ lastNumber: caseNumberCounters.lastNumber });
  return formatCaseNumber(code, year, lastNumber);
}

export type NewCase = {
  caseNumber: string;
  clientId: number;
  studyType: StudyType;
  hasVideo: boolean;
  monitoringLevel: MonitoringLevel;
  protocolRevision: number | null;
  transferRevision: number | null;
  createdBy: string;
} & Partial<CaseOrder>;

/** The hospital's order a case came from (HL7 ORM/OMG); null on cases typed by hand. */
export type CaseOrder = Pick<
  typeof cases.$inferInsert,
  | 'placerOrderNumber'
  | 'visitNumber'
  | 'orderingProvider'
  | 'orderingProviderPhone'
  | 'orderPriority'
  | 'orderReason'
  | 'orderedAt'
>;

async function insertCase(db: DbOrTx, values: NewCase): Promise<CaseRecord> {
  const [row] = await db.insert(cases).values(values).returning();
  return row;
}

/**
 * A new case of the client with its next number and the protocol revisions current now (intake by hand
 * or from a hospital order).
 */
export async function intakeCase(
  db: DbOrTx,
  client: { id: number; code: string; timeZone: string },
  values: Omit<NewCase, 'caseNumber' | 'clientId' | 'protocolRevision' | 'transferRevision'>,
): Promise<CaseRecord> {
  const [caseNumber, protocolRevision, transferRevision] = await readAll(db, [
    () => nextCaseNumber(db, client.id, client.code, caseYear(client.timeZone, new Date())),
    () => currentRevisionNumber(db, client.id, 'protocol'),
    () => currentRevisionNumber(db, client.id, 'transfer'),
  ]);
  return insertCase(db, {
    ...values,
    caseNumber,
    clientId: client.id,
    protocolRevision: protocolRevision || null,
    transferRevision: transferRevision || null,
  });
}

/** The case the client's order made, if any. */
export async function findOrderCase(db: DbOrTx, clientId: number, placerOrderNumber: string) {
  const [row] = await db
    .select()
    .from(cases)
    .where(and(eq(cases.clientId, clientId), eq(cases.placerOrderNumber, placerOrderNumber)))
    .for('update');
  return row;
}

export async function updateCaseOrder(db: DbOrTx, caseId: number, order: CaseOrder) {
  await db
    .update(cases)
    .set({ ...order, version: sql`${cases.version} + 1`, updatedAt: new Date() })
    .where(eq(cases.id, caseId));
}

/** Writes the header fields only if the case is still at `version`; `undefined` otherwise. */
export function updateCase(
  db: DbOrTx,
  id: number,
  version: number,
  values: Partial<Omit<CasePatch, 'version' | 'recordingStart' | 'recordingEnd' | 'order'>> &
    Partial<CaseOrder> & {
      recordingStart?: Date | null;
      recordingEnd?: Date | null;
      stage?: CaseStage;
    },
): Promise<CaseRecord | undefined> {
  return updateAtVersion(db, cases, eq(cases.id, id), version, values);
}

/** Deletes the case (its patient details and assignments go with it) if still at `version`. */
export async function deleteCase(db: DbOrTx, id: number, version: number) {
  const [row] = await db
    .delete(cases)
    .where(and(eq(cases.id, id), eq(cases.version, version)))
    .returning();
  return row;
}

/** The cases, locked, in id order (so two requests locking overlapping sets cannot deadlock). */
export function lockCases(db: DbOrTx, ids: readonly number[]): Promise<CaseRecord[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(cases)
    .where(inArray(cases.id, [...ids]))
    .orderBy(cases.id)
    .for('update');
}

/** Bumps the version of cases whose technologists changed, so an editor holding the old header is told. */
export async function touchCases(db: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .update(cases)
    .set({ version: sql`${cases.version} + 1`, updatedAt: sql`now()` })
    .where(inArray(cases.id, [...ids]));
}

// Clients

export function countCasesOfClient(db: DbOrTx, clientId: number): Promise<number> {
  return db.$count(cases, eq(cases.clientId, clientId));
}

/** A case added between counting a client's cases and deleting the client trips the foreign key. */
export function isClientWithCases(error: unknown): boolean {
  return isForeignKeyViolation(error, 'cases_client_id_clients_id_fk');
}
