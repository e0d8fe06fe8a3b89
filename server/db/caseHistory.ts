import { and, eq, sql } from 'drizzle-orm';
import { wallClockFormat } from '../../contract/calendar';
import { type CaseRecordKind, INTERPRETATION_KIND_WORDS } from '../../contract/caseRecords';
import type {
  ActionInput,
  CaseAction,
  CaseProtocolSnapshot,
  CaseStage,
  CaseTransition,
} from '../../contract/cases';
import type { ProtocolRevision, TransferRevision } from '../../contract/clients';
import { DEFAULT_ESCALATION_MINUTES } from '../../contract/clients';
import { type CaseFacts, REQUIRED_PATIENT_FIELDS, type TransitionRecord } from '../domain/caseStages';
import { listLatestRevisions } from './caseRecords';
import {
  caseActions,
  casePatients,
  caseProtocolSnapshots,
  caseRecordItems,
  caseTechnologists,
  caseTransitions,
  clients,
} from './schema';
import { type DbOrTx, readAll } from './transaction';

/**
 * A case's history and what its stage guards read: transitions, actions, the facts of DESIGN §4's guard
 * table, and the protocol snapshot taken when it closes.
 */

type ActionRow = Omit<typeof caseActions.$inferSelect, 'caseId'>;
type TransitionRow = Omit<typeof caseTransitions.$inferSelect, 'caseId'>;

const toAction = (row: ActionRow): CaseAction => ({
  id: row.id,
  kind: row.kind,
  note: row.note,
  by: row.by,
  at: row.at.toISOString(),
  transitionId: row.transitionId,
});

const toTransition = (row: TransitionRow, actions: CaseAction[]): CaseTransition => ({
  id: row.id,
  from: row.fromStage,
  to: row.toStage,
  by: row.by,
  at: row.at.toISOString(),
  reason: row.reason,
  actions,
});

/** Transitions (oldest first), each with its actions, and the actions on the case itself, from their rows. */
export function historyOf(transitions: readonly TransitionRow[], actions: readonly ActionRow[]) {
  const all = actions.map(toAction);
  return {
    transitions: transitions.map((row) =>
      toTransition(
        row,
        all.filter((action) => action.transitionId === row.id),
      ),
    ),
    actions: all.filter((action) => action.transitionId === null),
  };
}

export async function getTransition(db: DbOrTx, caseId: number, transitionId: number) {
  const [row] = await db
    .select()
    .from(caseTransitions)
    .where(and(eq(caseTransitions.caseId, caseId), eq(caseTransitions.id, transitionId)));
  return row;
}

/** The case's last stage change, as the stage machine reads it. */
export async function lastTransition(db: DbOrTx, caseId: number): Promise<TransitionRecord | undefined> {
  const [row] = await db
    .select({
      from: caseTransitions.fromStage,
      to: caseTransitions.toStage,
      by: caseTransitions.by,
      reason: caseTransitions.reason,
    })
    .from(caseTransitions)
    .where(eq(caseTransitions.caseId, caseId))
    .orderBy(sql`${caseTransitions.at} desc`, sql`${caseTransitions.id} desc`)
    .limit(1);
  return row;
}

export async function insertTransition(
  db: DbOrTx,
  values: { caseId: number; from: CaseStage; to: CaseStage; by: string; reason: string },
): Promise<CaseTransition> {
  const [row] = await db
    .insert(caseTransitions)
    .values({
      caseId: values.caseId,
      fromStage: values.from,
      toStage: values.to,
      by: values.by,
      reason: values.reason,
    })
    .returning();
  return toTransition(row, []);
}

export async function insertAction(
  db: DbOrTx,
  caseId: number,
  transitionId: number | null,
  input: ActionInput,
  by: string,
): Promise<CaseAction> {
  const [row] = await db
    .insert(caseActions)
    .values({ caseId, transitionId, ...input, by })
    .returning();
  return toAction(row);
}

/** What the stage guards look at, read inside the transition's transaction. */
/** "the draft daily interpretation of Nov 10, 07:00", in the client's clock. */
function draftDescription(body: Record<string, unknown>, timeZone: string): string {
  const kind = INTERPRETATION_KIND_WORDS[body.kind as keyof typeof INTERPRETATION_KIND_WORDS] ?? 'other';
  const start = typeof body.periodStart === 'string' ? body.periodStart : null;
  const period = start ? ` of ${wallClockFormat(timeZone, { withYear: false }).format(new Date(start))}` : '';
  return `the draft ${kind} interpretation${period}`;
}

export async function caseFacts(
  db: DbOrTx,
  caseRow: { id: number; clientId: number; recordingStart: Date | null; recordingEnd: Date | null },
): Promise<CaseFacts> {
  const [[patient], [{ technologists }], records, [client]] = await readAll(db, [
    () => db.select().from(casePatients).where(eq(casePatients.caseId, caseRow.id)),
    () =>
      db
        .select({ technologists: sql<string>`count(*)` })
        .from(caseTechnologists)
        .where(eq(caseTechnologists.caseId, caseRow.id)),
    () => listLatestRevisions(db, caseRow.id, ['time-logs', 'interpretations', 'billing-notes']),
    () => db.select({ timeZone: clients.timeZone }).from(clients).where(eq(clients.id, caseRow.clientId)),
  ]);
  return factsOf({
    patient,
    technologistCount: Number(technologists),
    recordingStart: caseRow.recordingStart,
    recordingEnd: caseRow.recordingEnd,
    records,
    timeZone: client?.timeZone ?? 'UTC',
  });
}

/** A latest revision as the guards read it. */
export type GuardRecord = { kind: CaseRecordKind; body: Record<string, unknown>; voided: boolean };

/** The guard table's facts (DESIGN §4) from what was read of the case. */
export function factsOf(read: {
  patient: Partial<Record<(typeof REQUIRED_PATIENT_FIELDS)[number], unknown>> | null | undefined;
  technologistCount: number;
  recordingStart: Date | null;
  recordingEnd: Date | null;
  /** The latest revisions of its time logs, interpretations and billing notes, in item order. */
  records: readonly GuardRecord[];
  timeZone: string;
}): CaseFacts {
  const { patient, records } = read;
  const ofKind = (kind: CaseRecordKind) =>
    records.filter((row) => row.kind === kind && !row.voided).map((row) => row.body);
  return {
    missingPatientFields: REQUIRED_PATIENT_FIELDS.filter((field) => !patient?.[field]),
    technologistCount: read.technologistCount,
    recordingStartSet: read.recordingStart !== null,
    recordingEndSet: read.recordingEnd !== null,
    openTimeLogCount: ofKind('time-logs').filter((body) => body.end === null || body.end === undefined)
      .length,
    hasSignedFinalInterpretation: ofKind('interpretations').some(
      (body) => body.kind === 'final' && body.status === 'signed',
    ),
    draftInterpretations: records
      .filter((row) => row.kind === 'interpretations' && !row.voided && row.body.status !== 'signed')
      .map((row) => draftDescription(row.body, read.timeZone)),
    unsettledBillingNoteCount: ofKind('billing-notes').filter((body) => body.settled !== true).length,
  };
}

/** Clinical records, transitions and actions: what makes an intake case more than a mistaken entry. */
export async function countCaseHistory(db: DbOrTx, caseId: number): Promise<number> {
  const [records, transitions, actions] = await readAll(db, [
    () => db.$count(caseRecordItems, eq(caseRecordItems.caseId, caseId)),
    () => db.$count(caseTransitions, eq(caseTransitions.caseId, caseId)),
    () => db.$count(caseActions, eq(caseActions.caseId, caseId)),
  ]);
  return records + transitions + actions;
}

/** Copies the protocol the case ran under into it (taken again if a reopened case closes again). */
export async function saveProtocolSnapshot(
  db: DbOrTx,
  caseId: number,
  protocol: ProtocolRevision | null,
  transfer: TransferRevision | null,
  by: string,
) {
  const values = { protocol, transfer, takenBy: by, takenAt: new Date() };
  await db
    .insert(caseProtocolSnapshots)
    .values({ caseId, ...values })
    .onConflictDoUpdate({ target: caseProtocolSnapshots.caseId, set: values });
}

export async function getProtocolSnapshot(
  db: DbOrTx,
  caseId: number,
): Promise<CaseProtocolSnapshot | undefined> {
  const [row] = await db.select().from(caseProtocolSnapshots).where(eq(caseProtocolSnapshots.caseId, caseId));
  return (
    row && {
      caseId: row.caseId,
      takenAt: row.takenAt.toISOString(),
      takenBy: row.takenBy,
      // A copy taken before escalation minutes existed ran under the default.
      protocol: row.protocol && {
        ...row.protocol,
        escalationMinutes: row.protocol.escalationMinutes ?? DEFAULT_ESCALATION_MINUTES,
      },
      transfer: row.transfer,
    }
  );
}
