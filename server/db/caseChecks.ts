import { and, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DEFAULT_CHECK_INTERVAL_MINUTES } from '../../contract/home';
import {
  casePatients,
  caseRecordHeads,
  cases,
  caseTechnologists,
  caseTimeLogs,
  protocolRevisions,
} from './schema';

/**
 * The checks of a case as DESIGN §4 reads them (last check, next check, overdue), as SQL over `cases` and
 * the protocol revision it runs under: the stage lists and the operations board apply the same rule.
 */

/** A case's time logs and records, as the correlated lookups below name them. */
const log = alias(caseTimeLogs, 'log');
const head = alias(caseRecordHeads, 'head');

/** A record time after now does not count (DESIGN §4): a check dated tomorrow must not silence today. */
const checks = {
  /**
   * From the case's logs, in one scan of them: the latest `check` log, counted at its end (DESIGN §4, turn
   * 4: "Log check" covers the five minutes up to the click, and the check is the click; a check still
   * running counts from its start), or the end of the latest ended `monitoring` log (watching until then was
   * a check), whichever is later.
   */
  logs: sql`(
    select greatest(
      max(coalesce(${log.endAt}, ${log.startAt}))
        filter (where ${log.activity} = 'check' and coalesce(${log.endAt}, ${log.startAt}) <= now()),
      max(${log.endAt}) filter (where ${log.activity} = 'monitoring' and ${log.endAt} <= now())
    ) from ${caseTimeLogs} ${log}
    where ${log.caseId} = ${cases.id} and ${log.activity} in ('check', 'monitoring') and not ${log.voided}
  )`,
  /** The latest impedance check measured by now, from the latest state of each (`case_record_heads`). */
  impedance: sql`(
    select max(${head.at}) from ${caseRecordHeads} ${head}
    where ${head.caseId} = ${cases.id} and ${head.kind} = 'impedances' and not ${head.voided}
      and ${head.at} <= now()
  )`,
};

/** "Last check" (DESIGN §4): the latest check, end of a monitoring log, or the recording start. */
// greatest() passes over nulls: the latest of those there are.
export const lastCheckAt = sql`greatest(${checks.logs}, ${checks.impedance}, ${cases.recordingStart})`;

/** A continuous-level case with an open `monitoring` log is being watched: never overdue. */
export const watched = sql<boolean>`(${cases.monitoringLevel} = 'continuous' and exists (
  select 1 from ${caseTimeLogs} ${log}
  where ${log.caseId} = ${cases.id} and ${log.endAt} is null and ${log.activity} = 'monitoring' and not ${log.voided}
    and ${log.startAt} <= now()
))`;

export const recordingEnded = sql<boolean>`coalesce(${cases.recordingEnd} <= now(), false)`;

export const checkIntervalMinutes = sql<number>`coalesce(${protocolRevisions.checkIntervalMinutes}, ${DEFAULT_CHECK_INTERVAL_MINUTES})`;

/**
 * When the next check is due (DESIGN §4): the interval after the last check; none while the case is
 * watched or once its recording has ended. Each argument is written once, so a caller hands either the
 * expressions above or the columns an inner select computed from them.
 */
export const nextCheckBy = (at: { last: SQL; interval: SQL; watched: SQL; ended: SQL }) => sql`case
  when ${at.watched} or ${at.ended} then null
  else ${at.last} + make_interval(mins => ${at.interval})
end`;

/** Overdue (DESIGN §4): a case in monitoring whose next check was due before now. */
export const overdueAfter = (stage: SQL, next: SQL) =>
  sql<boolean>`coalesce(${stage} = 'monitoring' and ${next} < now(), false)`;

/** A case's next check (with `caseProtocolRevision` joined). */
export const nextCheck = nextCheckBy({
  last: lastCheckAt,
  interval: checkIntervalMinutes,
  watched,
  ended: recordingEnded,
});

/** The stage lists' flag, the same rule as the board's. */
export const overdue = overdueAfter(sql`${cases.stage}`, nextCheck);

export const technologistsOf = sql<string[]>`coalesce((
  select array_agg(${caseTechnologists.username} order by ${caseTechnologists.username})
  from ${caseTechnologists} where ${caseTechnologists.caseId} = ${cases.id}
), '{}')`;

export const patientName = sql<
  string | null
>`nullif(concat_ws(', ', nullif(${casePatients.lastName}, ''), nullif(${casePatients.firstName}, '')), '')`;

/** The protocol revision a case runs under. */
export const caseProtocolRevision = and(
  eq(protocolRevisions.clientId, cases.clientId),
  eq(protocolRevisions.kind, 'protocol'),
  eq(protocolRevisions.revision, cases.protocolRevision),
);
