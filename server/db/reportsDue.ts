import { and, desc, eq, gte, isNotNull, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { CaseStage } from '../../contract/cases';
import { DEFAULT_REPORT_TURNAROUND_HOURS } from '../../contract/reportsDue';
import type { ReportsDueInput, SignedInterpretation } from '../domain/reportsDue';
import { caseProtocolRevision } from './caseChecks';
import { preparedOnce, withConstantsInline } from './prepared';
import { caseRecordItems, cases, caseTransitions, clients, protocolRevisions } from './schema';
import {
  fromJson,
  isSignedInterpretation,
  latestRevisionJoin,
  liveRecordsOfCase,
  subquery,
} from './subqueries';
import type { DbOrTx } from './transaction';

/** A case with what its reports due are reckoned from (DESIGN §4 "Reports due"). */
export interface ReportCase {
  caseId: number;
  caseNumber: string;
  stage: CaseStage;
  clientId: number;
  clientName: string;
  input: ReportsDueInput;
}

type Instant = Date | string;

/** What a case's reports due are reckoned from, as read (a protocol without a turnaround takes the default). */
export function reportInput(read: {
  recordingStart: Instant;
  recordingEnd: Instant | null;
  timeZone: string;
  billingPeriodStart: string;
  turnaroundHours: number | null;
  cancelled: boolean;
  signed: SignedInterpretation[];
}): ReportsDueInput {
  return {
    recordingStart: new Date(read.recordingStart).toISOString(),
    recordingEnd: read.recordingEnd === null ? null : new Date(read.recordingEnd).toISOString(),
    timeZone: read.timeZone,
    billingPeriodStart: read.billingPeriodStart,
    turnaroundHours:
      read.turnaroundHours === null ? DEFAULT_REPORT_TURNAROUND_HOURS : Number(read.turnaroundHours),
    cancelled: read.cancelled,
    signed: read.signed,
  };
}

/**
 * The stage a closed case was closed from (its latest transition's). Only a closed case's are looked up:
 * the stage is tested inside the lookup, as the join's condition was tested only after it.
 */
const closedFrom = subquery
  .select({ fromStage: caseTransitions.fromStage })
  .from(caseTransitions)
  .where(and(eq(caseTransitions.caseId, cases.id), eq(cases.stage, 'closed')))
  .orderBy(desc(caseTransitions.at), desc(caseTransitions.id))
  .limit(1)
  .as('closed_from');

const latest = latestRevisionJoin();
/** The case's live signed interpretations. */
const signed = subquery
  .select({
    list: sql`json_agg(json_build_object(
      'kind', ${latest.body}->>'kind', 'periodStart', ${latest.body}->>'periodStart',
      'periodEnd', ${latest.body}->>'periodEnd', 'signedAt', ${latest.body}->>'signedAt'))`.as('signed_list'),
  })
  .from(caseRecordItems)
  .crossJoinLateral(latest)
  .where(liveRecordsOfCase('interpretations', latest, isSignedInterpretation(latest.body)))
  .as('signed');

/**
 * The cases matching `where` that have a recording start, each with its client's billing periods, the
 * turnaround of the protocol it runs under, whether it was cancelled (closed from intake) and its live
 * signed interpretations: one query, however many cases. It is prepared once for `key`, which says
 * everything `where` depends on; `values` are its placeholders' (./prepared.ts).
 */
async function reportCases(
  db: DbOrTx,
  key: string,
  where: SQL | undefined,
  values: Record<string, unknown> = {},
): Promise<ReportCase[]> {
  const rows = await preparedOnce(db, `report cases ${key}`, (name) =>
    withConstantsInline(reportCasesQuery(db, where)).prepare(name),
  ).execute(values);
  // Each row read as it is, not copied field by field into another first.
  return rows.map((row) => ({
    caseId: row.caseId,
    caseNumber: row.caseNumber,
    stage: row.stage,
    clientId: row.clientId,
    clientName: row.clientName,
    // Chosen with a recording start.
    input: reportInput(row as typeof row & { recordingStart: Date }),
  }));
}

function reportCasesQuery(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({
      caseId: cases.id,
      caseNumber: cases.caseNumber,
      stage: cases.stage,
      clientId: clients.id,
      clientName: clients.name,
      timeZone: clients.timeZone,
      billingPeriodStart: clients.billingPeriodStart,
      recordingStart: cases.recordingStart,
      recordingEnd: cases.recordingEnd,
      turnaroundHours: protocolRevisions.reportTurnaroundHours,
      cancelled: sql<boolean>`coalesce(${closedFrom.fromStage} = 'intake', false)`,
      signed: sql`coalesce(${signed.list}, '[]')`.mapWith(fromJson<SignedInterpretation[]>),
    })
    .from(cases)
    .innerJoin(clients, eq(clients.id, cases.clientId))
    .leftJoin(protocolRevisions, caseProtocolRevision)
    .leftJoinLateral(closedFrom, sql`true`)
    .leftJoinLateral(signed, sql`true`)
    .where(and(isNotNull(cases.recordingStart), where));
}

/** The open (not closed) cases this user reads: the reports they owe. */
export const reportCasesOfReader = (db: DbOrTx, username: string) =>
  reportCases(
    db,
    'of reader',
    and(eq(cases.reader, sql.placeholder('username')), ne(cases.stage, 'closed')),
    { username },
  );

/** The cases in monitoring: the board's. */
export const reportCasesInMonitoring = (db: DbOrTx) =>
  reportCases(db, 'in monitoring', eq(cases.stage, 'monitoring'));

/**
 * The cases whose reports may fall due in the months `from`..`to` (of a client, or all): recorded before the
 * range ends and not ended more than the longest turnaround (a week) before it starts; a day wider each
 * side, as the client's month decides.
 */
export function reportCasesInRange(db: DbOrTx, range: { clientId?: number; from: string; to: string }) {
  const [year, month] = range.to.split('-').map(Number) as [number, number];
  const start = new Date(Date.parse(`${range.from}-01T00:00:00Z`) - 8 * 86_400_000);
  const end = new Date(Date.UTC(year, month, 2));
  const value = sql.placeholder;
  return reportCases(
    db,
    range.clientId === undefined ? 'in range' : 'of client in range',
    and(
      lt(cases.recordingStart, value('end')),
      or(isNull(cases.recordingEnd), gte(cases.recordingEnd, value('start'))),
      range.clientId === undefined ? undefined : eq(cases.clientId, value('clientId')),
    ),
    { start, end, clientId: range.clientId },
  );
}
