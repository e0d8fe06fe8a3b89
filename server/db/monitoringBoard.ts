import { desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StaleOpenLog } from '../../contract/home';
import { isStaleOpenLog } from '../../contract/hours';
import type { MonitoringSettings } from '../../contract/timeLogs';
import { callNextOfCases } from './callNext';
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
import { preparedOnce, withConstantsInline } from './prepared';
import { casePatients, cases, caseTimeLogs, clients, protocolRevisions } from './schema';
import { fromJson, isoOrNull, PLANNED_APART, subquery } from './subqueries';
import type { DbOrTx } from './transaction';

const log = alias(caseTimeLogs, 'log');

/** The case's open logs, oldest first: the board names the stale ones (DESIGN §4). */
const openLogs = sql`coalesce((
  select json_agg(json_build_object('technologist', ${log.technologist}, 'activity', ${log.activity},
    'start', ${log.startAt}) order by ${log.startAt})
  from ${caseTimeLogs} ${log}
  where ${log.caseId} = ${cases.id} and ${log.endAt} is null and not ${log.voided}
), '[]')`;

/**
 * Each case in monitoring with its checks looked up once. A fence (`offset 0`): inlined into the outer
 * select, the sort would repeat each check lookup, doubling the plan's cost past PostgreSQL's JIT threshold,
 * whose compiling takes longer than the query.
 */
const notifications = openNotificationsByCase;
const checked = subquery
  .select({
    id: cases.id,
    caseNumber: cases.caseNumber,
    clientName: sql<string>`${clients.name}`.as('client_name'),
    clientTimeZone: sql<string>`${clients.timeZone}`.as('client_time_zone'),
    patientName: sql<string>`coalesce(${patientName}, '')`.as('patient_name'),
    monitoringLevel: cases.monitoringLevel,
    technologists: technologistsOf.as('technologists'),
    recordingStart: cases.recordingStart,
    lastCheckAt: sql`${lastCheckAt}`.mapWith(cases.recordingStart).as('last_check_at'),
    checkIntervalMinutes: sql`${checkIntervalMinutes}`.mapWith(Number).as('check_interval_minutes'),
    watched: watched.as('watched'),
    recordingEnded: recordingEnded.as('recording_ended'),
    openLogs: sql`${openLogs}`.mapWith(fromJson<StaleOpenLog[]>).as('open_logs'),
    notificationsPending: sql`coalesce(${notifications.pending}, 0)`
      .mapWith(Number)
      .as('notifications_pending'),
    notificationsOverdue: sql`coalesce(${notifications.overdue}, 0)`
      .mapWith(Number)
      .as('notifications_overdue'),
    pendingDueBy: sql`coalesce(${notifications.pendingDueBy}, '[]')`
      .mapWith(fromJson<string[]>)
      .as('pending_due_by'),
  })
  .from(cases)
  .innerJoin(clients, eq(clients.id, cases.clientId))
  .leftJoin(casePatients, eq(casePatients.caseId, cases.id))
  .leftJoin(protocolRevisions, caseProtocolRevision)
  .leftJoin(notifications, eq(notifications.caseId, cases.id))
  .where(eq(cases.stage, 'monitoring'))
  .offset(PLANNED_APART)
  .as('checked');

/** The next check, from the columns the inner select computed (the rule the stage lists apply). */
const next = nextCheckBy({
  last: sql`${checked.lastCheckAt}`,
  interval: sql`${checked.checkIntervalMinutes}`,
  watched: sql`${checked.watched}`,
  ended: sql`${checked.recordingEnded}`,
});
const overdue = overdueAfter(sql`'monitoring'`, next);

/** The board's query, built once and prepared: it has no values that change per call, only constants. */
const boardQuery = (db: DbOrTx) =>
  preparedOnce(db, 'monitoring board', (name) =>
    withConstantsInline(
      db
        .select({
          id: checked.id,
          caseNumber: checked.caseNumber,
          clientName: checked.clientName,
          clientTimeZone: checked.clientTimeZone,
          patientName: checked.patientName,
          monitoringLevel: checked.monitoringLevel,
          technologists: checked.technologists,
          recordingStart: checked.recordingStart,
          lastCheckAt: checked.lastCheckAt,
          checkIntervalMinutes: checked.checkIntervalMinutes,
          watched: checked.watched,
          recordingEnded: checked.recordingEnded,
          openLogs: checked.openLogs,
          notificationsPending: checked.notificationsPending,
          notificationsOverdue: checked.notificationsOverdue,
          pendingDueBy: checked.pendingDueBy,
          nextCheckBy: sql`${next}`.mapWith(cases.recordingStart),
          overdue,
        })
        .from(checked)
        .orderBy(desc(overdue), sql`${next} nulls last`, checked.id),
    ).prepare(name),
  );

/**
 * The operations board (GET /getHome2): every case in monitoring with its checks as DESIGN §4 reads
 * them, overdue first (the longest overdue first), then the soonest due.
 */
export async function monitoringBoard(db: DbOrTx, { maxOpenLogHours }: MonitoringSettings) {
  const rows = await boardQuery(db).execute();
  const now = Date.now();
  const callNext = await callNextOfCases(
    db,
    rows.filter((row) => row.notificationsPending + row.notificationsOverdue > 0).map((row) => row.id),
  );
  // Each row built field by field: spreading the read row into the answer's copied every field twice.
  return rows.map((row) => {
    const nextCheckBy = isoOrNull(row.nextCheckBy);
    const staleOpenLogs: StaleOpenLog[] = [];
    for (const log of row.openLogs) {
      const start = new Date(log.start);
      if (isStaleOpenLog(start.getTime(), now, maxOpenLogHours))
        staleOpenLogs.push({ ...log, start: start.toISOString() });
    }
    return {
      id: row.id,
      caseNumber: row.caseNumber,
      clientName: row.clientName,
      clientTimeZone: row.clientTimeZone,
      patientName: row.patientName,
      monitoringLevel: row.monitoringLevel,
      technologists: row.technologists,
      recordingStart: isoOrNull(row.recordingStart),
      lastCheckAt: isoOrNull(row.lastCheckAt),
      checkIntervalMinutes: row.checkIntervalMinutes,
      watched: row.watched,
      recordingEnded: row.recordingEnded,
      notificationsPending: row.notificationsPending,
      notificationsOverdue: row.notificationsOverdue,
      nextCheckBy,
      overdueSince: row.overdue ? nextCheckBy : null,
      overdue: row.overdue,
      staleOpenLogs,
      pendingNotificationsDueBy: row.pendingDueBy.map((dueBy) => new Date(dueBy).toISOString()),
      callNext: callNext.get(row.id) ?? null,
    };
  });
}
