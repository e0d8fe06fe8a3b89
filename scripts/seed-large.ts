/**
 * `npm run seed:large -- --database-url postgres://… [--reset]`: loads a realistic volume into a PostgreSQL
 * database for benchmarks (`npm run bench:cases`): 200 client hospitals with contacts, links and a protocol
 * revision or two, and 50,000 cases over the last three years in every stage (the old ones closed, the
 * active ones recent and within the load limits of a team of 40 technologists), with patients,
 * technologists, transitions, actions, protocol snapshots, case-number counters and each recording's
 * clinical records (DESIGN §4 "Per-case records"): about a million time logs as concurrent monitoring has
 * them (12-hour shifts at 07:00 and 19:00 in the client's zone on continuous cases, short checks on the
 * others, a technologist's logs overlapping across cases, never on one; some running now, a few stale),
 * case notes, 300,000 events (notifications on time, late and never) and as many impedance measurements,
 * interpretations and billing notes.
 *
 * Set-based SQL (`insert … select … from generate_series`), one transaction per step, then checks (the load
 * limits and the time-log rules of DESIGN §4: it fails loudly when one is broken) and VACUUM ANALYZE. Choices are pseudo-random from hashes of ids, so a run is repeatable. A database that
 * already has clients is refused unless `--reset` is given, which first drops and recreates the public
 * schema. PostgreSQL only (not PGlite).
 */
import type pg from 'pg';
import type { AcnsFindings } from '../contract/acns';
import { acnsDefinitionErrors, listsASeizure } from '../contract/acnsRules';
import { addMonths, monthsBetween } from '../contract/billingMonths';
import { monthIn } from '../contract/calendar';
import { LOAD_LIMITS } from '../contract/caseLoad';
import { type CaseRecordKind, EVENT_TYPES, RECORD_TIME_FIELDS } from '../contract/caseRecords';
import { CASE_STAGES } from '../contract/cases';
import { DEFAULT_IMPEDANCE_LIMIT_KOHM } from '../contract/clients';
import { ELECTRODES_10_20 } from '../contract/electrodes';
import { HOOKUP_LEAD_HOURS, TAKEDOWN_TRAIL_HOURS } from '../contract/hours';
import { MAX_TIME_LOG_HOURS } from '../contract/timeLogs';
import { clientHeader, saveRate, saveStatus } from '../server/db/billing';
import { refreshPendingCaseHours } from '../server/db/caseHours';
import { HEADS_NOT_AS_RECORDED } from '../server/db/recordHeads';
import {
  FIRST_NAMES,
  INDICATIONS,
  LAST_NAMES,
  MEDICATIONS,
  ORDERING_PHYSICIANS,
} from '../server/db/seed/demoCaseData';
import { DEMO_CONTACTS } from '../server/db/seed/demoClientData';
import {
  AMENDMENTS,
  acnsOfRead,
  BILLING_ADJUSTMENTS,
  CASE_NOTE_TEXTS,
  EVENT_DESCRIPTIONS,
  IMPEDANCE_ACTIONS,
  INTERPRETATION_READS,
  type InterpretationText,
} from '../server/db/seed/demoRecordData';
import { FUTURE_TOLERANCE_MS } from '../server/domain/timeLogRules';
import { currentLines, totalsOf } from '../server/services/billingStatements';
import { resetPostgres } from '../tests/api/support/postgres';
import { type BenchDatabase, benchArguments, runScript, shownUrl, withBenchDatabase } from './support/bench';
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
    insert into clients (name, code, time_zone, billing_period_start, address, phone, is_enabled, notes, created_at, updated_at)
    select ${pick(PLACES, 'i - 1')} || ' ' || ${pick(KINDS, '(i - 1) / 20')},
      upper(left(replace(${pick(PLACES, 'i - 1')}, ' ', ''), 3)) || lpad(i::text, 3, '0'),
      ${pick(ZONES, 'i * 7')},
      -- Most bill from midnight; some from the 07:00 shift change, some from each hookup.
      (array['00:00', '00:00', '07:00', 'recording-start'])[1 + i % 4],
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

/**
 * The protocols' notification rules (DESIGN §4 "Notifications"): whom to tell (the client's first or second
 * contact) within how many minutes, by trigger, and the event types each trigger covers.
 */
const NOTIFY_WITHIN = {
  seizure: { contact: 'first', minutes: 15, types: ['seizure'] },
  'status epilepticus': { contact: 'first', minutes: 5, types: ['status-epilepticus'] },
  'electrode off': { contact: 'second', minutes: 30, types: ['electrode-off', 'disconnect'] },
} as const;

/** Revision 1 of each kind before the first case; a second protocol for 60% of clients, during the years. */
async function seedProtocolRevisions(client: pg.PoolClient) {
  const rule = (trigger: string, contact: string, withinMinutes: number) =>
    `jsonb_build_object('trigger', '${trigger}', 'notify', jsonb_build_array(${contact}), 'withinMinutes', ${withinMinutes})`;
  const rules = `jsonb_build_array(${Object.entries(NOTIFY_WITHIN)
    .map(([trigger, { contact, minutes }]) => rule(trigger, `${contact}_contact`, minutes))
    .join(', ')})`;
  const result = await client.query(`
    with client_contacts_first as (
      select c.id, c.created_at,
        (select id from client_contacts where client_id = c.id and escalation_order = 1) as first_contact,
        (select id from client_contacts where client_id = c.id and escalation_order = 2) as second_contact
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
          then date_trunc('second', ${after('created_at', "interval '30 minutes' + r_hookup * interval '2 hours'")}) end
          as recording_start
      from timed t
    ), ended as (
      select r.*,
        case when stage in ('preview', 'reviewed', 'closed') and not cancelled
          then date_trunc('second', recording_start + least(duration, (now() - recording_start) * 0.8)) end as recording_end
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

/**
 * Orders (DESIGN §4 turn 4) on four cases in five, placed 10–90 minutes before intake: an ICU study mostly
 * stat, a long-term one mostly urgent, the rest routine; the fifth case has none ("no order").
 */
async function seedOrders(client: pg.PoolClient) {
  const result = await client.query(`
    update cases c set
      ordered_at = c.created_at - make_interval(mins => 10 + ${hash('c.id', 41)} % 80),
      order_priority = case
        when c.study_type = 'icu' then case when ${hash('c.id', 43)} % 10 < 7 then 'stat' else 'urgent' end
        when c.study_type = 'long-term' then case when ${hash('c.id', 43)} % 10 < 6 then 'urgent' else 'routine' end
        else 'routine' end,
      ordering_provider = 'Dr. Ordering ' || (1 + ${hash('c.id', 47)} % 40),
      ordering_provider_phone = '+1 555 01' || lpad((${hash('c.id', 47)} % 100)::text, 2, '0'),
      order_reason = 'Altered mental status; rule out non-convulsive seizures'
    where ${hash('c.id', 53)} % 5 <> 0`);
  return result.rowCount ?? 0;
}

/** Orders keep the rules: placed before intake and never in the future, with a priority of ours. */
async function checkOrders(client: pg.PoolClient) {
  const { rows } = await client.query<{
    bad: number;
    stat: number;
    urgent: number;
    routine: number;
    none: number;
  }>(`
    select
      count(*) filter (where ordered_at > now() or ordered_at > created_at
        or (ordered_at is not null and order_priority not in ('stat', 'urgent', 'routine')))::int as bad,
      count(*) filter (where order_priority = 'stat')::int as stat,
      count(*) filter (where order_priority = 'urgent')::int as urgent,
      count(*) filter (where order_priority = 'routine')::int as routine,
      count(*) filter (where ordered_at is null)::int as none
    from cases`);
  const [found] = rows;
  if (
    !found ||
    found.bad > 0 ||
    found.stat === 0 ||
    found.urgent === 0 ||
    found.routine === 0 ||
    found.none === 0
  )
    throw new Error(`Orders break the rules: ${JSON.stringify(found)}`);
  console.log(
    `Orders: stat ${found.stat}, urgent ${found.urgent}, routine ${found.routine}, none ${found.none}`,
  );
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
 * Active cases are dealt round-robin across the team, the heaviest level first (continuous, intermittent,
 * unmonitored), so the combined loads of DESIGN §4 come out even and within the limit (checked at the
 * end); a third of the intake cases have nobody yet; one case in five but the active continuous ones has a
 * second technologist (20 places further on, so the extra load is spread too).
 */
async function seedTechnologists(client: pg.PoolClient) {
  const active = `stage in ('intake', 'monitoring')`;
  const result = await client.query(`
    with assigned as (
      select id, created_by, created_at, ${active} and monitoring_level = 'continuous' as active_continuous,
        case when ${active}
          then row_number() over (partition by ${active}
            order by array_position(array['continuous', 'intermittent', 'unmonitored'], monitoring_level), id) - 1
          else ${hash('id', 11)} end as slot
      from cases
      where not (stage = 'intake' and id % 3 = 0) and not (stage = 'closed' and recording_start is null)
    )
    insert into case_technologists (case_id, username, assigned_by, assigned_at)
    select id, ${technologist('slot')}, created_by, ${after('created_at', "interval '5 minutes'")} from assigned
    union all
    select id, ${technologist(`slot + ${TECHNOLOGISTS / 2}`)}, created_by, ${after('created_at', "interval '10 minutes'")}
    from assigned where id % 5 = 0 and not active_continuous`);
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

/** Monitoring cases whose latest check is within their protocol's interval (seven in ten); the others are overdue. */
const checkedRecently = (caseId: string) => `${hash(caseId, 17)} % 10 < 7`;

/** How many revisions a record has: one, or a second for one in `every` (a third for one in 5 × `every`). */
const revisionCount = (id: string, salt: number, every = 100) =>
  `(1 + (${hash(id, salt)} % ${every} = 0)::int + (${hash(id, salt)} % ${every * 5} = 0)::int)`;

/** Revision `revision` of the planned record `p`'s text: a later revision adds an amendment, a void does not. */
const amended = (text: string) =>
  `concat_ws(' ', nullif(${text}, ''), case when revision > 1 and p.void_reason = '' then ${pick(AMENDMENTS, 'revision')} end)`;

/**
 * Writes one kind of record from a plan: `rows` is a query of one row per record with `case_id`,
 * `created_at` (revision 1), `author`, `revisions` (how many), `revised_at` (when the later ones were
 * written), `void_reason` ('' or why the last revision voids it) and whatever `body` reads as `p.…` to build
 * revision `revision`. Each record takes its item id from the identity's sequence up front, so its item and
 * revisions come from one planned row; the plan stays in `planned_records` until the step's transaction ends.
 */
async function insertRecords(client: pg.PoolClient, kind: CaseRecordKind, rows: string, body: string) {
  await client.query(`
    create temp table planned_records on commit drop as
    select nextval(pg_get_serial_sequence('case_record_items', 'id'))::int as item_id, plan.*
    from (${rows}) plan`);
  const items = await client.query(`
    insert into case_record_items (id, case_id, kind, created_at) overriding system value
    select item_id, case_id, '${kind}', created_at from planned_records order by item_id`);
  await client.query(`
    insert into case_record_revisions (item_id, revision, body, voided, void_reason, author, created_at)
    select p.item_id, revision, ${body}, voids, case when voids then p.void_reason else '' end, p.author,
      case revision when 1 then p.created_at else least(p.revised_at + (revision - 2) * interval '1 minute', now()) end
    from planned_records p
    cross join generate_series(1, p.revisions) as revision
    cross join lateral (select revision > 1 and revision = p.revisions and p.void_reason <> '' as voids) voiding
    order by p.item_id, revision`);
  return items.rowCount ?? 0;
}

/** The recorded cases with a technologist, and until when they recorded (now, while they still do). */
const RECORDED_CASES = `(
  select * from (
    select c.*, coalesce(c.recording_end, now()) as recorded_until,
      (select min(username) from case_technologists t where t.case_id = c.id) as technologist
    from cases c where c.recording_start is not null
  ) recorded where technologist is not null
)`;

/**
 * Joined to a recorded case `c`: about one moment per `everyHours` of its recording (at least one), spread
 * evenly with a pseudo-random lead; `moment.key` names each one for hashing, `moment.at` is the moment.
 */
const momentsDuring = (everyHours: number, salt: number) => `
  cross join lateral (
    select 1 + floor(extract(epoch from c.recorded_until - c.recording_start) / ${everyHours * 3600})::int as count
  ) moments
  cross join lateral generate_series(1, moments.count) as n
  cross join lateral (
    select c.id * 64 + n as key, date_trunc('second', c.recording_start + (c.recorded_until - c.recording_start)
      * (n - 1 + (5 + ${hash('(c.id * 64 + n)', salt)} % 90) / 100.0) / moments.count) as at
  ) moment`;

/** A short log's activity on an intermittent or unmonitored case: mostly a check. */
const CHECK_MIX = [...Array<string>(8).fill('check'), 'maintenance', 'review'];

/** How far apart an intermittent case's checks start, and how far each moves later (minutes): 60–120 apart. */
const CHECK_EVERY_MINUTES = 90;
const CHECK_JITTER_MINUTES = 30;

/**
 * The technologists' time logs, which the case notes and the time logs read (the session's table
 * `shift_logs`, dropped by the time-logs step), as concurrent monitoring has them (DESIGN §4): the first
 * technologist hooks the patient up (up to an hour before the recording) and takes it down (up to 40
 * minutes after it); on a continuous case the technologists take the 12-hour shifts (07:00 and 19:00 in
 * the client's zone) in turn, each shift one `monitoring` log clipped to the recording, so a technologist
 * on duty logs on every case of theirs recording then, at the same time; on the other cases they take
 * turns at short checks (3–6 minutes, 60–120 apart). A technologist's logs never overlap on one case. Now:
 * a continuous case checked recently (`checkedRecently`) is being watched (its shift's log open, under
 * 13 hours old); one due to show as overdue has nothing logged in its last three hours, and one in four
 * such intermittent cases that began over a day ago has a log left open 17–24 hours ago (stale).
 */
async function planShifts(client: pg.PoolClient) {
  const key = (n: string) => `(b.case_id * 128 + ${n})`;
  const result = await client.query(`
    create temp table shift_logs as
    with recorded as (
      select c.id as case_id, c.stage, c.monitoring_level, c.recording_start, c.recording_end, client.time_zone,
        team.technologists, array_length(team.technologists, 1) as team_size,
        c.stage = 'monitoring' and ${checkedRecently('c.id')} as watched,
        c.stage = 'monitoring' and not (${checkedRecently('c.id')}) and c.monitoring_level <> 'continuous'
          and c.recording_start < now() - interval '26 hours' and ${hash('c.id', 19)} % 4 = 0 as forgotten
      from cases c
      join clients client on client.id = c.client_id
      cross join lateral (
        select array_agg(t.username order by t.username) as technologists from case_technologists t where t.case_id = c.id
      ) team
      where c.recording_start is not null and team.technologists is not null
    ), bounded as (
      select r.*, forgotten_at,
        case when r.recording_end is not null then r.recording_end
          when r.watched then date_trunc('second', now())
          when r.forgotten then forgotten_at
          else date_trunc('second', now() - interval '3 hours') end as logged_until
      from recorded r
      cross join lateral (
        select case when r.forgotten then date_trunc('second', now() - make_interval(mins => 17 * 60 + ${hash('r.case_id', 20)} % 420)) end
          as forgotten_at
      ) forgetting
    ), shifts as (
      select b.case_id, b.technologists[1 + (floor((extract(epoch from local_start) - 7 * 3600) / 43200)::bigint % b.team_size)::int]
          as technologist,
        greatest(shift.start_at, b.recording_start) as start_at,
        case when b.watched and shift.end_at > now() then null else least(shift.end_at, b.logged_until) end as end_at,
        'monitoring' as activity
      from bounded b
      cross join lateral generate_series(date_trunc('day', b.recording_start at time zone b.time_zone) - interval '5 hours',
        b.logged_until at time zone b.time_zone, interval '12 hours') as local_start
      cross join lateral (
        select local_start at time zone b.time_zone as start_at, (local_start + interval '12 hours') at time zone b.time_zone as end_at
      ) shift
      where b.monitoring_level = 'continuous' and shift.end_at > b.recording_start and shift.start_at < b.logged_until
    ), checks as (
      select b.case_id, b.technologists[1 + n % b.team_size] as technologist, checked.start_at,
        checked.start_at + make_interval(mins => 3 + ${hash(key('n'), 21)} % 4) as end_at,
        ${pick(CHECK_MIX, hash(key('n'), 22))} as activity
      from bounded b
      cross join lateral generate_series(0, floor(extract(epoch from b.logged_until - b.recording_start) / ${CHECK_EVERY_MINUTES * 60})::int) as n
      cross join lateral (
        select date_trunc('second', b.recording_start + make_interval(mins => n * ${CHECK_EVERY_MINUTES} + ${hash(key('n'), 23)} % ${CHECK_JITTER_MINUTES}))
          as start_at
      ) checked
      where b.monitoring_level <> 'continuous' and checked.start_at + interval '6 minutes' <= b.logged_until
    ), logs as (
      select case_id, technologist, start_at, end_at, activity from shifts where end_at is null or end_at > start_at
      union all
      select case_id, technologist, start_at, end_at, activity from checks
      union all
      select case_id, technologists[1], recording_start - make_interval(mins => 20 + ${hash('case_id', 24)} % 40),
        recording_start, 'hookup'
      from bounded
      union all
      select case_id, technologists[1], recording_end,
        least(recording_end + make_interval(mins => 15 + ${hash('case_id', 25)} % 25), date_trunc('second', now())), 'takedown'
      from bounded where recording_end is not null and recording_end < now() - interval '1 minute'
      union all
      select case_id, technologists[1], forgotten_at, null, 'monitoring' from bounded where forgotten
    )
    select row_number() over (order by start_at, technologist, case_id)::int as log_id, logs.* from logs`);
  return result.rowCount ?? 0;
}

/**
 * A note in one log in four, written during it by its technologist; not during a hookup or a takedown,
 * which reach outside the recording, where no note lies (DESIGN §4, round three).
 */
function seedCaseNotes(client: pg.PoolClient) {
  return insertRecords(
    client,
    'case-notes',
    `select l.case_id, l.technologist as author, noted.noted_at, noted.noted_at as created_at,
      ${pick(CASE_NOTE_TEXTS, hash('l.log_id', 27))} as text, ${revisionCount('l.log_id', 26)} as revisions,
      least(noted.noted_at + interval '20 minutes', now()) as revised_at, '' as void_reason
    from shift_logs l
    cross join lateral (
      select date_trunc('second', l.start_at + (coalesce(l.end_at, now()) - l.start_at)
        * (10 + ${hash('l.log_id', 28)} % 80) / 100.0) as noted_at
    ) noted
    where ${hash('l.log_id', 25)} % 4 = 0 and l.activity not in ('hookup', 'takedown')`,
    `jsonb_build_object('notedAt', ${iso('p.noted_at')}, 'text', ${amended('p.text')})`,
  );
}

/**
 * The planned logs, each linking the case's notes inside its window (as the API links them), indexed in
 * `case_time_logs` with their latest revision. A few have a second revision (billable corrected) or are
 * voided.
 */
async function seedTimeLogs(client: pg.PoolClient) {
  const count = await insertRecords(
    client,
    'time-logs',
    `with notes as (
      select item.case_id, item.id, (revision.body->>'notedAt')::timestamptz as noted_at
      from case_record_items item
      join case_record_revisions revision on revision.item_id = item.id and revision.revision = 1
      where item.kind = 'case-notes'
    ), links as (
      select l.log_id, jsonb_agg(notes.id order by notes.id) as case_note_ids
      from shift_logs l
      join notes on notes.case_id = l.case_id and notes.noted_at >= l.start_at
        and (l.end_at is null or notes.noted_at <= l.end_at)
      group by l.log_id
    )
    select l.case_id, l.technologist, l.start_at, l.end_at, l.activity, l.activity <> 'review' as billable,
      coalesce(links.case_note_ids, '[]'::jsonb) as case_note_ids, l.technologist as author,
      coalesce(l.end_at, l.start_at) as created_at,
      case when voided then 2 else ${revisionCount('l.log_id', 30)} end as revisions,
      least(coalesce(l.end_at, l.start_at) + interval '2 hours', now()) as revised_at,
      case when voided then 'Logged on the wrong case.' else '' end as void_reason
    from shift_logs l
    cross join lateral (select ${hash('l.log_id', 29)} % 2000 = 0 as voided) voiding
    left join links on links.log_id = l.log_id
    order by l.log_id`,
    `jsonb_build_object('technologist', p.technologist, 'start', ${iso('p.start_at')}, 'end', ${iso('p.end_at')},
      'activity', p.activity, 'billable', p.billable <> (p.void_reason = '' and (p.revisions - revision) % 2 = 1),
      'caseNoteIds', p.case_note_ids)`,
  );
  await client.query(`
    insert into case_time_logs (item_id, case_id, revision, technologist, start_at, end_at, activity, billable, voided)
    select item_id, case_id, revisions, technologist, start_at, end_at, activity, billable, void_reason <> ''
    from planned_records`);
  await client.query('drop table shift_logs');
  return count;
}

/** Event types, as often as they are recorded. */
const EVENT_MIX = [
  'seizure',
  'seizure',
  'pushbutton',
  'pushbutton',
  'clinical',
  'clinical',
  'medication',
  'medication',
  'artifact',
  'artifact',
  'artifact',
  'electrode-fix',
  'electrode-fix',
  'disconnect',
  'notification',
  'electrode-off',
];
/** One event in this many is a status epilepticus, whatever the mix says. */
const STATUS_EPILEPTICUS_EVERY = 60;

/**
 * About one event per 8½ hours of recording: seizures, the odd status epilepticus, electrodes off,
 * pushbutton presses, medications, artifacts and more. An event a protocol rule covers (NOTIFY_WITHIN) has
 * the rule's contact notified: on time mostly, late one time in five, never one in fifteen; a
 * `notification` event names the first or second contact, told within minutes.
 */
function seedEvents(client: pg.PoolClient) {
  const coveredTypes = Object.values(NOTIFY_WITHIN)
    .flatMap(({ contact, minutes, types }) =>
      types.map((type) => `('${type}', ${contact === 'first' ? 1 : 2}, ${minutes})`),
    )
    .join(', ');
  const descriptions = EVENT_TYPES.map(
    (type) => `when '${type}' then ${pick(EVENT_DESCRIPTIONS[type], hash('e.key', 33))}`,
  ).join(' ');
  return insertRecords(
    client,
    'events',
    `with planned as (
      select c.id as case_id, c.client_id, c.technologist, moment.key, moment.at as occurred_at,
        case when ${hash('moment.key', 40)} % ${STATUS_EPILEPTICUS_EVERY} = 0 then 'status-epilepticus'
          else ${pick(EVENT_MIX, hash('moment.key', 32))} end as type
      from ${RECORDED_CASES} c ${momentsDuring(8.5, 31)}
    ), timed as (
      select planned.*, rule.escalation_order, rule.within_minutes,
        case when ${hash('key', 35)} % 15 = 0 then 'never' when ${hash('key', 35)} % 15 < 4 then 'late' else 'on-time' end
          as timing
      from planned
      left join (values ${coveredTypes}) as rule(type, escalation_order, within_minutes) on rule.type = planned.type
    )
    select e.case_id, e.technologist as author, e.occurred_at, e.type, case e.type ${descriptions} end as description,
      least(e.occurred_at + case e.type when 'seizure' then make_interval(secs => 30 + ${hash('e.key', 36)} % 150)
        when 'clinical' then make_interval(mins => 1 + ${hash('e.key', 36)} % 5)
        when 'status-epilepticus' then make_interval(mins => 6 + ${hash('e.key', 36)} % 40)
        when 'disconnect' then make_interval(mins => 5 + ${hash('e.key', 36)} % 40) end, now()) as ended_at,
      contact.id as notified_contact_id,
      case when contact.id is not null then least(e.occurred_at + make_interval(mins => case
        when e.within_minutes is null then 2 + ${hash('e.key', 37)} % 12
        when e.timing = 'late' then e.within_minutes + 1 + ${hash('e.key', 37)} % 45
        else 1 + ${hash('e.key', 37)} % (e.within_minutes - 1) end), now()) end as notified_at,
      least(e.occurred_at + interval '3 minutes', now()) as created_at,
      case when voided then 2 else ${revisionCount('e.key', 38)} end as revisions,
      least(e.occurred_at + interval '1 hour', now()) as revised_at,
      case when voided then 'Entered on the wrong case.' else '' end as void_reason
    from timed e
    cross join lateral (select ${hash('e.key', 39)} % 500 = 0 as voided) voiding
    left join client_contacts contact on contact.client_id = e.client_id
      and case when e.within_minutes is not null then contact.escalation_order = e.escalation_order and e.timing <> 'never'
        else e.type = 'notification' and contact.escalation_order = 1 + ${hash('e.key', 34)} % 2 end`,
    `jsonb_build_object('occurredAt', ${iso('p.occurred_at')}, 'endedAt', ${iso('p.ended_at')}, 'type', p.type,
      'description', ${amended('p.description')}, 'notifiedContactId', p.notified_contact_id,
      'notifiedAt', ${iso('p.notified_at')})`,
  );
}

/**
 * The seeded calls as attempts (DESIGN §4 "Orders and critical calls"): the contact reached with read-back
 * at the event's `notifiedAt`; one call in three first went to voicemail three minutes before, one in seven
 * first rang out with no answer at the next contact in escalation order (never before the event).
 */
async function seedCallAttempts(client: pg.PoolClient) {
  const events = `
    select item.id as item_id, (latest.body->>'occurredAt')::timestamptz as occurred_at,
      (latest.body->>'notifiedAt')::timestamptz as notified_at, (latest.body->>'notifiedContactId')::int as contact_id,
      latest.author, item.id as key
    from case_record_items item
    cross join lateral (
      select revision.body, revision.author from case_record_revisions revision where revision.item_id = item.id
      order by revision.revision desc limit 1
    ) latest
    where item.kind = 'events' and latest.body->>'notifiedAt' is not null and latest.body->>'notifiedContactId' is not null`;
  const inserted = await client.query(`
    with called as (${events})
    insert into call_attempts (item_id, at, contact_id, number, outcome, read_back, reached_name, note, by, created_at)
    select e.item_id, attempt.at, coalesce(attempt.contact_id, e.contact_id), coalesce(other.phone, contact.phone, ''),
      attempt.outcome, attempt.read_back, null, attempt.note, e.author, attempt.at
    from called e
    join client_contacts contact on contact.id = e.contact_id
    cross join lateral (values
      (e.notified_at - interval '3 minutes', null::int, 'voicemail', false, 'Left the callback number', ${hash('e.key', 71)} % 3 = 0),
      (e.notified_at - interval '2 minutes', (select next.id from client_contacts next where next.client_id = contact.client_id
        and next.escalation_order > contact.escalation_order order by next.escalation_order limit 1), 'no-answer', false,
        null, ${hash('e.key', 72)} % 7 = 0),
      (e.notified_at, null::int, 'reached', true, null, true)
    ) as attempt(at, contact_id, outcome, read_back, note, made)
    left join client_contacts other on other.id = attempt.contact_id
    where attempt.made and attempt.at >= e.occurred_at and (attempt.outcome <> 'no-answer' or attempt.contact_id is not null)`);
  return inserted.rowCount ?? 0;
}

/**
 * About one measurement per 8½ hours of recording, every electrode of the 10–20 system below the case's
 * protocol limit but, one time in eight, one electrode above it (with what was done about it). A
 * monitoring case checked recently was measured in the last 12 minutes; an overdue one not in its last hours.
 */
function seedImpedances(client: pg.PoolClient) {
  const over = `${hash('i.key', 40)} % 8 = 0`;
  const overElectrode = hash('i.key', 41);
  const kOhm = (index: number) => `
    case when ${over} and ${overElectrode} % ${ELECTRODES_10_20.length} = ${index}
      then i.limit_kohm + 1 + ${hash('i.key', 42)} % 15
      else round((10 + ${hash('i.key', 50 + index)} % ((i.limit_kohm - 1.5) * 10)::int) / 10.0, 1) end`;
  const values = ELECTRODES_10_20.map((electrode, index) => `'${electrode}', ${kOhm(index)}`).join(', ');
  return insertRecords(
    client,
    'impedances',
    `with planned as (
      select c.id as case_id, c.client_id, c.protocol_revision, c.technologist, moment.key, moment.at as measured_at
      from ${RECORDED_CASES} c ${momentsDuring(8.5, 43)}
      where not (c.stage = 'monitoring' and not (${checkedRecently('c.id')}) and moment.at > now() - interval '3 hours')
      union all
      select c.id, c.client_id, c.protocol_revision, c.technologist, c.id * 64,
        date_trunc('second', now() - make_interval(mins => ${hash('c.id', 44)} % 12))
      from ${RECORDED_CASES} c where c.stage = 'monitoring' and ${checkedRecently('c.id')}
    )
    select i.case_id, i.technologist as author, i.measured_at, i.measured_at as created_at,
      jsonb_build_object(${values}) as electrode_values,
      case when ${over} then ${pick(ELECTRODES_10_20, overElectrode)} || ': ' || ${pick(IMPEDANCE_ACTIONS, hash('i.key', 45))}
        else '' end as action_taken,
      ${revisionCount('i.key', 46, 200)} as revisions, least(i.measured_at + interval '30 minutes', now()) as revised_at,
      '' as void_reason
    from (
      select planned.*, coalesce(protocol.impedance_limit_kohm, ${DEFAULT_IMPEDANCE_LIMIT_KOHM}) as limit_kohm
      from planned
      left join protocol_revisions protocol on protocol.client_id = planned.client_id
        and protocol.kind = 'protocol' and protocol.revision = planned.protocol_revision
    ) i`,
    `jsonb_build_object('measuredAt', ${iso('p.measured_at')}, 'values', p.electrode_values,
      'actionTaken', ${amended('p.action_taken')})`,
  );
}

/**
 * The readers' interpretations: a signed preliminary read of the first hours on half the recordings, a
 * signed daily read of each full day, and the final one: signed before review on reviewed and closed
 * cases (one in four saved as a draft first), a draft on half the cases in preview; an addendum on a few
 * closed cases.
 */
function seedInterpretations(client: pg.PoolClient) {
  // Every field from the same read, so a read is consistent in itself.
  const text = (field: InterpretationText) =>
    pick(
      INTERPRETATION_READS.map((read) => read[field]),
      hash('p.key', 54),
    );
  const coded = (field: keyof ReturnType<typeof acnsOfRead>) =>
    `(${pick(
      INTERPRETATION_READS.map((read) => JSON.stringify(acnsOfRead(read)[field])),
      hash('p.key', 54),
    )})::jsonb`;
  // The answer to "seizures in this period" the same read's seizure entries give, as signing requires.
  const answered = `(${pick(
    INTERPRETATION_READS.map((read) => String(listsASeizure(acnsOfRead(read).acnsSeizures))),
    hash('p.key', 54),
  )})::jsonb`;
  return insertRecords(
    client,
    'interpretations',
    `with readings as (
      select c.*, coalesce(c.reader, ${member('reader', READERS, hash('c.id', 47), 2)}) as reader_name,
        (select t.at from case_transitions t where t.case_id = c.id and t.to_stage = 'reviewed') as reviewed_at
      from ${RECORDED_CASES} c
    ), planned as (
      select id as case_id, reader_name, id * 64 as key, 'prelim' as kind, recording_start as period_start,
        least(recording_start + interval '2 hours', recorded_until) as period_end, 'signed' as status,
        least(recording_start + interval '3 hours', now()) as signed_at, 1 as revisions
      from readings where ${hash('id', 48)} % 2 = 0
      union all
      select id, reader_name, id * 64 + day, 'daily', recording_start + (day - 1) * interval '1 day',
        recording_start + day * interval '1 day', 'signed',
        least(recording_start + day * interval '1 day' + interval '4 hours', now()), ${revisionCount('(id * 64 + day)', 49)}
      from readings cross join generate_series(1, floor(extract(epoch from recorded_until - recording_start) / 86400)::int) as day
      union all
      select id, reader_name, id * 64 + 62, 'final', recording_start, recording_end,
        case when reviewed_at is null then 'draft' else 'signed' end,
        coalesce(greatest(reviewed_at - make_interval(mins => 5 + ${hash('id', 50)} % 50), recording_end),
          recording_end + (updated_at - recording_end) / 2),
        case when reviewed_at is not null and ${hash('id', 51)} % 4 = 0 then 2 else 1 end
      from readings where stage in ('reviewed', 'closed') or (stage = 'preview' and ${hash('id', 52)} % 2 = 0)
      union all
      select id, reader_name, id * 64 + 63, 'addendum', recording_start, recording_end, 'signed',
        reviewed_at + (updated_at - reviewed_at) / 2, 1
      from readings where stage = 'closed' and ${hash('id', 53)} % 40 = 0
    )
    select p.*, p.reader_name as author, p.signed_at - (p.revisions - 1) * interval '1 hour' as created_at,
      p.signed_at as revised_at, '' as void_reason
    from planned p`,
    `jsonb_build_object('kind', p.kind, 'periodStart', ${iso('p.period_start')}, 'periodEnd', ${iso('p.period_end')},
      'background', ${text('background')}, 'sleep', ${text('sleep')},
      'epileptiform', ${text('epileptiform')}, 'seizures', ${text('seizures')},
      'impression', ${amended(text('impression'))},
      'acnsBackground', ${coded('acnsBackground')}, 'patterns', ${coded('patterns')},
      'acnsSeizures', ${coded('acnsSeizures')}, 'seizureBurdenPercent', ${coded('seizureBurdenPercent')},
      'seizuresInPeriod', ${answered},
      'status', case when revision < p.revisions then 'draft' else p.status end,
      'signedBy', case when revision = p.revisions and p.status = 'signed' then p.reader_name end,
      'signedAt', case when revision = p.revisions and p.status = 'signed' then ${iso('p.signed_at')} end)`,
  );
}

/**
 * A billing note on one reviewed or closed case in six, for the month the recording started in (the
 * client's time zone): written after review, still open on reviewed cases, settled when the case closed.
 */
function seedBillingNotes(client: pg.PoolClient) {
  const adjustment = hash('c.id', 59);
  return insertRecords(
    client,
    'billing-notes',
    `select c.id as case_id, coalesce(closing.by, ${member('billing', BILLERS, 'c.id', 2)}) as author,
      ${pick(
        BILLING_ADJUSTMENTS.map((note) => note.text),
        adjustment,
      )} as text,
      ${pick(
        BILLING_ADJUSTMENTS.map((note) => String(note.adjustMinutes)),
        adjustment,
      )}::int as adjust_minutes,
      to_char(c.recording_start at time zone client.time_zone, 'YYYY-MM') as month, closing.id is not null as settled,
      written.at as created_at, case when closing.id is null then 1 else 2 end as revisions,
      closing.at - (closing.at - written.at) / 4 as revised_at, '' as void_reason
    from cases c
    join clients client on client.id = c.client_id
    join case_transitions reviewed on reviewed.case_id = c.id and reviewed.to_stage = 'reviewed'
    left join case_transitions closing on closing.case_id = c.id and closing.from_stage = 'reviewed'
    cross join lateral (
      select reviewed.at + least(interval '1 day', (coalesce(closing.at, now()) - reviewed.at) / 2) as at
    ) written
    where c.stage in ('reviewed', 'closed') and ${hash('c.id', 60)} % 6 = 0`,
    `jsonb_build_object('text', p.text, 'adjustMinutes', p.adjust_minutes, 'month', p.month,
      'settled', p.settled and revision = p.revisions)`,
  );
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

/**
 * Refuses to finish when a technologist's active cases weigh more than the combined load of DESIGN §4
 * allows: as many intermittent cases as the limit, a continuous one weighing as many of those as fill the
 * limit at its own count (12 intermittent or 4 continuous: 1 and 3).
 */
async function checkLoads(client: pg.PoolClient) {
  const capacity = LOAD_LIMITS.intermittent;
  const continuousWeight = LOAD_LIMITS.intermittent / LOAD_LIMITS.continuous;
  const { rows } = await client.query<{ continuous: number; intermittent: number; weight: number }>(`
    select continuous::int, intermittent::int, weight::int from (
      select count(*) filter (where c.monitoring_level = 'continuous') as continuous,
        count(*) filter (where c.monitoring_level = 'intermittent') as intermittent,
        ${continuousWeight} * count(*) filter (where c.monitoring_level = 'continuous')
          + count(*) filter (where c.monitoring_level = 'intermittent') as weight
      from case_technologists t join cases c on c.id = t.case_id
      where c.stage in ('intake', 'monitoring') group by t.username
    ) loads order by weight desc limit 1`);
  const [{ continuous, intermittent, weight }] = rows;
  console.log(
    `Busiest technologist: ${continuous} continuous and ${intermittent} intermittent, weighing ${weight} (limit ${capacity}).`,
  );
  if (weight > capacity) throw new Error('The seeded assignments exceed the technologist load limit');
}

/** DESIGN §4 windows: how long before the recording a hookup may start, after it a takedown end. */
const HOOKUP_LEAD = `interval '${HOOKUP_LEAD_HOURS} hours'`;
const TAKEDOWN_TRAIL = `interval '${TAKEDOWN_TRAIL_HOURS} hours'`;
/** DESIGN §4: no record time more than this after now. */
const FUTURE = `interval '${FUTURE_TOLERANCE_MS / 1000} seconds'`;
/** DESIGN §4, round three: a time log lasts at most one shift. */
const SHIFT = `interval '${MAX_TIME_LOG_HOURS} hours'`;
/** The times of the records that lie within the recording (DESIGN §4, round three), by field. */
const RECORDING_TIME_FIELDS = ['notedAt', 'measuredAt', 'occurredAt', 'periodStart', 'periodEnd'];

/**
 * Refuses to finish when the time logs break the rules of DESIGN §4 "Monitoring operations" (each count
 * should be 0): a technologist's live logs overlapping on one case (each against the one starting just
 * before it, a running log running on) or two running on one case; a log outside its window (a hookup from
 * 4 h before the recording, a takedown until 4 h after it, the rest within it, none running on an ended
 * recording) or longer than a shift; a live note, impedance, event, interpretation period or handover
 * outside the recording; more running logs than the technologist has active cases; a log owned by someone who is not
 * a technologist assigned to the case; a record time in the future; `case_time_logs` differing from the
 * time logs' latest revisions.
 */
async function checkTimeLogs(client: pg.PoolClient) {
  const futureTimes = RECORD_TIME_FIELDS.map(
    (field) => `(revision.body->>'${field}')::timestamptz > now() + ${FUTURE}`,
  ).join(' or ');
  const { rows } = await client.query<Record<string, number>>(`
    select
      (select count(*)::int from (
        select start_at < lag(coalesce(end_at, 'infinity')) over (partition by case_id, technologist order by start_at, item_id)
          as overlaps_previous
        from case_time_logs where not voided
      ) ordered where overlaps_previous) as overlapping,
      (select count(*)::int from (
        select 1 from case_time_logs where end_at is null and not voided group by case_id, technologist having count(*) > 1
      ) doubled) as "running twice on a case",
      (select count(*)::int from case_time_logs log join cases c on c.id = log.case_id
        where not log.voided and (c.recording_start is null
          or log.start_at < c.recording_start - case when log.activity = 'hookup' then ${HOOKUP_LEAD} else interval '0' end
          or coalesce(log.end_at, now()) > coalesce(c.recording_end, now())
            + case when log.activity = 'takedown' then ${TAKEDOWN_TRAIL} else interval '0' end
          or (log.end_at is null and c.recording_end is not null))
      ) as "outside their window",
      (select count(*)::int from case_time_logs where not voided and end_at - start_at > ${SHIFT}) as "longer than a shift",
      (select count(*)::int from case_record_items item
        join cases c on c.id = item.case_id
        cross join lateral (
          select revision.body, revision.voided from case_record_revisions revision where revision.item_id = item.id
          order by revision.revision desc limit 1
        ) latest
        cross join lateral unnest(${textArray(RECORDING_TIME_FIELDS)}) as field
        where item.kind in ('case-notes', 'impedances', 'events', 'interpretations') and not latest.voided
          and latest.body->>field is not null
          and ((latest.body->>field)::timestamptz < c.recording_start or c.recording_start is null
            or (latest.body->>field)::timestamptz > c.recording_end)
      ) as "records outside their recording",
      (select count(*)::int from case_handovers h join cases c on c.id = h.case_id
        where h.at < c.recording_start or c.recording_start is null or h.at > c.recording_end
      ) as "handovers outside their recording",
      (select count(*)::int from (
        select log.technologist from case_time_logs log where log.end_at is null and not log.voided
        group by log.technologist
        having count(*) > (select count(*) from case_technologists t join cases c on c.id = t.case_id
          where t.username = log.technologist and c.stage in ('intake', 'monitoring'))
      ) overloaded) as "technologists with more running logs than active cases",
      (select count(*)::int from case_time_logs log
        where log.technologist not like 'tech%' or not exists (
          select 1 from case_technologists t where t.case_id = log.case_id and t.username = log.technologist)
      ) as "not an assigned technologist's",
      (select count(*)::int from case_record_revisions revision where ${futureTimes}) as "records in the future",
      (select count(*)::int from case_record_items item
        cross join lateral (
          select * from case_record_revisions revision where revision.item_id = item.id
          order by revision.revision desc limit 1
        ) latest
        left join case_time_logs indexed on indexed.item_id = item.id
        where item.kind = 'time-logs' and (indexed.item_id is null
          or (indexed.case_id, indexed.revision, indexed.technologist, indexed.start_at, indexed.end_at,
            indexed.activity, indexed.billable, indexed.voided)
          is distinct from (item.case_id, latest.revision, latest.body->>'technologist', (latest.body->>'start')::timestamptz,
            (latest.body->>'end')::timestamptz, latest.body->>'activity', (latest.body->>'billable')::boolean, latest.voided))
      ) as "not as indexed"`);
  const counts = Object.entries(rows[0]);
  console.log(`Time logs: ${counts.map(([label, count]) => `${count} ${label}`).join(', ')}.`);
  const broken = counts.filter(([, count]) => count > 0);
  if (broken.length > 0) {
    throw new Error(`The seeded time logs break DESIGN §4: ${broken.map(([label]) => label).join(', ')}`);
  }
}

/**
 * The seeded records against the clinical rules of round three (DESIGN §4): no call is recorded before its
 * event, and every interpretation's ACNS findings keep to the ACNS 2021 definitions (each distinct coding
 * checked by the contract's own rule, as the API checks a write); the latest state the board and reports
 * read (`case_record_heads`, kept by a trigger) agrees with the revisions.
 */
async function checkClinicalRecords(client: pg.PoolClient) {
  const latest = (kind: string) => `
    from case_record_items item
    cross join lateral (
      select revision.body, revision.voided from case_record_revisions revision where revision.item_id = item.id
      order by revision.revision desc limit 1
    ) latest
    where item.kind = '${kind}' and not latest.voided`;
  const calls = await client.query<{ count: number }>(`
    select count(*)::int as count ${latest('events')}
      and (latest.body->>'notifiedAt')::timestamptz < (latest.body->>'occurredAt')::timestamptz`);
  // Every call recorded is closed by its attempts: the last one reached someone who read it back.
  const unclosed = await client.query<{ count: number }>(`
    select count(*)::int as count ${latest('events')}
      and latest.body->>'notifiedAt' is not null and not exists (select 1 from call_attempts attempt
        where attempt.item_id = item.id and attempt.outcome = 'reached' and attempt.read_back
        and attempt.at = (latest.body->>'notifiedAt')::timestamptz)`);
  const early = await client.query<{ count: number }>(`
    select count(*)::int as count from call_attempts attempt join case_record_items item on item.id = attempt.item_id
    cross join lateral (select revision.body from case_record_revisions revision where revision.item_id = item.id
      order by revision.revision desc limit 1) latest
    where attempt.at < (latest.body->>'occurredAt')::timestamptz`);
  const codings = await client.query<
    Pick<AcnsFindings, 'patterns' | 'acnsSeizures' | 'seizureBurdenPercent'>
  >(`
    select distinct on (latest.body->'patterns', latest.body->'acnsSeizures', latest.body->'seizureBurdenPercent')
      coalesce(latest.body->'patterns', '[]') as "patterns",
      coalesce(latest.body->'acnsSeizures', '[]') as "acnsSeizures",
      (latest.body->>'seizureBurdenPercent')::numeric::float8 as "seizureBurdenPercent"
    ${latest('interpretations')}`);
  const strayed = codings.rows.filter((coding) => acnsDefinitionErrors(coding).length > 0).length;
  const heads = await client.query<{ count: number }>(HEADS_NOT_AS_RECORDED);
  const counts: [string, number][] = [
    ['calls before their event', calls.rows[0].count],
    ['calls recorded but not closed by an attempt', unclosed.rows[0].count],
    ['call attempts before their event', early.rows[0].count],
    [`of ${codings.rows.length} ACNS codings outside the 2021 definitions`, strayed],
    [
      'records whose latest state (case_record_heads) differs from their latest revision',
      heads.rows[0].count,
    ],
  ];
  console.log(`Clinical records: ${counts.map(([label, count]) => `${count} ${label}`).join(', ')}.`);
  const broken = counts.filter(([, count]) => count > 0);
  if (broken.length > 0) {
    throw new Error(`The seeded records break DESIGN §4: ${broken.map(([label]) => label).join(', ')}`);
  }
}

/** What concurrent monitoring looks like in the seed: logs running now, stale ones, late notifications. */
async function describeMonitoring(client: pg.PoolClient) {
  const { rows } = await client.query<Record<string, number>>(`
    select
      (select count(*)::int from case_time_logs where end_at is null and not voided) as running,
      (select count(*)::int from case_time_logs where end_at is null and not voided
        and start_at < now() - interval '16 hours') as stale,
      (select max(running)::int from (
        select count(*) as running from case_time_logs where end_at is null and not voided group by technologist
      ) per_technologist) as "most running for one technologist",
      (select count(*)::int from case_record_items item join case_record_revisions revision on revision.item_id = item.id
        and revision.revision = 1 where item.kind = 'events' and revision.body->>'type' in ('status-epilepticus', 'electrode-off'))
        as "status epilepticus and electrode-off events"`);
  console.log(
    `Monitoring: ${Object.entries(rows[0])
      .map(([label, count]) => `${count} ${label}`)
      .join(', ')}.`,
  );
}

/** In the order they depend on each other; later issues add theirs at the end. */
const STEPS: [string, Step][] = [
  ['clients, contacts, links', seedClients],
  ['protocol revisions', seedProtocolRevisions],
  ['cases', seedCases],
  ['orders', seedOrders],
  ['patients', seedPatients],
  ['technologists', seedTechnologists],
  ['transitions', seedTransitions],
  ['actions', seedActions],
  ['protocol snapshots', seedProtocolSnapshots],
  ['shifts (time-log plan)', planShifts],
  ['case notes', seedCaseNotes],
  ['time logs', seedTimeLogs],
  ['events', seedEvents],
  ['call attempts', seedCallAttempts],
  ['impedances', seedImpedances],
  ['interpretations', seedInterpretations],
  ['billing notes', seedBillingNotes],
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

/** The billing clerk who keeps the seeded cycles. */
const BILLING_CLERK = 'billing01';
/** A client's hourly rate: 95.00 to 185.50, repeatable from its id. */
const rateOf = (clientId: number) => `${95 + ((clientId * 37) % 91)}.${clientId % 2 === 0 ? '00' : '50'}`;

/**
 * Each client's billing cycles as a billing office leaves them: every month from the first recording to
 * three months ago invoiced, two months ago closed, last month rated but open, this month untouched. Closing
 * goes through the same statement code as the API (its frozen lines), so a client-month takes a statement's
 * time: the figures of the benchmark's statements.
 */
async function seedBillingCycles(database: BenchDatabase): Promise<number> {
  const now = new Date();
  const { rows } = await database.pool.query<{ id: number }>('select id from clients order by id');
  let cycles = 0;
  for (const { id } of rows) {
    await database.db.transaction(async (tx) => {
      const found = await clientHeader(tx, id);
      if (!found?.firstRecording) return;
      const { header } = found;
      const thisMonth = monthIn(header.timeZone, now);
      for (const month of monthsBetween(
        monthIn(header.timeZone, found.firstRecording),
        addMonths(thisMonth, -1),
      )) {
        const rated = await saveRate(tx, id, month, rateOf(id), BILLING_CLERK);
        cycles += 1;
        if (month === addMonths(thisMonth, -1)) continue;
        const lines = await currentLines(tx, header, month, now);
        const totals = totalsOf(lines);
        const closed = await saveStatus(tx, rated, 'closed', BILLING_CLERK, {
          minutes: totals.minutes,
          adjustMinutes: totals.adjustMinutes,
          cases: lines.filter((line) => line.minutes > 0 || line.adjustMinutes !== 0).length,
          lines,
        });
        if (month < addMonths(thisMonth, -2)) await saveStatus(tx, closed, 'invoiced', BILLING_CLERK);
      }
    });
  }
  return cycles;
}

/** Every step in its own transaction, then the load check and VACUUM ANALYZE. */
async function seedAll(client: pg.PoolClient, database: BenchDatabase) {
  await client.query('select setseed(0.2026)');
  // The time-log plan sorts millions of rows: in memory rather than on disk.
  await client.query("set work_mem = '256MB'");
  for (const [label, step] of STEPS) {
    const stepStarted = performance.now();
    let count = 0;
    await inTransaction(client, async () => {
      count = await step(client);
    });
    console.log(`${label.padEnd(24)} ${String(count).padStart(7)} rows  ${seconds(stepStarted)}`);
  }
  const hoursStarted = performance.now();
  await client.query(
    "insert into case_hours_pending (case_id) select distinct case_id from case_record_items where kind in ('time-logs', 'billing-notes')",
  );
  const refreshed = await refreshPendingCaseHours(database.db);
  console.log(
    `${'hours per case and month'.padEnd(24)} ${String(refreshed).padStart(7)} cases ${seconds(hoursStarted)}`,
  );
  await client.query('analyze');
  const cyclesStarted = performance.now();
  const cycles = await seedBillingCycles(database);
  console.log(`${'billing cycles'.padEnd(24)} ${String(cycles).padStart(7)} rows  ${seconds(cyclesStarted)}`);
  const checksStarted = performance.now();
  await checkLoads(client);
  await checkTimeLogs(client);
  await checkClinicalRecords(client);
  await checkOrders(client);
  await describeMonitoring(client);
  console.log(`${'checks'.padEnd(38)}${seconds(checksStarted)}`);
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
      await seedAll(client, database);
      console.log(`Done in ${seconds(started)}.`);
    } finally {
      client.release();
    }
  });
}

runScript(main);
