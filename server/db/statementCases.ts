import { sql } from 'drizzle-orm';
import type { MonitoringLevel, StudyType } from '../../contract/cases';
import type { DbOrTx } from './transaction';

/** The cases of a client's statement: their facts for the lines and CPT codes, running logs, revisions. */

export interface RunningLog {
  caseId: number;
  caseNumber: string;
  start: number;
  recordingEnd: number | null;
}

/** The live running logs of the client's cases, with their case's recording end, for the statement. */
export async function runningLogsOfClient(db: DbOrTx, clientId: number): Promise<RunningLog[]> {
  const { rows } = await db.execute<{
    case_id: number;
    case_number: string;
    start_at: Date | string;
    recording_end: Date | string | null;
  }>(sql`
    select log.case_id, c.case_number, log.start_at, c.recording_end from case_time_logs log
    join cases c on c.id = log.case_id
    where c.client_id = ${clientId} and log.end_at is null and not log.voided`);
  return rows.map((row) => ({
    caseId: Number(row.case_id),
    caseNumber: row.case_number,
    start: new Date(row.start_at).getTime(),
    recordingEnd: row.recording_end === null ? null : new Date(row.recording_end).getTime(),
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
  /** The reader's username. */
  reader: string | null;
  /** A signed daily report exists: the study was interpreted period by period. */
  hasDailyReports: boolean;
}

/** The client's cases that are among `caseIds` or whose recording overlaps [start, end). */
export async function statementCases(
  db: DbOrTx,
  clientId: number,
  caseIds: readonly number[],
  { start, end }: { start: Date; end: Date },
  now: Date,
): Promise<StatementCase[]> {
  const { rows } = await db.execute<{
    id: number;
    case_number: string;
    patient_name: string | null;
    mrn: string | null;
    stage: string;
    study_type: StudyType;
    has_video: boolean;
    monitoring_level: MonitoringLevel;
    recording_start: Date | string | null;
    recording_end: Date | string | null;
    channel_count: number;
    has_hookup_log: boolean;
    reader: string | null;
    has_daily_reports: boolean;
  }>(sql`
    select c.id, c.case_number, c.stage, c.study_type, c.has_video, c.monitoring_level, c.recording_start,
      c.recording_end, c.channel_count, c.reader, p.mrn, daily.found is not null as has_daily_reports,
      nullif(concat_ws(', ', nullif(p.last_name, ''), nullif(p.first_name, '')), '') as patient_name,
      hookup.found is not null as has_hookup_log
    from cases c
    -- Each lookup is a lateral with a limit, so it stays an index probe per chosen case: the planner
    -- expects ten times the cases there are and would otherwise hash all 50,000 patients, or answer
    -- the hookup test by scanning the million time logs.
    left join lateral (
      select patient.mrn, patient.first_name, patient.last_name from case_patients patient
      where patient.case_id = c.id limit 1
    ) p on true
    left join lateral (
      select true as found from case_time_logs log
      where log.case_id = c.id and log.activity = 'hookup' and not log.voided limit 1
    ) hookup on true
    left join lateral (
      select true as found from case_record_items item
      cross join lateral (
        select body, voided from case_record_revisions revision
        where revision.item_id = item.id order by revision.revision desc limit 1
      ) latest
      where item.case_id = c.id and item.kind = 'interpretations' and not latest.voided
        and latest.body->>'kind' = 'daily' and latest.body->>'status' = 'signed'
      limit 1
    ) daily on true
    where c.client_id = ${clientId} and (
      ${caseIds.length === 0 ? sql`false` : sql`c.id in ${caseIds}`}
      or (c.recording_start < ${end.toISOString()} and coalesce(c.recording_end, ${now.toISOString()}) > ${start.toISOString()})
    )
    order by c.case_number`);
  return rows.map((row) => ({
    caseId: Number(row.id),
    caseNumber: row.case_number,
    patientName: row.patient_name ?? '',
    mrn: row.mrn ?? '',
    stage: row.stage,
    studyType: row.study_type,
    hasVideo: row.has_video,
    monitoringLevel: row.monitoring_level,
    recordingStart: row.recording_start === null ? null : new Date(row.recording_start),
    recordingEnd: row.recording_end === null ? null : new Date(row.recording_end),
    channelCount: Number(row.channel_count),
    hasHookupLog: row.has_hookup_log,
    reader: row.reader,
    hasDailyReports: row.has_daily_reports,
  }));
}

export interface RevisionAfter {
  caseId: number;
  kind: 'time-logs' | 'billing-notes';
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
  const { rows } = await db.execute<{
    case_id: number;
    kind: 'time-logs' | 'billing-notes';
    item_id: number;
    revision: number;
    author: string;
    created_at: Date | string;
    body: Record<string, unknown>;
  }>(sql`
    select item.case_id, item.kind, revision.item_id, revision.revision, revision.author, revision.created_at,
      revision.body
    from case_record_items item join case_record_revisions revision on revision.item_id = item.id
    where item.case_id in ${caseIds} and item.kind in ('time-logs', 'billing-notes')
      and revision.created_at > ${since.toISOString()}
    order by revision.created_at, revision.item_id, revision.revision`);
  return rows.map((row) => ({
    caseId: Number(row.case_id),
    kind: row.kind,
    itemId: Number(row.item_id),
    revision: Number(row.revision),
    author: row.author,
    createdAt: new Date(row.created_at),
    body: row.body,
  }));
}
