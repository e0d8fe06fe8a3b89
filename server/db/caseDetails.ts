import { asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import type { CaseRecordKind } from '../../contract/caseRecords';
import type {
  CaseAction,
  CaseHandover,
  CaseRow,
  CaseStage,
  CaseTransition,
  Patient,
} from '../../contract/cases';
import type { CaseFacts } from '../domain/caseStages';
import type { ReportsDueInput, SignedInterpretation } from '../domain/reportsDue';
import { nextCheck } from './caseChecks';
import { factsOf, type GuardRecord, historyOf } from './caseHistory';
import { type RawRow, rowColumns, selectRows, toCaseRow } from './caseList';
import { toHandover } from './handovers';
import { toPatient } from './patientDetails';
import { preparedOnce } from './prepared';
import { reportInput } from './reportsDue';
import {
  caseActions,
  caseHandovers,
  casePatients,
  caseRecordItems,
  caseRecordRevisions,
  cases,
  caseTransitions,
  clients,
  protocolRevisions,
} from './schema';
import type { DbOrTx } from './transaction';

/**
 * The case page's record (GET of one case, and the answer of every write on it) in one statement: the
 * list row, the case's client, patient and protocol, and its history and records as json arrays.
 */

/** A json array of `table`'s rows matching `where`, in `order`, each an object of `columns` by their keys. */
function jsonRows(table: AnyPgTable, columns: Record<string, AnyPgColumn | SQL>, where: SQL, order: SQL[]) {
  const fields = sql.join(
    Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  );
  return sql`coalesce((
    select json_agg(json_build_object(${fields}) order by ${sql.join(order, sql`, `)})
    from ${table} where ${where}
  ), '[]'::json)`;
}

/** The kinds of record the stage guards, the signers and the reports due read. */
const GUARD_KINDS: readonly CaseRecordKind[] = ['time-logs', 'interpretations', 'billing-notes'];

/** The latest revision of each of the case's records of those kinds, in item order. */
const latestRecords = sql`coalesce((
  select json_agg(json_build_object('kind', ${caseRecordItems.kind}, 'body', latest.body, 'voided', latest.voided)
    order by ${caseRecordItems.id})
  from ${caseRecordItems}
  cross join lateral (
    select ${caseRecordRevisions.body} as body, ${caseRecordRevisions.voided} as voided
    from ${caseRecordRevisions}
    where ${caseRecordRevisions.itemId} = ${caseRecordItems.id}
    order by ${caseRecordRevisions.revision} desc limit 1
  ) latest
  where ${caseRecordItems.caseId} = ${cases.id} and ${caseRecordItems.kind} in ${GUARD_KINDS}
), '[]'::json)`;

const { caseId: _caseId, ...patientColumns } = getTableColumns(casePatients);
const patientFields = Object.fromEntries(
  Object.entries(patientColumns).map(([key, column]) => [`patient.${key}`, column]),
) as { [K in keyof typeof patientColumns as `patient.${K}`]: (typeof patientColumns)[K] };

const detailColumns = {
  clientCode: clients.code,
  billingPeriodStart: clients.billingPeriodStart,
  turnaroundHours: protocolRevisions.reportTurnaroundHours,
  protocolRevision: cases.protocolRevision,
  transferRevision: cases.transferRevision,
  channelCount: cases.channelCount,
  createdBy: cases.createdBy,
  // The board's next check (a moment, mapped as the case's own timestamps are).
  nextCheckBy: sql`${nextCheck}`.mapWith(cases.createdAt),
  patientCaseId: casePatients.caseId,
  ...patientFields,
  transitions: jsonRows(
    caseTransitions,
    {
      id: caseTransitions.id,
      fromStage: caseTransitions.fromStage,
      toStage: caseTransitions.toStage,
      by: caseTransitions.by,
      at: caseTransitions.at,
      reason: caseTransitions.reason,
    },
    eq(caseTransitions.caseId, cases.id),
    [asc(caseTransitions.at), asc(caseTransitions.id)],
  ),
  actions: jsonRows(
    caseActions,
    {
      id: caseActions.id,
      transitionId: caseActions.transitionId,
      kind: caseActions.kind,
      note: caseActions.note,
      by: caseActions.by,
      at: caseActions.at,
    },
    eq(caseActions.caseId, cases.id),
    [asc(caseActions.at), asc(caseActions.id)],
  ),
  handovers: jsonRows(
    caseHandovers,
    {
      id: caseHandovers.id,
      fromTechnologist: caseHandovers.fromTechnologist,
      toTechnologist: caseHandovers.toTechnologist,
      at: caseHandovers.at,
      note: caseHandovers.note,
      by: caseHandovers.by,
      closedLogId: caseHandovers.closedLogId,
      openedLogId: caseHandovers.openedLogId,
    },
    eq(caseHandovers.caseId, cases.id),
    [asc(caseHandovers.at), asc(caseHandovers.id)],
  ),
  records: latestRecords,
};

type PatientRow = Omit<typeof casePatients.$inferSelect, 'caseId'>;
type TransitionRow = Omit<typeof caseTransitions.$inferSelect, 'caseId'>;
type ActionRow = Omit<typeof caseActions.$inferSelect, 'caseId'>;
type HandoverRow = Omit<typeof caseHandovers.$inferSelect, 'caseId' | 'createdAt'>;
/** A row as `json_build_object` gives it: its instant as text. */
type JsonRow<Row extends { at: Date }> = Omit<Row, 'at'> & { at: string };

/** A json value: a string from some drivers, already parsed from others. */
const fromJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;
/** A json instant (timestamptz as text, in the session's zone) as the Date the driver would give. */
const dated = <Row extends { at: Date }>(row: JsonRow<Row>) => ({ ...row, at: new Date(row.at) }) as Row;

/** A body field as PostgreSQL's `->>` reads it. */
const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

/** The live signed interpretations a case's reports due count (those with a signing time). */
function signedInterpretations(records: readonly GuardRecord[]): SignedInterpretation[] {
  return records
    .filter(
      ({ kind, body, voided }) =>
        kind === 'interpretations' &&
        !voided &&
        asText(body.status) === 'signed' &&
        asText(body.signedAt) !== null,
    )
    .map(({ body }) => ({
      kind: asText(body.kind) as string,
      periodStart: asText(body.periodStart),
      periodEnd: asText(body.periodEnd),
      signedAt: asText(body.signedAt) as string,
    }));
}

export type CaseDetailsRead = {
  row: CaseRow;
  client: { id: number; name: string; code: string; timeZone: string };
  patient: Patient | null;
  protocolRevision: number | null;
  transferRevision: number | null;
  channelCount: number;
  createdBy: string;
  /** When the next check is due, while the case is in monitoring (the board's rule); else null. */
  nextCheckBy: string | null;
  transitions: CaseTransition[];
  actions: CaseAction[];
  handovers: CaseHandover[];
  /** The stage before the latest transition: where a closed case reopens to. */
  previousStage: CaseStage | undefined;
  facts: CaseFacts;
  /** Who signed its interpretations (voided ones too). */
  signers: string[];
  /** What its reports due are reckoned from; none before its recording starts. */
  reporting: ReportsDueInput | undefined;
};

/** The case page's statement, prepared once (./prepared.ts): the case is its placeholder `id`. */
const detailsQuery = (db: DbOrTx) =>
  preparedOnce(db, 'case details', (name) =>
    selectRows(db, detailColumns)
      .where(eq(cases.id, sql.placeholder('id')))
      .prepare(name),
  );

/** Everything the case page shows of one case, read in one statement; `undefined` if there is no such case. */
export async function readCaseDetails(db: DbOrTx, id: number): Promise<CaseDetailsRead | undefined> {
  const [found] = await detailsQuery(db).execute({ id });
  if (!found) return undefined;
  const pick = (keys: string[], prefix = '') =>
    Object.fromEntries(keys.map((key) => [key, (found as Record<string, unknown>)[`${prefix}${key}`]]));
  const row = toCaseRow(pick(Object.keys(rowColumns)) as RawRow);
  const patientRow = pick(Object.keys(patientColumns), 'patient.') as PatientRow;
  const transitionRows = fromJson<JsonRow<TransitionRow>[]>(found.transitions).map(dated);
  const history = historyOf(transitionRows, fromJson<JsonRow<ActionRow>[]>(found.actions).map(dated));
  const records = fromJson<GuardRecord[]>(found.records);
  const previousStage = transitionRows.at(-1)?.fromStage;
  const { recordingStart, recordingEnd } = found;
  return {
    row,
    client: { id: row.clientId, name: row.clientName, code: found.clientCode, timeZone: row.clientTimeZone },
    patient: found.patientCaseId === null ? null : toPatient({ caseId: id, ...patientRow }),
    protocolRevision: found.protocolRevision,
    transferRevision: found.transferRevision,
    channelCount: found.channelCount,
    createdBy: found.createdBy,
    nextCheckBy: row.stage === 'monitoring' && found.nextCheckBy ? found.nextCheckBy.toISOString() : null,
    transitions: history.transitions,
    actions: history.actions,
    handovers: fromJson<JsonRow<HandoverRow>[]>(found.handovers).map((handover) =>
      toHandover(dated(handover)),
    ),
    previousStage,
    facts: factsOf({
      patient: found.patientCaseId === null ? null : patientRow,
      technologistCount: row.technologists.length,
      recordingStart,
      recordingEnd,
      records,
      timeZone: row.clientTimeZone,
    }),
    signers: records.flatMap(({ kind, body }) =>
      kind === 'interpretations' && typeof body.signedBy === 'string' ? [body.signedBy] : [],
    ),
    reporting:
      recordingStart === null
        ? undefined
        : reportInput({
            recordingStart,
            recordingEnd,
            timeZone: row.clientTimeZone,
            billingPeriodStart: found.billingPeriodStart,
            turnaroundHours: found.turnaroundHours,
            cancelled: row.stage === 'closed' && previousStage === 'intake',
            signed: signedInterpretations(records),
          }),
  };
}
