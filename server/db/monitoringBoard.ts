import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { MonitoringLevel } from '../../contract/cases';
import type { StaleOpenLog } from '../../contract/home';
import { isStaleOpenLog } from '../../contract/hours';
import type { MonitoringSettings } from '../../contract/timeLogs';
import {
  caseProtocolRevision,
  checkIntervalMinutes,
  lastCheckAt,
  nextCheckBy,
  overdueAfter,
  patientName,
  recordingEnded,
  technologistsOf,
  watched,
} from './caseChecks';
import { openNotificationsByCase } from './notifications';
import { casePatients, cases, caseTimeLogs, clients, protocolRevisions } from './schema';
import { fromJson } from './subqueries';
import type { DbOrTx } from './transaction';

const log = alias(caseTimeLogs, 'log');

/** The case's open logs, oldest first: the board names the stale ones (DESIGN §4). */
const openLogs = sql`coalesce((
  select json_agg(json_build_object('technologist', ${log.technologist}, 'activity', ${log.activity},
    'start', ${log.startAt}) order by ${log.startAt})
  from ${caseTimeLogs} ${log}
  where ${log.caseId} = ${cases.id} and ${log.endAt} is null and not ${log.voided}
), '[]')`;

type Instant = Date | string;
const instant = (value: Instant | null) => (value === null ? null : new Date(value).toISOString());

/**
 * The operations board (GET /getHome2): every case in monitoring with its checks as DESIGN §4 reads
 * them, overdue first (the longest overdue first), then the soonest due. The inner select looks each
 * case's checks up once; the outer one applies the rule the stage lists apply.
 */
export async function monitoringBoard(db: DbOrTx, { maxOpenLogHours }: MonitoringSettings) {
  const { rows } = await db.execute<{
    id: number;
    case_number: string;
    client_name: string;
    client_time_zone: string;
    patient_name: string | null;
    monitoring_level: MonitoringLevel;
    technologists: string[];
    recording_start: Instant | null;
    last_check_at: Instant | null;
    check_interval_minutes: number;
    watched: boolean;
    recording_ended: boolean;
    next_check_by: Instant | null;
    overdue: boolean;
    open_logs: string | StaleOpenLog[];
    notifications_pending: number | null;
    notifications_overdue: number | null;
    pending_notifications_due_by: string | string[] | null;
  }>(sql`
    select board.*, ${overdueAfter(sql`'monitoring'`, sql`board.next_check_by`)} as overdue
    from (
      select checked.*, ${nextCheckBy({
        last: sql`checked.last_check_at`,
        interval: sql`checked.check_interval_minutes`,
        watched: sql`checked.watched`,
        ended: sql`checked.recording_ended`,
      })} as next_check_by
      from (
        select ${cases.id}, ${cases.caseNumber}, ${clients.name} as client_name,
          ${clients.timeZone} as client_time_zone, ${patientName} as patient_name, ${cases.monitoringLevel},
          ${technologistsOf} as technologists, ${cases.recordingStart}, ${lastCheckAt} as last_check_at,
          ${checkIntervalMinutes} as check_interval_minutes, ${watched} as watched,
          ${recordingEnded} as recording_ended, ${openLogs} as open_logs,
          notifications.pending as notifications_pending, notifications.overdue as notifications_overdue,
          notifications.pending_due_by as pending_notifications_due_by
        from ${cases}
        join ${clients} on ${clients.id} = ${cases.clientId}
        left join ${casePatients} on ${casePatients.caseId} = ${cases.id}
        left join ${protocolRevisions} on ${caseProtocolRevision}
        left join ${openNotificationsByCase} notifications on notifications.case_id = ${cases.id}
        where ${cases.stage} = 'monitoring'
        -- A fence: inlined, the sort would repeat each check lookup, doubling the plan's cost past
        -- PostgreSQL's JIT threshold, whose compiling takes longer than the query.
        offset 0
      ) checked
    ) board
    order by overdue desc, board.next_check_by nulls last, board.id`);
  const now = Date.now();
  return rows.map((row) => {
    const nextCheckBy = instant(row.next_check_by);
    const open: StaleOpenLog[] = fromJson(row.open_logs);
    const pendingDueBy: string[] = fromJson(row.pending_notifications_due_by ?? []);
    return {
      id: Number(row.id),
      caseNumber: row.case_number,
      clientName: row.client_name,
      clientTimeZone: row.client_time_zone,
      patientName: row.patient_name ?? '',
      monitoringLevel: row.monitoring_level,
      technologists: row.technologists,
      recordingStart: instant(row.recording_start),
      lastCheckAt: instant(row.last_check_at),
      checkIntervalMinutes: Number(row.check_interval_minutes),
      watched: row.watched,
      recordingEnded: row.recording_ended,
      nextCheckBy,
      overdueSince: row.overdue ? nextCheckBy : null,
      staleOpenLogs: open
        .map((log) => ({ ...log, start: new Date(log.start).toISOString() }))
        .filter((log) => isStaleOpenLog(Date.parse(log.start), now, maxOpenLogHours)),
      notificationsPending: Number(row.notifications_pending ?? 0),
      notificationsOverdue: Number(row.notifications_overdue ?? 0),
      pendingNotificationsDueBy: pendingDueBy.map((dueBy) => new Date(dueBy).toISOString()),
    };
  });
}
