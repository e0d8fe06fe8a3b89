import { and, eq, gt, inArray, isNull, lt, not, or, sql } from 'drizzle-orm';
import type { MonitoringLevel, StudyType } from '../../contract/cases';
import type { SignedReport } from '../domain/billing/professional';
import { isAnyOf, preparedOnce } from './prepared';
import { casePatients, caseRecordItems, caseRecordRevisions, cases, caseTimeLogs } from './schema';
import {
  fromJson,
  isSignedInterpretation,
  latestRevisionJoin,
  liveRecordsOfCase,
  subquery,
} from './subqueries';
import type { DbOrTx } from './transaction';

/** The cases of a client's statement: their facts for the lines and CPT codes, running logs, revisions. */

export interface RunningLog {
  caseId: number;
  caseNumber: string;
  start: number;
  activity: string;
  recordingEnd: number | null;
}

/** The live running logs of the client's cases, with their case's recording end, for the statement. */
export async function runningLogsOfClient(db: DbOrTx, clientId: number): Promise<RunningLog[]> {
  const query = preparedOnce(db, 'running logs of client', (name) =>
    db
      .select({
        caseId: caseTimeLogs.caseId,
        caseNumber: cases.caseNumber,
        start: caseTimeLogs.startAt,
        activity: caseTimeLogs.activity,
        recordingEnd: cases.recordingEnd,
      })
      .from(caseTimeLogs)
      .innerJoin(cases, eq(cases.id, caseTimeLogs.caseId))
      .where(
        and(
          eq(cases.clientId, sql.placeholder('clientId')),
          isNull(caseTimeLogs.endAt),
          not(caseTimeLogs.voided),
        ),
      )
      .prepare(name),
  );
  const rows = await query.execute({ clientId });
  return rows.map((row) => ({
    ...row,
    start: row.start.getTime(),
    recordingEnd: row.recordingEnd?.getTime() ?? null,
  }));
}

export interface StatementCase {
  caseId: number;
  caseNumber: string;
  patientName: string;
  mrn: string;
  stage: string;
  studyType: StudyType;
  hasVideo: boolean;
  monitoringLevel: MonitoringLevel;
  recordingStart: Date | null;
  recordingEnd: Date | null;
  channelCount: number;
  hasHookupLog: boolean;
  /** The live signed daily and final interpretations: the professional codes come from them. */
  reports: SignedReport[];
}

/*
 * Each lookup of a statement case is a lateral with a limit, so it stays an index probe per chosen case: the
 * planner expects ten times the cases there are and would otherwise hash all 50,000 patients, or answer the
 * hookup test by scanning the million time logs.
 */
const patient = subquery
  .select({ mrn: casePatients.mrn, firstName: casePatients.firstName, lastName: casePatients.lastName })
  .from(casePatients)
  .where(eq(casePatients.caseId, cases.id))
  .limit(1)
  .as('p');
const hookup = subquery
  .select({ itemId: caseTimeLogs.itemId })
  .from(caseTimeLogs)
  .where(
    and(eq(caseTimeLogs.caseId, cases.id), eq(caseTimeLogs.activity, 'hookup'), not(caseTimeLogs.voided)),
  )
  .limit(1)
  .as('hookup');
const latest = latestRevisionJoin();
/** The case's live signed dailies and finals, as one json list: what its professional codes come from. */
const reports = subquery
  .select({
    list: sql`json_agg(json_build_object(
      'kind', ${latest.body}->>'kind', 'periodStart', ${latest.body}->>'periodStart',
      'periodEnd', ${latest.body}->>'periodEnd', 'signedBy', ${latest.body}->>'signedBy'))`.as('report_list'),
  })
  .from(caseRecordItems)
  .crossJoinLateral(latest)
  .where(
    liveRecordsOfCase(
      'interpretations',
      latest,
      sql`${latest.body}->>'kind' in ('daily', 'final')`,
      isSignedInterpretation(latest.body),
      sql`${latest.body}->>'signedBy' is not null`,
    ),
  )
  .as('reports');

/** A signed report as read: instants as ISO text. */
interface ReadReport {
  kind: 'daily' | 'final';
  periodStart: string | null;
  periodEnd: string | null;
  signedBy: string;
}

const toReports = (value: unknown): SignedReport[] =>
  fromJson<ReadReport[]>(value as string).map((report) => ({
    ...report,
    periodStart: report.periodStart === null ? null : Date.parse(report.periodStart),
    periodEnd: report.periodEnd === null ? null : Date.parse(report.periodEnd),
  }));

/** The client's cases that are among `caseIds` or whose recording overlaps [start, end). */
export function statementCases(
  db: DbOrTx,
  clientId: number,
  caseIds: readonly number[],
  { start, end }: { start: Date; end: Date },
  now: Date,
): Promise<StatementCase[]> {
  return preparedOnce(db, 'statement cases', (name) => statementCasesQuery(db).prepare(name)).execute({
    clientId,
    caseIds: [...caseIds],
    start,
    end,
    now: now.toISOString(),
  });
}

/** `statementCases`' query, its arguments as placeholders of the same names. */
function statementCasesQuery(db: DbOrTx) {
  const value = sql.placeholder;
  return db
    .select({
      caseId: cases.id,
      caseNumber: cases.caseNumber,
      patientName: sql<string>`concat_ws(', ', nullif(${patient.lastName}, ''), nullif(${patient.firstName}, ''))`,
      mrn: sql<string>`coalesce(${patient.mrn}, '')`,
      stage: cases.stage,
      studyType: cases.studyType,
      hasVideo: cases.hasVideo,
      monitoringLevel: cases.monitoringLevel,
      recordingStart: cases.recordingStart,
      recordingEnd: cases.recordingEnd,
      channelCount: cases.channelCount,
      hasHookupLog: sql<boolean>`${hookup.itemId} is not null`,
      reports: sql`coalesce(${reports.list}, '[]')`.mapWith(toReports),
    })
    .from(cases)
    .leftJoinLateral(patient, sql`true`)
    .leftJoinLateral(hookup, sql`true`)
    .leftJoinLateral(reports, sql`true`)
    .where(
      and(
        eq(cases.clientId, value('clientId')),
        or(
          isAnyOf(cases.id, 'caseIds'),
          and(
            lt(cases.recordingStart, value('end')),
            gt(sql`coalesce(${cases.recordingEnd}, ${value('now')})`, value('start')),
          ),
        ),
      ),
    )
    .orderBy(cases.caseNumber);
}

const REVISED_KINDS = ['time-logs', 'billing-notes'] as const;

export interface RevisionAfter {
  caseId: number;
  kind: (typeof REVISED_KINDS)[number];
  itemId: number;
  revision: number;
  author: string;
  createdAt: Date;
  body: Record<string, unknown>;
}

/** Time-log and billing-note revisions of the cases saved after `since`, oldest first. */
export async function revisionsAfter(
  db: DbOrTx,
  caseIds: readonly number[],
  since: Date,
): Promise<RevisionAfter[]> {
  if (caseIds.length === 0) return [];
  const query = preparedOnce(db, 'revisions after', (name) => revisionsAfterQuery(db).prepare(name));
  const rows = await query.execute({ caseIds: [...caseIds], since });
  // The where keeps these two kinds only.
  return rows as RevisionAfter[];
}

/** `revisionsAfter`'s query, its arguments as placeholders of the same names. */
function revisionsAfterQuery(db: DbOrTx) {
  return db
    .select({
      caseId: caseRecordItems.caseId,
      kind: caseRecordItems.kind,
      itemId: caseRecordRevisions.itemId,
      revision: caseRecordRevisions.revision,
      author: caseRecordRevisions.author,
      createdAt: caseRecordRevisions.createdAt,
      body: caseRecordRevisions.body,
    })
    .from(caseRecordItems)
    .innerJoin(caseRecordRevisions, eq(caseRecordRevisions.itemId, caseRecordItems.id))
    .where(
      and(
        isAnyOf(caseRecordItems.caseId, 'caseIds'),
        inArray(caseRecordItems.kind, REVISED_KINDS),
        gt(caseRecordRevisions.createdAt, sql.placeholder('since')),
      ),
    )
    .orderBy(caseRecordRevisions.createdAt, caseRecordRevisions.itemId, caseRecordRevisions.revision);
}
