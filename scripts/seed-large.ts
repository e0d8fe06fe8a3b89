/**
 * `npm run seed:large -- --database-url postgres://… [--reset]`: loads a realistic volume into a PostgreSQL
 * database for benchmarks (`npm run bench:cases`): 200 client hospitals with contacts, links and a protocol
 * revision or two, and 50,000 cases over the last three years in every stage (the old ones closed, the
 * active ones recent and within the load limits of a team of 40 technologists), with patients,
 * technologists, transitions, actions, protocol snapshots and case-number counters.
 *
 * Set-based SQL (`insert … select … from generate_series`), one transaction per step, then VACUUM ANALYZE.
 * A database that already has clients is refused unless `--reset` is given, which first drops and recreates
 * the public schema. Later issues add their records as further steps. PostgreSQL only (not PGlite).
 */
import type pg from 'pg';
import { CASE_STAGES, LOAD_LIMITS } from '../contract/cases';
import {
  FIRST_NAMES,
  INDICATIONS,
  LAST_NAMES,
  MEDICATIONS,
  ORDERING_PHYSICIANS,
} from '../server/db/seed/demoCaseData';
import { DEMO_CONTACTS } from '../server/db/seed/demoClientData';
import { resetPostgres } from '../tests/api/support/postgres';
import { benchArguments, runScript, shownUrl, withBenchDatabase } from './support/bench';
import { KINDS, PLACES, ZONES } from './support/places';

const CLIENTS = 200;
const CASES = 50_000;
const TECHNOLOGISTS = 40;
const READERS = 8;
const BILLERS = 3;
const YEARS = 3;
/** The newest cases are active or waiting: how many in each stage, newest first; the rest are closed. */
const OPEN_STAGES = [
  ['intake', 40],
  ['monitoring', 160],
  ['preview', 120],
  ['reviewed', 300],
] as const;
/** Share of closed cases that were cancelled at intake. */
const CANCELLED_SHARE = 0.03;

const PROTOCOL_BODY = [
  '# cEEG monitoring protocol',
  '',
  'Applies to the ICUs and the epilepsy monitoring unit.',
  '',
  '## Checks',
  '- Review every recording at least every check interval and log the check.',
  '- Re-gel or replace any electrode above the impedance limit; record the impedances before and after.',
  '- Confirm the video shows the patient after every nursing intervention.',
  '',
  '## Reporting',
  '- Preliminary report within the turnaround of hookup, then daily by 09:00 local time.',
  '- Call the neurologist on call directly for anything that cannot wait for the report.',
].join('\n');
const TRANSFER_BODY = [
  '# Transfer protocol',
  '',
  'Handover at 07:00 and 19:00 local time.',
  '',
  '1. The outgoing technologist summarises each active recording: events since the last handover.',
  '2. The incoming technologist confirms the video and EEG streams of every patient.',
].join('\n');

/** A SQL text literal (only for the constants of this script, never for input). */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textArray = (items: readonly string[]) => `array[${items.map(literal).join(', ')}]::text[]`;
/** The item of a constant list chosen by a whole-number SQL expression. */
const pick = (items: readonly string[], index: string) =>
  `(${textArray(items)})[1 + (${index}) % ${items.length}]`;
/** A username of a numbered team (`tech001`, `reader01`) chosen by a whole-number SQL expression. */
const member = (prefix: string, size: number, index: string, digits: number) =>
  `'${prefix}' || lpad((1 + (${index}) % ${size})::text, ${digits}, '0')`;
const technologist = (index: string) => member('tech', TECHNOLOGISTS, index, 3);
/** A moment after `moment` by `interval`, but never later than halfway to now (recent cases stay in the past). */
const after = (moment: string, interval: string) =>
  `(${moment} + least(${interval}, (now() - ${moment}) / 2))`;
/** A stable pseudo-random whole number ≥ 0 from an id and a salt, so each step can re-derive its choices. */
const hash = (id: string, salt: number) => `(hashint4(${id} * 31 + ${salt}) & 2147483647)`;
/** An ISO-8601 UTC string as JavaScript's toISOString writes it (the API's JSON). */
const iso = (moment: string) => `to_char((${moment}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Step = (client: pg.PoolClient) => Promise<number>;

async function seedClients(client: pg.PoolClient) {
  const clients = await client.query(`
    insert into clients (name, code, time_zone, address, phone, is_enabled, notes, created_at, updated_at)
    select ${pick(PLACES, 'i - 1')} || ' ' || ${pick(KINDS, '(i - 1) / 20')},
      upper(left(replace(${pick(PLACES, 'i - 1')}, ' ', ''), 3)) || lpad(i::text, 3, '0'),
      ${pick(ZONES, 'i * 7')},
      (100 + i) || ' Main Street',
      '+1 555 01' || lpad((i % 100)::text, 2, '0'),
      i % 25 <> 0,
      '',
      now() - interval '${YEARS + 1} years',
      now() - interval '${YEARS + 1} years'
    from generate_series(1, ${CLIENTS}) as i`);
  const contacts = await client.query(`
    insert into client_contacts (client_id, name, role, phone, email, escalation_order)
    select c.id, ${pick(
      DEMO_CONTACTS.map((contact) => contact.name),
      'position - 1',
    )}, ${pick(
      DEMO_CONTACTS.map((contact) => contact.role),
      'position - 1',
    )},
      c.phone, 'contact' || position || '@' || lower(c.code) || '.example.org', position
    from clients c cross join generate_series(1, 3) as position`);
  const links = await client.query(`
    insert into client_useful_links (client_id, label, url, description)
    select id, 'EEG review station', 'https://example.org/' || lower(code) || '/eeg-viewer', 'Remote review.'
    from clients`);
  return (clients.rowCount ?? 0) + (contacts.rowCount ?? 0) + (links.rowCount ?? 0);
}

/** Revision 1 of each kind before the first case; a second protocol for 60% of clients, during the years. */
async function seedProtocolRevisions(client: pg.PoolClient) {
  const rules = `jsonb_build_array(
    jsonb_build_object('trigger', 'seizure', 'notify', jsonb_build_array(first_contact), 'withinMinutes', 15),
    jsonb_build_object('trigger', 'status epilepticus', 'notify', jsonb_build_array(first_contact), 'withinMinutes', 5))`;
  const result = await client.query(`
    with client_contacts_first as (
      select c.id, c.created_at, (select min(id) from client_contacts where client_id = c.id) as first_contact
      from clients c
    )
    insert into protocol_revisions (client_id, kind, revision, body, notification_rules, check_interval_minutes,
      impedance_limit_kohm, report_turnaround_hours, author, created_at)
    select id, 'protocol', 1, ${literal(PROTOCOL_BODY)}, ${rules}, 60, 10, 24, 'admin', created_at
    from client_contacts_first
    union all
    select id, 'protocol', 2, ${literal(PROTOCOL_BODY)} || E'\\n\\nChecks every 30 minutes since the committee review.',
      ${rules}, 30, 5, 12, 'admin', now() - interval '${YEARS} years' * (${hash('id', 1)} % 1000) / 1000.0
    from client_contacts_first where ${hash('id', 2)} % 10 < 6
    union all
    select id, 'transfer', 1, ${literal(TRANSFER_BODY)}, null, null, null, null, 'admin', created_at
    from client_contacts_first`);
  return result.rowCount ?? 0;
}

/**
 * The cases, oldest first (ids grow with time), numbered per client and (the client's local) year. The
 * newest are in the open stages (OPEN_STAGES); each case's stage decides which of its times are set, and
 * `updated_at` is the moment of its latest transition, from which the transitions step derives the others.
 */
async function seedCases(client: pg.PoolClient) {
  const spanSeconds = YEARS * 365.25 * 24 * 3600;
  let rankEnd = 0;
  const stageOfRank = OPEN_STAGES.map(([stage, count]) => {
    rankEnd += count;
    return `when rank < ${rankEnd} then '${stage}'`;
  }).join(' ');
  const result = await client.query(`
    with client_list as (
      select id, code, time_zone, row_number() over (order by id) as ordinal from clients
    ), base as (
      select n, ${CASES} - n as rank,
        now() - make_interval(secs => ${spanSeconds} * (${CASES} - n + random() * 0.9) / ${CASES}) as created_at,
        random() as r_client, random() as r_study, random() as r_level, random() as r_video,
        random() as r_hookup, random() as r_duration, random() as r_cancel, random() as r_people
      from generate_series(1, ${CASES}) as n
    ), shaped as (
      select b.*,
        case ${stageOfRank} else 'closed' end as stage,
        case when r_study < 0.55 then 'icu' when r_study < 0.75 then 'long-term'
          when r_study < 0.85 then 'ambulatory' else 'routine' end as study_type,
        -- A few large clients, many small ones.
        1 + floor(power(r_client, 1.6) * ${CLIENTS})::int as client_ordinal
      from base b
    ), timed as (
      select s.*,
        s.stage = 'closed' and s.r_cancel < ${CANCELLED_SHARE} as cancelled,
        case study_type when 'routine' then interval '30 minutes' + r_duration * interval '1 hour'
          when 'ambulatory' then interval '24 hours' + r_duration * interval '48 hours'
          when 'long-term' then interval '24 hours' + r_duration * interval '96 hours'
          else interval '12 hours' + r_duration * interval '84 hours' end as duration
      from shaped s
    ), recorded as (
      select t.*,
        case when (stage <> 'intake' and not cancelled) or (stage = 'intake' and r_hookup < 0.25)
          then ${after('created_at', "interval '30 minutes' + r_hookup * interval '2 hours'")} end as recording_start
      from timed t
    ), ended as (
      select r.*,
        case when stage in ('preview', 'reviewed', 'closed') and not cancelled
          then recording_start + least(duration, (now() - recording_start) * 0.8) end as recording_end
      from recorded r
    )
    insert into cases (case_number, client_id, stage, study_type, has_video, monitoring_level, recording_start,
      recording_end, reader, protocol_revision, transfer_revision, created_by, version, created_at, updated_at)
    select
      c.code || '-' || extract(year from e.created_at at time zone c.time_zone) || '-' || lpad(row_number() over (
        partition by c.id, extract(year from e.created_at at time zone c.time_zone) order by e.created_at, e.n
      )::text, 4, '0'),
      c.id, e.stage, e.study_type,
      case e.study_type when 'long-term' then e.r_video < 0.9 when 'icu' then e.r_video < 0.4
        when 'routine' then e.r_video < 0.1 else false end,
      case when e.study_type = 'ambulatory' then 'unmonitored'
        when e.study_type = 'routine' then case when e.r_level < 0.6 then 'unmonitored' else 'intermittent' end
        when e.r_level < 0.5 then 'continuous' else 'intermittent' end,
      e.recording_start, e.recording_end,
      case when e.stage <> 'intake' and e.stage <> 'monitoring' and not e.cancelled
        then ${member('reader', READERS, 'floor(e.r_people * 1000)::int', 2)} end,
      (select max(revision) from protocol_revisions p
        where p.client_id = c.id and p.kind = 'protocol' and p.created_at <= e.created_at),
      (select max(revision) from protocol_revisions p
        where p.client_id = c.id and p.kind = 'transfer' and p.created_at <= e.created_at),
      case when e.r_people < 0.15 then 'admin' else ${technologist('floor(e.r_people * 1000)::int')} end,
      1 + case when e.cancelled then 1 else array_position(${textArray(CASE_STAGES)}, e.stage) - 1 end,
      e.created_at,
      case
        when e.cancelled then ${after('e.created_at', "interval '2 hours'")}
        when e.stage = 'intake' then e.created_at
        when e.stage = 'monitoring' then e.recording_start
        when e.stage = 'preview' then ${after('e.recording_end', "interval '40 minutes'")}
        when e.stage = 'reviewed' then ${after('e.recording_end', "interval '30 hours'")}
        else ${after('e.recording_end', "interval '7 days'")}
      end
    from ended e join client_list c on c.ordinal = e.client_ordinal
    order by e.created_at, e.n`);
  return result.rowCount ?? 0;
}

/** Fictional patients; a third of the intake cases still lack the date of birth and sex. */
async function seedPatients(client: pg.PoolClient) {
  const incomplete = `(c.stage = 'intake' and c.id % 3 = 1)`;
  const result = await client.query(`
    insert into case_patients (case_id, mrn, first_name, last_name, date_of_birth, sex, unit, room,
      ordering_physician, indication, medications, updated_by, updated_at)
    select c.id, (10000000 + c.id)::text, ${pick(FIRST_NAMES, hash('c.id', 3))}, ${pick(LAST_NAMES, hash('c.id', 4))},
      case when not ${incomplete} then date '1935-01-01' + (${hash('c.id', 5)} % 30000) end,
      case when not ${incomplete} then ${pick(['F', 'M', 'F', 'M', 'U'], hash('c.id', 6))} end,
      ${pick(['Neuro ICU', 'Medical ICU', 'Cardiac ICU', 'PICU', 'Epilepsy Monitoring Unit'], hash('c.id', 7))},
      (100 + ${hash('c.id', 8)} % 60)::text,
      ${pick(ORDERING_PHYSICIANS, hash('c.id', 9))},
      ${pick(INDICATIONS, hash('c.id', 10))},
      case when not ${incomplete} then ${pick(MEDICATIONS, hash('c.id', 18))} else '' end,
      c.created_by, c.created_at
    from cases c`);
  return result.rowCount ?? 0;
}

/**
 * Active cases are dealt round-robin per monitoring level across the team, so nobody exceeds the load
 * limits (checked at the end); a third of the intake cases have nobody yet; one case in five has a second
 * technologist (20 places further on, so the extra load is spread too).
 */
async function seedTechnologists(client: pg.PoolClient) {
  const result = await client.query(`
    with assigned as (
      select id, created_by, created_at,
        case when stage in ('intake', 'monitoring')
          then row_number() over (partition by stage in ('intake', 'monitoring'), monitoring_level order by id) - 1
          else ${hash('id', 11)} end as slot
      from cases
      where not (stage = 'intake' and id % 3 = 0) and not (stage = 'closed' and recording_start is null)
    )
    insert into case_technologists (case_id, username, assigned_by, assigned_at)
    select id, ${technologist('slot')}, created_by, ${after('created_at', "interval '5 minutes'")} from assigned
    union all
    select id, ${technologist(`slot + ${TECHNOLOGISTS / 2}`)}, created_by, ${after('created_at', "interval '10 minutes'")}
    from assigned where id % 5 = 0`);
  return result.rowCount ?? 0;
}

/**
 * Each case's stage moves, derived from its times: to monitoring at the recording start, to preview after
 * the recording end, to reviewed and closed by then; the latest at `updated_at`. A cancelled case (closed
 * without a recording) has one move, intake → closed by an administrator, with a reason.
 */
async function seedTransitions(client: pg.PoolClient) {
  const span = '(c.updated_at - c.recording_end)';
  const firstTechnologist = `coalesce((select min(username) from case_technologists t where t.case_id = c.id), 'admin')`;
  const result = await client.query(`
    insert into case_transitions (case_id, from_stage, to_stage, by, at, reason)
    select case_id, from_stage, to_stage, by, at, reason from (
      select c.id as case_id, 'intake' as from_stage, 'monitoring' as to_stage, ${firstTechnologist} as by,
        c.recording_start as at, '' as reason
      from cases c where c.stage <> 'intake' and c.recording_start is not null
      union all
      select c.id, 'monitoring', 'preview', case when c.id % 10 < 3 then c.reader else ${firstTechnologist} end,
        case c.stage when 'preview' then c.updated_at when 'reviewed' then c.recording_end + ${span} * 0.1
          else c.recording_end + ${span} * 0.04 end, ''
      from cases c where c.stage in ('preview', 'reviewed', 'closed') and c.recording_end is not null
      union all
      select c.id, 'preview', 'reviewed', c.reader,
        case c.stage when 'reviewed' then c.updated_at else c.recording_end + ${span} * 0.4 end, ''
      from cases c where c.stage in ('reviewed', 'closed') and c.recording_end is not null
      union all
      select c.id, 'reviewed', 'closed', ${member('billing', BILLERS, 'c.id', 2)}, c.updated_at, ''
      from cases c where c.stage = 'closed' and c.recording_end is not null
      union all
      select c.id, 'intake', 'closed', 'admin', c.updated_at,
        ${pick(['Order cancelled: patient transferred before hookup.', 'Duplicate order.'], 'c.id')}
      from cases c where c.stage = 'closed' and c.recording_start is null
    ) moves
    order by at, case_id`);
  return result.rowCount ?? 0;
}

/** The reader's report on most reviewed cases, and an occasional call or escalation during a recording. */
async function seedActions(client: pg.PoolClient) {
  const during = `c.recording_start + (coalesce(c.recording_end, now()) - c.recording_start) * (${hash('c.id', 12)} % 100) / 100.0`;
  const result = await client.query(`
    insert into case_actions (case_id, transition_id, kind, note, by, at)
    select case_id, transition_id, kind, note, by, at from (
      select t.case_id, t.id as transition_id, 'report-sent' as kind,
        'Final report sent to the ordering physician.' as note, t.by, ${after('t.at', "interval '10 minutes'")} as at
      from case_transitions t where t.to_stage = 'reviewed' and t.id % 5 < 3
      union all
      select c.id, null, ${pick(['client-notified', 'physician-paged', 'escalated', 'other'], hash('c.id', 13))},
        ${pick(
          [
            'Charge nurse told of electrodes off after a bed move.',
            'Neurologist on call paged: electrographic seizure.',
            'Escalated to the epilepsy attending: seizures continued after treatment.',
            'Unit asked to reposition the camera.',
          ],
          hash('c.id', 13),
        )},
        ${technologist(hash('c.id', 14))}, ${during}
      from cases c where c.recording_start is not null and ${hash('c.id', 15)} % 4 = 0
    ) actions
    order by at`);
  return result.rowCount ?? 0;
}

/** The protocol and transfer revisions each reviewed-and-closed case ran under, as the API answers them. */
async function seedProtocolSnapshots(client: pg.PoolClient) {
  const revision = (alias: string, kind: 'protocol' | 'transfer') => {
    const common = `'kind', '${kind}', 'clientId', ${alias}.client_id, 'revision', ${alias}.revision,
      'body', ${alias}.body, 'author', ${alias}.author, 'createdAt', ${iso(`${alias}.created_at`)}`;
    const protocolFields = `, 'notificationRules', ${alias}.notification_rules,
      'checkIntervalMinutes', ${alias}.check_interval_minutes, 'impedanceLimitKOhm', ${alias}.impedance_limit_kohm,
      'reportTurnaroundHours', ${alias}.report_turnaround_hours`;
    return `case when ${alias}.revision is not null
      then jsonb_build_object(${common}${kind === 'protocol' ? protocolFields : ''}) end`;
  };
  const result = await client.query(`
    insert into case_protocol_snapshots (case_id, protocol, transfer, taken_by, taken_at)
    select c.id, ${revision('p', 'protocol')}, ${revision('tr', 'transfer')}, t.by, t.at
    from cases c
    join case_transitions t on t.case_id = c.id and t.from_stage = 'reviewed' and t.to_stage = 'closed'
    left join protocol_revisions p on p.client_id = c.client_id and p.kind = 'protocol' and p.revision = c.protocol_revision
    left join protocol_revisions tr on tr.client_id = c.client_id and tr.kind = 'transfer' and tr.revision = c.transfer_revision`);
  return result.rowCount ?? 0;
}

/**
 * A recent `check` time log (DESIGN §4 "time-logs") on seven monitoring cases in ten, so the rest show as
 * overdue. The clinical-records issue replaces this with each case's full records.
 */
async function seedCheckTimeLogs(client: pg.PoolClient) {
  const result = await client.query(`
    with checked as (
      select c.id, (select min(username) from case_technologists t where t.case_id = c.id) as technologist,
        now() - make_interval(mins => ${hash('c.id', 16)} % 12) as ended_at
      from cases c where c.stage = 'monitoring' and ${hash('c.id', 17)} % 10 < 7
    ), items as (
      insert into case_record_items (case_id, kind, created_at)
      select id, 'time-logs', ended_at from checked where technologist is not null
      returning id, case_id
    )
    insert into case_record_revisions (item_id, revision, body, author, created_at)
    select items.id, 1, jsonb_build_object('technologist', checked.technologist,
        'start', ${iso("checked.ended_at - interval '5 minutes'")}, 'end', ${iso('checked.ended_at')},
        'activity', 'check', 'billable', true, 'caseNoteIds', '[]'::jsonb),
      checked.technologist, checked.ended_at
    from items join checked on checked.id = items.case_id`);
  return result.rowCount ?? 0;
}

/** The last number used per client and year, so intakes through the API continue each sequence. */
async function seedCaseNumberCounters(client: pg.PoolClient) {
  const result = await client.query(`
    insert into case_number_counters (client_id, year, last_number)
    select client_id, substring(case_number from '-(\\d{4})-\\d{4}$')::int,
      max(substring(case_number from '(\\d{4})$')::int)
    from cases group by 1, 2`);
  return result.rowCount ?? 0;
}

/** Refuses to finish when a technologist holds more active cases than the load limits allow. */
async function checkLoads(client: pg.PoolClient) {
  const { rows } = await client.query<{ continuous: number; intermittent: number }>(`
    select coalesce(max(continuous), 0)::int as continuous, coalesce(max(intermittent), 0)::int as intermittent
    from (
      select count(*) filter (where c.monitoring_level = 'continuous') as continuous,
        count(*) filter (where c.monitoring_level = 'intermittent') as intermittent
      from case_technologists t join cases c on c.id = t.case_id
      where c.stage in ('intake', 'monitoring') group by t.username
    ) loads`);
  const [{ continuous, intermittent }] = rows;
  console.log(
    `Busiest technologist: ${continuous} continuous (limit ${LOAD_LIMITS.continuous}), ${intermittent} intermittent (limit ${LOAD_LIMITS.intermittent}).`,
  );
  if (continuous > LOAD_LIMITS.continuous || intermittent > LOAD_LIMITS.intermittent) {
    throw new Error('The seeded assignments exceed the technologist load limits');
  }
}

/** In the order they depend on each other; later issues add theirs at the end. */
const STEPS: [string, Step][] = [
  ['clients, contacts, links', seedClients],
  ['protocol revisions', seedProtocolRevisions],
  ['cases', seedCases],
  ['patients', seedPatients],
  ['technologists', seedTechnologists],
  ['transitions', seedTransitions],
  ['actions', seedActions],
  ['protocol snapshots', seedProtocolSnapshots],
  ['check time logs', seedCheckTimeLogs],
  ['case number counters', seedCaseNumberCounters],
];

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function inTransaction(client: pg.PoolClient, run: () => Promise<void>) {
  await client.query('begin');
  try {
    await run();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  }
}

/** Every step in its own transaction, then the load check and VACUUM ANALYZE. */
async function seedAll(client: pg.PoolClient) {
  await client.query('select setseed(0.2026)');
  for (const [label, step] of STEPS) {
    const stepStarted = performance.now();
    let count = 0;
    await inTransaction(client, async () => {
      count = await step(client);
    });
    console.log(`${label.padEnd(24)} ${String(count).padStart(7)} rows  ${seconds(stepStarted)}`);
  }
  await checkLoads(client);
  const analyzeStarted = performance.now();
  await client.query('vacuum analyze');
  console.log(`${'vacuum analyze'.padEnd(38)}${seconds(analyzeStarted)}`);
  const stages = await client.query<{ stage: string; count: string }>(
    `select stage, count(*) from cases group by stage order by array_position(${textArray(CASE_STAGES)}, stage)`,
  );
  console.log(`Cases per stage: ${stages.rows.map((row) => `${row.stage} ${row.count}`).join(', ')}`);
}

async function main() {
  const { databaseUrl, reset } = benchArguments(
    'npm run seed:large -- --database-url postgres://user@host:5432/name [--reset]',
    ['reset'] as const,
  );
  const started = performance.now();
  console.log(`Database: ${shownUrl(databaseUrl)}${reset ? ' (schema reset)' : ''}`);
  if (reset) await resetPostgres(databaseUrl);
  await withBenchDatabase(databaseUrl, async (database) => {
    const client = await database.pool.connect();
    try {
      const { rows } = await client.query<{ count: string }>('select count(*) from clients');
      if (Number(rows[0].count) > 0) {
        console.error(
          `The database already has ${rows[0].count} clients: run again with --reset to replace them.`,
        );
        process.exitCode = 1;
        return;
      }
      await seedAll(client);
      console.log(`Done in ${seconds(started)}.`);
    } finally {
      client.release();
    }
  });
}

runScript(main);
