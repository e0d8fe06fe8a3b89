import { sql } from 'drizzle-orm';
import { CASE_STAGES, type CaseStage, type MonitoringLevel } from '../../contract/cases';
import type { StageCounts } from '../../contract/home';
import { isStaleOpenLog } from '../../contract/hours';
import type { MonitoringSettings } from '../../contract/timeLogs';
import type { DbOrTx } from './transaction';

/** The home page's reads (DESIGN §8 "Home"). */

export async function stageCounts(db: DbOrTx): Promise<StageCounts> {
  // Kept by a trigger on cases (migration 0007): five rows instead of a count of every case.
  const { rows } = await db.execute<{ stage: CaseStage; count: number | string }>(sql`
    select stage, count from case_stage_counts`);
  const counts = Object.fromEntries(CASE_STAGES.map((stage) => [stage, 0])) as StageCounts;
  for (const row of rows) counts[row.stage] = Number(row.count);
  return counts;
}

/** The caller's active cases as a technologist, and the cases they read that are not reviewed yet. */
export async function casesOf(db: DbOrTx, username: string) {
  const { rows } = await db.execute<{
    id: number;
    case_number: string;
    client_name: string;
    client_time_zone: string;
    stage: CaseStage;
    patient_name: string | null;
    monitoring_level: MonitoringLevel;
    recording_start: Date | string | null;
    role: 'technologist' | 'reader';
  }>(sql`
    select c.id, c.case_number, client.name as client_name, client.time_zone as client_time_zone, c.stage, c.monitoring_level, c.recording_start,
      nullif(concat_ws(', ', nullif(p.last_name, ''), nullif(p.first_name, '')), '') as patient_name, mine.role
    from (
      select case_id, 'technologist' as role from case_technologists where username = ${username}
      union
      select id, 'reader' from cases where reader = ${username} and stage in ('monitoring', 'preview')
    ) mine
    join cases c on c.id = mine.case_id
    join clients client on client.id = c.client_id
    left join case_patients p on p.case_id = c.id
    where c.stage in ('intake', 'monitoring', 'preview') and (mine.role = 'reader' or c.stage <> 'preview')
    order by c.recording_start desc nulls first, c.id desc
    limit 100`);
  return rows.map((row) => ({
    id: Number(row.id),
    caseNumber: row.case_number,
    clientName: row.client_name,
    stage: row.stage,
    patientName: row.patient_name ?? '',
    monitoringLevel: row.monitoring_level,
    recordingStart: row.recording_start === null ? null : new Date(row.recording_start).toISOString(),
    clientTimeZone: row.client_time_zone,
    role: row.role,
  }));
}

/**
 * The caller's running time logs, oldest first: one per case at most, several at once while they monitor
 * several patients. Each says whether it has run past `maxOpenLogHours` (DESIGN §4 "stale").
 */
export async function openTimeLogsOf(db: DbOrTx, username: string, { maxOpenLogHours }: MonitoringSettings) {
  const { rows } = await db.execute<{
    item_id: number;
    revision: number;
    case_id: number;
    case_number: string;
    stage: CaseStage;
    start_at: Date | string;
    activity: string;
    client_time_zone: string;
  }>(sql`
    select log.item_id, log.revision, log.case_id, c.case_number, c.stage, log.start_at, log.activity,
      client.time_zone as client_time_zone
    from case_time_logs log
    join cases c on c.id = log.case_id
    join clients client on client.id = c.client_id
    where log.technologist = ${username} and log.end_at is null and not log.voided
    order by log.start_at, log.item_id
    limit 100`);
  const now = Date.now();
  return rows.map((row) => ({
    itemId: Number(row.item_id),
    revision: Number(row.revision),
    caseId: Number(row.case_id),
    caseNumber: row.case_number,
    stage: row.stage,
    start: new Date(row.start_at).toISOString(),
    activity: row.activity,
    clientTimeZone: row.client_time_zone,
    stale: isStaleOpenLog(new Date(row.start_at).getTime(), now, maxOpenLogHours),
  }));
}

/** Each client's id and time zone, for "this month" in each client's own calendar. */
export async function clientZones(db: DbOrTx) {
  const { rows } = await db.execute<{ id: number; time_zone: string }>(
    sql`select id, time_zone from clients`,
  );
  return rows.map((row) => ({ id: Number(row.id), timeZone: row.time_zone }));
}
