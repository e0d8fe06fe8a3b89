import { type SQL, sql } from 'drizzle-orm';
import type { CaseStage } from '../../contract/cases';
import { DEFAULT_REPORT_TURNAROUND_HOURS } from '../../contract/reportsDue';
import type { ReportsDueInput, SignedInterpretation } from '../domain/reportsDue';
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
 * The cases matching `where` (on `c`, the cases, and `client`) that have a recording start, each with its
 * client's billing periods, the turnaround of the protocol it runs under, whether it was cancelled (closed
 * from intake) and its live signed interpretations: one query, however many cases.
 */
async function reportCases(db: DbOrTx, where: SQL): Promise<ReportCase[]> {
  const { rows } = await db.execute<{
    id: number;
    case_number: string;
    stage: CaseStage;
    client_id: number;
    client_name: string;
    time_zone: string;
    billing_period_start: string;
    recording_start: Instant;
    recording_end: Instant | null;
    turnaround_hours: number | null;
    cancelled: boolean;
    signed: string | SignedInterpretation[];
  }>(sql`
    select c.id, c.case_number, c.stage, client.id as client_id, client.name as client_name, client.time_zone,
      client.billing_period_start, c.recording_start, c.recording_end,
      p.report_turnaround_hours as turnaround_hours,
      coalesce(closed_from.from_stage = 'intake', false) as cancelled,
      coalesce(signed.list, '[]') as signed
    from cases c
    join clients client on client.id = c.client_id
    left join protocol_revisions p
      on p.client_id = c.client_id and p.kind = 'protocol' and p.revision = c.protocol_revision
    left join lateral (
      select t.from_stage from case_transitions t
      where t.case_id = c.id order by t.at desc, t.id desc limit 1
    ) closed_from on c.stage = 'closed'
    left join lateral (
      select json_agg(json_build_object(
        'kind', latest.body->>'kind', 'periodStart', latest.body->>'periodStart',
        'periodEnd', latest.body->>'periodEnd', 'signedAt', latest.body->>'signedAt')) as list
      from case_record_items item
      cross join lateral (
        select body, voided from case_record_revisions revision
        where revision.item_id = item.id order by revision.revision desc limit 1
      ) latest
      where item.case_id = c.id and item.kind = 'interpretations' and not latest.voided
        and latest.body->>'status' = 'signed' and latest.body->>'signedAt' is not null
    ) signed on true
    where c.recording_start is not null and (${where})`);
  return rows.map((row) => ({
    caseId: Number(row.id),
    caseNumber: row.case_number,
    stage: row.stage,
    clientId: Number(row.client_id),
    clientName: row.client_name,
    input: reportInput({
      recordingStart: row.recording_start,
      recordingEnd: row.recording_end,
      timeZone: row.time_zone,
      billingPeriodStart: row.billing_period_start,
      turnaroundHours: row.turnaround_hours,
      cancelled: row.cancelled,
      signed: typeof row.signed === 'string' ? JSON.parse(row.signed) : row.signed,
    }),
  }));
}

/** The open (not closed) cases this user reads: the reports they owe. */
export const reportCasesOfReader = (db: DbOrTx, username: string) =>
  reportCases(db, sql`c.reader = ${username} and c.stage <> 'closed'`);

/** The cases in monitoring: the board's. */
export const reportCasesInMonitoring = (db: DbOrTx) => reportCases(db, sql`c.stage = 'monitoring'`);

/** One case, for its header (none before its recording starts). */
export async function reportCaseOf(db: DbOrTx, caseId: number): Promise<ReportCase | undefined> {
  const [found] = await reportCases(db, sql`c.id = ${caseId}`);
  return found;
}

/**
 * The cases whose reports may fall due in the months `from`..`to` (of a client, or all): recorded before the
 * range ends and not ended more than the longest turnaround (a week) before it starts; a day wider each
 * side, as the client's month decides.
 */
export function reportCasesInRange(db: DbOrTx, range: { clientId?: number; from: string; to: string }) {
  const [year, month] = range.to.split('-').map(Number) as [number, number];
  const start = new Date(Date.parse(`${range.from}-01T00:00:00Z`) - 8 * 86_400_000);
  const end = new Date(Date.UTC(year, month, 2));
  return reportCases(
    db,
    sql`c.recording_start < ${end.toISOString()}
      and (c.recording_end is null or c.recording_end >= ${start.toISOString()})
      ${range.clientId === undefined ? sql`` : sql`and c.client_id = ${range.clientId}`}`,
  );
}
