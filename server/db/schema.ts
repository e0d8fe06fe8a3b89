import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { type BillableCase, CYCLE_STATUSES } from '../../contract/billing';
import { BUG_SEVERITIES, BUG_STATUSES } from '../../contract/bugs';
import { CALL_OUTCOMES } from '../../contract/callAttempts';
import { CASE_RECORD_KINDS } from '../../contract/caseRecords';
import {
  ACTION_KINDS,
  CASE_STAGES,
  MONITORING_LEVELS,
  PATIENT_SEXES,
  STUDY_TYPES,
} from '../../contract/cases';
import { CHANGE_KINDS } from '../../contract/changeEvents';
import {
  type NotificationRule,
  type ProtocolRevision,
  REVISION_KINDS,
  type TransferRevision,
} from '../../contract/clients';
import { TIME_LOG_ACTIVITIES } from '../../contract/timeLogs';
import type { TurnaroundTargets } from '../../contract/turnaround';

/** Who did what, when: sign-ins, denied calls and every write (before/after ids, never patient data). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    resourceId: text('resource_id'),
    outcome: text('outcome', { enum: ['ok', 'denied'] }).notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /**
     * The hash chain (set by the database's insert trigger, never by the app): the entry's place in the chain,
     * the previous entry's hash, and its own hash over both and its content. `npm run audit:verify` walks it.
     */
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actor, table.at),
    // A polled read (the home pages, every 30 s) looks up the caller's entries of the same call within the
    // hour: by actor alone it read every entry the caller made that hour (80,139 on a bench's administrator,
    // 25 ms a board answer, growing with the caller's traffic); by actor and action it reads the few it needs.
    index('audit_log_actor_action_idx').on(table.actor, table.action, table.at),
    uniqueIndex('audit_log_chain_seq_idx').on(table.chainSeq),
  ],
);

/**
 * The first answer to each write sent with an `Idempotency-Key` (per user, kept 24 h): a retry with the same
 * key and body gets it again instead of writing twice. A row without a status is a write still under way.
 * In the database, so a retry reaching another instance finds it.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    actor: text('actor').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the call (method and path) and its body: the same key with anything else is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    /** The answer's JSON text, sent again as it was. */
    answer: text('answer'),
    /** Which request holds the key now: a retry that takes over an abandoned claim gives it a new one. */
    claim: text('claim').notNull().default(''),
    /** Set in the write's own transaction: the write committed, even if its answer was never kept. */
    written: boolean('written').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.actor, table.key] }),
    index('idempotent_requests_created_at_idx').on(table.createdAt),
  ],
);

/**
 * The API's own record of each user: seen on first call, disabled by an administrator. Checked on every
 * request so a disabled user is refused even with an unexpired token.
 */
export const userAccounts = pgTable('user_accounts', {
  username: text('username').primaryKey(),
  isEnabled: boolean('is_enabled').notNull().default(true),
  /** The id token's auth_time of the latest sign-in seen, so each sign-in is audited once. */
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  /**
   * Tokens issued before this instant are refused (DESIGN §3 sessions): set when the user's groups change,
   * they are disabled, their password is reset by an admin or they are signed out everywhere.
   */
  tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
  firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A hospital (or other site) the service monitors patients for. */
export const clients = pgTable(
  'clients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** IANA zone; billing months follow the client's local calendar. */
    timeZone: text('time_zone').notNull(),
    /** Where billing periods start: `recording-start` or a local `HH:MM` (DESIGN §4). */
    billingPeriodStart: text('billing_period_start').notNull().default('00:00'),
    /** ISO 4217 code of the client's statements. */
    currency: text('currency').notNull().default('USD'),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    isEnabled: boolean('is_enabled').notNull().default(true),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('clients_code_unique').on(table.code),
    // The default list order (case-insensitive name, id as tie-break) reads a page straight off this index.
    index('clients_name_idx').on(sql`lower(${table.name})`, table.id),
  ],
);

export const clientContacts = pgTable(
  'client_contacts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    escalationOrder: integer('escalation_order').notNull(),
    notes: text('notes').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_contacts_client_idx').on(table.clientId, table.escalationOrder)],
);

export const clientUsefulLinks = pgTable(
  'client_useful_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('client_useful_links_client_idx').on(table.clientId)],
);

/**
 * Append-only history of a client's protocol and transfer protocol, numbered per client and kind. The
 * primary key makes two concurrent revisions from the same base collide instead of both landing; a
 * trigger (migration 0002) refuses any UPDATE. Transfer revisions carry only a body.
 */
export const protocolRevisions = pgTable(
  'protocol_revisions',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REVISION_KINDS }).notNull(),
    revision: integer('revision').notNull(),
    body: text('body').notNull(),
    notificationRules: jsonb('notification_rules').$type<NotificationRule[]>(),
    checkIntervalMinutes: integer('check_interval_minutes'),
    impedanceLimitKOhm: doublePrecision('impedance_limit_kohm'),
    reportTurnaroundHours: integer('report_turnaround_hours'),
    /** Minutes per order priority (DESIGN §4 turn 4); null on revisions written before: the defaults hold. */
    turnaroundTargets: jsonb('turnaround_targets').$type<TurnaroundTargets>(),
    /** Null on revisions written before escalation minutes existed: the default then applies. */
    escalationMinutes: integer('escalation_minutes'),
    author: text('author').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.kind, table.revision] }),
    // The protocol revision in force at a time (notifications.ts `revisionInForceSql`), read from the index.
    index('protocol_revisions_in_force_idx')
      .on(table.clientId, table.createdAt, table.revision)
      .where(sql`${table.kind} = 'protocol'`),
    check('protocol_revisions_kind_check', sql`${table.kind} in ('protocol', 'transfer')`),
    check('protocol_revisions_revision_check', sql`${table.revision} >= 1`),
    check(
      'protocol_revisions_protocol_fields_check',
      sql`${table.kind} = 'transfer' or (${table.notificationRules} is not null and ${table.checkIntervalMinutes} is not null and ${table.impedanceLimitKOhm} is not null and ${table.reportTurnaroundHours} is not null)`,
    ),
  ],
);

/** A monitoring case (DESIGN §4 "Case"); its clinical records live in `case_record_*`. */
export const cases = pgTable(
  'cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `{client code}-{year}-{0001}`, numbered per client and year by `case_number_counters`. */
    caseNumber: text('case_number').notNull(),
    // No cascade: a client with cases cannot be deleted.
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    stage: text('stage', { enum: CASE_STAGES }).notNull().default('intake'),
    studyType: text('study_type', { enum: STUDY_TYPES }).notNull(),
    hasVideo: boolean('has_video').notNull().default(false),
    monitoringLevel: text('monitoring_level', { enum: MONITORING_LEVELS }).notNull(),
    recordingStart: timestamp('recording_start', { withTimezone: true }),
    recordingEnd: timestamp('recording_end', { withTimezone: true }),
    /** EEG channels recorded; a long-term EEG code needs at least 8. */
    channelCount: integer('channel_count').notNull().default(21),
    /** The reader's username. */
    reader: text('reader'),
    /** The client's protocol and transfer-protocol revision numbers at intake; null when it had none. */
    protocolRevision: integer('protocol_revision'),
    transferRevision: integer('transfer_revision'),
    /** The hospital's order (HL7 ORM/OMG), when the case came from one; null for cases typed by hand. */
    placerOrderNumber: text('placer_order_number'),
    visitNumber: text('visit_number'),
    orderingProvider: text('ordering_provider'),
    orderingProviderPhone: text('ordering_provider_phone'),
    orderPriority: text('order_priority'),
    orderReason: text('order_reason'),
    orderedAt: timestamp('ordered_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cases_case_number_unique').on(table.caseNumber),
    index('cases_client_idx').on(table.clientId, table.createdAt),
    // A stage list's default page (newest first), alone or for one client, reads straight off these.
    index('cases_stage_created_idx').on(table.stage, table.createdAt, table.id),
    index('cases_client_stage_created_idx').on(table.clientId, table.stage, table.createdAt, table.id),
    // A list of the cases recorded between two dates (a month's closed cases, for billing), and its count:
    // without it the count read the whole table (21 ms over 50,000 cases on the large seed; 0.3 ms with it).
    index('cases_stage_recording_idx').on(table.stage, table.recordingStart),
    // A client's first recording, where its billing months begin (a statement's and a cycle list's header),
    // is this index's first entry for the client: without it the header read every case of the client
    // (1,217 heap pages, 0.98 ms a statement for the large seed's busiest clients; 0.05 ms with it).
    index('cases_client_recording_start_idx').on(table.clientId, table.recordingStart),
    // A reader's reports due (home): their cases not yet closed, a few among tens of thousands.
    index('cases_reader_open_idx').on(table.reader).where(sql`${table.stage} <> 'closed'`),
    // The monthly turnaround report reads the orders placed in its months.
    index('cases_ordered_at_idx').on(table.orderedAt).where(sql`${table.orderedAt} is not null`),
    // One case per hospital order: a repeated or updated order finds the case it made.
    uniqueIndex('cases_client_order_unique')
      .on(table.clientId, table.placerOrderNumber)
      .where(sql`${table.placerOrderNumber} is not null`),
    check(
      'cases_stage_check',
      sql`${table.stage} in ('intake', 'monitoring', 'preview', 'reviewed', 'closed')`,
    ),
    check(
      'cases_order_priority_check',
      sql`${table.orderPriority} is null or ${table.orderPriority} in ('stat', 'urgent', 'routine')`,
    ),
    check('cases_study_type_check', sql`${table.studyType} in ('routine', 'long-term', 'ambulatory', 'icu')`),
    check(
      'cases_monitoring_level_check',
      sql`${table.monitoringLevel} in ('unmonitored', 'intermittent', 'continuous')`,
    ),
    check(
      'cases_recording_order_check',
      sql`${table.recordingEnd} is null or ${table.recordingStart} is null or ${table.recordingEnd} > ${table.recordingStart}`,
    ),
  ],
);

/** The last case number given per client and year; the row lock serialises concurrent intakes. */
export const caseNumberCounters = pgTable(
  'case_number_counters',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.clientId, table.year] })],
);

/** Who a patient is and where they lie: a case's details and the hospital's patient index keep the same. */
const patientIdentityColumns = () => ({
  mrn: text('mrn').notNull().default(''),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  dateOfBirth: date('date_of_birth', { mode: 'string' }),
  sex: text('sex', { enum: PATIENT_SEXES }),
  unit: text('unit').notNull().default(''),
  room: text('room').notNull().default(''),
});

/**
 * A case's patient details, one row per case (DESIGN §4 "Patient details"). Intake stores what it is
 * given here; the clinical-records issue adds the revisions of each edit.
 */
export const casePatients = pgTable(
  'case_patients',
  {
    caseId: integer('case_id')
      .primaryKey()
      .references(() => cases.id, { onDelete: 'cascade' }),
    ...patientIdentityColumns(),
    orderingPhysician: text('ordering_physician').notNull().default(''),
    indication: text('indication').notNull().default(''),
    medications: text('medications').notNull().default(''),
    updatedBy: text('updated_by').notNull(),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('case_patients_mrn_idx').on(table.mrn),
    check('case_patients_sex_check', sql`${table.sex} is null or ${table.sex} in ('M', 'F', 'X', 'U')`),
  ],
);

/** Which technologists work a case; an active case's set counts in each one's load. */
export const caseTechnologists = pgTable(
  'case_technologists',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    assignedBy: text('assigned_by').notNull(),
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.caseId, table.username] }),
    index('case_technologists_username_idx').on(table.username, table.caseId),
  ],
);

/** Every stage change of a case, append-only (migration 0004 refuses UPDATE and DELETE). */
export const caseTransitions = pgTable(
  'case_transitions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id),
    fromStage: text('from_stage', { enum: CASE_STAGES }).notNull(),
    toStage: text('to_stage', { enum: CASE_STAGES }).notNull(),
    by: text('by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    reason: text('reason').notNull().default(''),
  },
  (table) => [index('case_transitions_case_idx').on(table.caseId, table.at)],
);

/** Things done about a case ("client notified", "report sent"), on the case or on one transition. */
export const caseActions = pgTable(
  'case_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id),
    transitionId: integer('transition_id').references(() => caseTransitions.id),
    kind: text('kind', { enum: ACTION_KINDS }).notNull(),
    note: text('note').notNull().default(''),
    by: text('by').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('case_actions_case_idx').on(table.caseId, table.at)],
);

/**
 * Handovers between shifts (DESIGN §4 "Staffing and handover"): the case passed from one technologist to
 * another at a moment, the outgoing one's log ending and the incoming one's starting then. Append-only
 * (migration 0010), like the transitions.
 */
export const caseHandovers = pgTable(
  'case_handovers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id),
    fromTechnologist: text('from_technologist').notNull(),
    toTechnologist: text('to_technologist').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    note: text('note').notNull().default(''),
    /** The time logs the handover ended and opened (record items). */
    closedLogId: integer('closed_log_id')
      .notNull()
      .references(() => caseRecordItems.id),
    openedLogId: integer('opened_log_id')
      .notNull()
      .references(() => caseRecordItems.id),
    by: text('by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('case_handovers_case_idx').on(table.caseId, table.at)],
);

/**
 * The call attempts of an event's notification (DESIGN §4 "Orders and critical calls"): append-only (the
 * migration refuses UPDATE and DELETE); the first reached attempt with read-back closes the call.
 * `readBack` null is "unknown": the single call of turn 3 migrated, or one recorded through the event's
 * `notifiedAt`.
 */
export const callAttempts = pgTable(
  'call_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => caseRecordItems.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    contactId: integer('contact_id').notNull(),
    number: text('number').notNull(),
    outcome: text('outcome', { enum: CALL_OUTCOMES }).notNull(),
    readBack: boolean('read_back'),
    reachedName: text('reached_name'),
    note: text('note'),
    by: text('by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('call_attempts_item_idx').on(table.itemId, table.at)],
);

/** The protocol a closed case ran under, copied in the closing transaction (DESIGN §4). */
export const caseProtocolSnapshots = pgTable('case_protocol_snapshots', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => cases.id),
  protocol: jsonb('protocol').$type<ProtocolRevision>(),
  transfer: jsonb('transfer').$type<TransferRevision>(),
  takenBy: text('taken_by').notNull(),
  takenAt: timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A case's clinical records (interpretations, impedances, events, time logs, case notes, billing notes):
 * one item per record, and every edit a new revision of it (DESIGN §4). The stage guards read the latest
 * revisions; the clinical-records issue adds the API that writes them.
 */
export const caseRecordItems = pgTable(
  'case_record_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id),
    kind: text('kind', { enum: CASE_RECORD_KINDS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('case_record_items_case_idx').on(table.caseId, table.kind)],
);

/** The columns of a table of records' latest state: the item, its case and the revision it holds. */
const latestRevisionKey = () => ({
  itemId: integer('item_id')
    .primaryKey()
    .references(() => caseRecordItems.id),
  caseId: integer('case_id')
    .notNull()
    .references(() => cases.id),
  revision: integer('revision').notNull(),
});

/**
 * Each time log as its latest revision has it (DESIGN §4 "time-logs"), kept beside the revisions in the
 * same transaction as each one: the indexed read of what crosses cases (a technologist's running log and
 * overlaps, a case's latest check, billable hours). The revisions stay the record; this is their index.
 */
export const caseTimeLogs = pgTable(
  'case_time_logs',
  {
    ...latestRevisionKey(),
    technologist: text('technologist').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }),
    activity: text('activity', { enum: TIME_LOG_ACTIVITIES }).notNull(),
    billable: boolean('billable').notNull(),
    voided: boolean('voided').notNull(),
  },
  (table) => [
    index('case_time_logs_case_idx').on(table.caseId, table.startAt),
    index('case_time_logs_technologist_idx').on(table.technologist, table.startAt),
    // A case's live logs of an activity with their times, read from the index alone: the board's last check.
    index('case_time_logs_case_activity_idx')
      .on(table.caseId, table.activity, table.endAt, table.startAt)
      .where(sql`not ${table.voided}`),
    // One running log per technologist per case: across cases they monitor several patients at once.
    uniqueIndex('case_time_logs_one_running_idx')
      .on(table.technologist, table.caseId)
      .where(sql`${table.endAt} is null and not ${table.voided}`),
    check('case_time_logs_end_check', sql`${table.endAt} is null or ${table.endAt} > ${table.startAt}`),
  ],
);

export const caseRecordRevisions = pgTable(
  'case_record_revisions',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => caseRecordItems.id),
    revision: integer('revision').notNull(),
    /** The record's fields as of this revision. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    voided: boolean('voided').notNull().default(false),
    voidReason: text('void_reason').notNull().default(''),
    author: text('author').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.itemId, table.revision] }),
    check('case_record_revisions_revision_check', sql`${table.revision} >= 1`),
    // The events of a range of months (notifications, critical calls), by their time as written (ISO text).
    index('case_record_revisions_occurred_at_idx')
      .on(sql`(${table.body}->>'occurredAt')`)
      .where(sql`(${table.body}->>'occurredAt') is not null`),
    // The same, of the event types a notification rule covers only (the critical calls): a month's other
    // events are never read.
    index('case_record_revisions_type_occurred_at_idx')
      .on(sql`(${table.body}->>'type')`, sql`(${table.body}->>'occurredAt')`)
      .where(sql`(${table.body}->>'occurredAt') is not null`),
  ],
);

/** The kinds of records whose latest state `case_record_heads` keeps. */
export const HEADED_RECORD_KINDS = ['events', 'impedances', 'interpretations'] as const;

/**
 * The latest revision of each event, impedance check and interpretation, as the board and the reports read
 * it: its case, whether it is voided, its type (an event's type, an interpretation's kind) and its time (when
 * the event occurred, the impedances were measured, the interpretation was signed; none while unsigned).
 * Kept by a trigger on `case_record_revisions` in the transaction that writes each revision (migration 0025),
 * so every writer (the API, the hospital interfaces, a restore, the large seed) keeps it. The revisions stay
 * the record; this is their index.
 */
export const caseRecordHeads = pgTable(
  'case_record_heads',
  {
    ...latestRevisionKey(),
    kind: text('kind', { enum: HEADED_RECORD_KINDS }).notNull(),
    voided: boolean('voided').notNull(),
    type: text('type'),
    at: timestamp('at', { withTimezone: true }),
    /**
     * An event's latest call attempt that closed a call (reached someone, read-back not refused; kept by a
     * trigger on `call_attempts`): its call is open while this is before its time `at`, or null.
     */
    callClosedAt: timestamp('call_closed_at', { withTimezone: true }),
  },
  (table) => [
    // A case's records of one kind by time: its last impedance check, its first signature, its events.
    index('case_record_heads_case_idx').on(table.caseId, table.kind, table.at),
    // The live events of a range of time by type (the critical calls of a month).
    index('case_record_heads_events_idx')
      .on(table.type, table.at)
      .where(sql`${table.kind} = 'events' and not ${table.voided}`),
    // A case's live events whose call no attempt has closed (the board's notifications), read from the index.
    index('case_record_heads_open_calls_idx')
      .on(table.caseId, table.itemId, table.type, table.at)
      .where(
        sql`${table.kind} = 'events' and not ${table.voided} and (${table.callClosedAt} is null or ${table.callClosedAt} < ${table.at})`,
      ),
  ],
);

/**
 * A case's hours per local month of its client (DESIGN §4 "Hours and money"): the union of its stopped
 * billable logs, of all its stopped logs, and its billing notes' adjustments. Derived from the time-log
 * index and the billing notes in the transaction of every write to them (and of a client's time-zone
 * change), so billing and reports sum a few rows per case instead of re-uniting a million logs. A case
 * with a running log is counted live from its logs instead (its hours grow by the minute).
 */
export const caseMonthHours = pgTable(
  'case_month_hours',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id),
    /** YYYY-MM in the client's time zone. */
    month: text('month').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    billableMinutes: integer('billable_minutes').notNull(),
    monitoringMinutes: integer('monitoring_minutes').notNull(),
    adjustMinutes: integer('adjust_minutes').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.caseId, table.month] }),
    index('case_month_hours_client_idx').on(table.clientId, table.month),
    index('case_month_hours_month_idx').on(table.month, table.clientId),
  ],
);

/** Each technologist's hours on a case per local month of its client: the union of their stopped logs. */
export const technologistMonthHours = pgTable(
  'technologist_month_hours',
  {
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id),
    technologist: text('technologist').notNull(),
    month: text('month').notNull(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    minutes: integer('minutes').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.caseId, table.technologist, table.month] }),
    index('technologist_month_hours_month_idx').on(table.month, table.technologist),
    index('technologist_month_hours_client_idx').on(table.clientId, table.month),
  ],
);

/**
 * A client's billing cycle (DESIGN §4 "Billing cycle"): one per client and local month, stored once it
 * gets a rate or a status; until then the month is open with no rate. Closing freezes its figures here
 * and its lines in `billing_cycle_lines`.
 */
export const billingCycles = pgTable(
  'billing_cycles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    month: text('month').notNull(),
    status: text('status', { enum: CYCLE_STATUSES }).notNull().default('open'),
    /** Per hour; numeric, never a float. */
    rate: numeric('rate', { precision: 7, scale: 2 }),
    version: integer('version').notNull().default(1),
    frozenMinutes: integer('frozen_minutes'),
    frozenAdjustMinutes: integer('frozen_adjust_minutes'),
    frozenCases: integer('frozen_cases'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by'),
    invoicedAt: timestamp('invoiced_at', { withTimezone: true }),
    invoicedBy: text('invoiced_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (table) => [
    uniqueIndex('billing_cycles_client_month_unique').on(table.clientId, table.month),
    check('billing_cycles_status_check', sql`${table.status} in ('open', 'closed', 'invoiced')`),
    check('billing_cycles_rate_check', sql`${table.rate} is null or ${table.rate} >= 0`),
    check('billing_cycles_month_check', sql`${table.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('billing_cycles_frozen_check', sql`(${table.status} = 'open') = (${table.frozenMinutes} is null)`),
  ],
);

/** A closed cycle's statement lines as they stood at closing. */
export const billingCycleLines = pgTable(
  'billing_cycle_lines',
  {
    cycleId: integer('cycle_id')
      .notNull()
      .references(() => billingCycles.id),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id),
    line: jsonb('line').$type<BillableCase>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.cycleId, table.caseId] })],
);

/**
 * Cases whose `case_month_hours` must be (re)computed: filled by a migration or a bulk load that adds logs
 * without the write path, emptied at start-up (server/db/caseHours.ts `refreshPendingCaseHours`).
 */
export const caseHoursPending = pgTable('case_hours_pending', {
  caseId: integer('case_id')
    .primaryKey()
    .references(() => cases.id),
});

/** Cases per stage, kept by a trigger on `cases` (migration 0007, hand-written). */
export const caseStageCounts = pgTable('case_stage_counts', {
  stage: text('stage').primaryKey(),
  count: integer('count').notNull(),
});

/** A bug report filed from the app (DESIGN §4 "Bug report"); the reporter and user agent come from the request. */
export const bugReports = pgTable(
  'bug_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    steps: text('steps').notNull().default(''),
    severity: text('severity', { enum: BUG_SEVERITIES }).notNull(),
    pageUrl: text('page_url').notNull().default(''),
    reporter: text('reporter').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    status: text('status', { enum: BUG_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('bug_reports_created_idx').on(table.createdAt),
    index('bug_reports_reporter_idx').on(table.reporter, table.createdAt),
    check('bug_reports_severity_check', sql`${table.severity} in ('low', 'medium', 'high', 'critical')`),
    check('bug_reports_status_check', sql`${table.status} in ('open', 'in-progress', 'resolved')`),
  ],
);

/**
 * Committed changes, written with their NOTIFY by statement triggers (migration 0014, hand-written) in the
 * writing transaction: kept a few minutes so a stream or a listener that lost its connection replays what
 * it missed. One row per kind, case and client per transaction.
 */
export const changeEvents = pgTable(
  'change_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind', { enum: CHANGE_KINDS }).notNull(),
    caseId: integer('case_id'),
    clientId: integer('client_id'),
    /** The one user the change is for (their acknowledgements); null when it is for all who may read it. */
    username: text('username'),
    transactionId: text('transaction_id').notNull().default(sql`pg_current_xact_id()::text`),
  },
  (table) => [
    index('change_events_at_idx').on(table.at),
    unique('change_events_once_per_transaction')
      .on(table.transactionId, table.kind, table.caseId, table.clientId)
      .nullsNotDistinct(),
  ],
);

/**
 * Each user's acknowledged attention items (issue 36), by the item's key: an item is derived from the cases,
 * its acknowledgement is the user's, on every device (a new row publishes an `attention` change for them).
 */
export const attentionAcknowledgements = pgTable(
  'attention_acknowledgements',
  {
    username: text('username').notNull(),
    key: text('key').notNull(),
    caseId: integer('case_id')
      .notNull()
      .references(() => cases.id, { onDelete: 'cascade' }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.username, table.key] }),
    index('attention_acknowledgements_case_idx').on(table.caseId),
  ],
);

// Relations: how the case page's tables join, for drizzle's relational queries (`db.query.cases`).

/**
 * A client's hospital interface (issue 32): who it is on the wire and where its reports go. Secrets (the
 * FHIR bearer token or client secret) are stored AES-256-GCM encrypted, never answered.
 */
export const clientInterfaces = pgTable('client_interfaces', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  inboundEnabled: boolean('inbound_enabled').notNull().default(false),
  sendingApplication: text('sending_application').notNull().default(''),
  sendingFacility: text('sending_facility').notNull().default(''),
  mllpEnabled: boolean('mllp_enabled').notNull().default(false),
  mllpHost: text('mllp_host').notNull().default(''),
  mllpPort: integer('mllp_port'),
  mllpTls: boolean('mllp_tls').notNull().default(false),
  fhirEnabled: boolean('fhir_enabled').notNull().default(false),
  fhirBaseUrl: text('fhir_base_url').notNull().default(''),
  fhirClientId: text('fhir_client_id').notNull().default(''),
  fhirTokenUrl: text('fhir_token_url').notNull().default(''),
  /** `iv.tag.ciphertext`, base64; null when none is set. */
  fhirBearerTokenSealed: text('fhir_bearer_token_sealed'),
  fhirClientSecretSealed: text('fhir_client_secret_sealed'),
  reportKinds: jsonb('report_kinds').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  version: integer('version').notNull().default(1),
  updatedBy: text('updated_by').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The patients a client's ADT feed told us of, one row per MRN (a merge retires the old MRN's row). */
export const interfacePatients = pgTable(
  'interface_patients',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    ...patientIdentityColumns(),
    visitNumber: text('visit_number').notNull().default(''),
    admittedAt: timestamp('admitted_at', { withTimezone: true }),
    dischargedAt: timestamp('discharged_at', { withTimezone: true }),
    /** The MRN this one was merged into (A40); a merged row is kept, not deleted. */
    mergedInto: text('merged_into'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('interface_patients_client_mrn_unique').on(table.clientId, table.mrn),
    index('interface_patients_name_idx').on(table.clientId, sql`lower(${table.lastName})`),
  ],
);

export const INTERFACE_DIRECTIONS = ['in', 'out'] as const;
export const INTERFACE_MESSAGE_STATUSES = [
  'accepted',
  'refused',
  'error',
  'pending',
  'sent',
  'failed',
] as const;

/** Every message in and out (the outbox is the `out` rows still pending), with its raw text. */
export const interfaceMessages = pgTable(
  'interface_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    direction: text('direction', { enum: INTERFACE_DIRECTIONS }).notNull(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /** `ADT^A01`, `ORU^R01`, `DiagnosticReport`. */
    messageType: text('message_type').notNull(),
    /** `mllp` or `fhir`. */
    transport: text('transport').notNull(),
    controlId: text('control_id').notNull().default(''),
    status: text('status', { enum: INTERFACE_MESSAGE_STATUSES }).notNull(),
    ackCode: text('ack_code'),
    ackText: text('ack_text'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    caseId: integer('case_id').references(() => cases.id, { onDelete: 'set null' }),
    rawText: text('raw_text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A control id is applied once per sender: the repeat finds the first and its acknowledgement.
    uniqueIndex('interface_messages_inbound_control_unique')
      .on(table.clientId, table.controlId)
      .where(sql`${table.direction} = 'in' and ${table.status} = 'accepted'`),
    index('interface_messages_outbox_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('interface_messages_created_idx').on(table.createdAt, table.id),
  ],
);

export const clientsRelations = relations(clients, ({ many }) => ({ cases: many(cases) }));

export const casesRelations = relations(cases, ({ one, many }) => ({
  client: one(clients, { fields: [cases.clientId], references: [clients.id] }),
  patient: one(casePatients),
  technologists: many(caseTechnologists),
  transitions: many(caseTransitions),
  actions: many(caseActions),
  handovers: many(caseHandovers),
  recordItems: many(caseRecordItems),
}));

export const casePatientsRelations = relations(casePatients, ({ one }) => ({
  case: one(cases, { fields: [casePatients.caseId], references: [cases.id] }),
}));

export const caseTechnologistsRelations = relations(caseTechnologists, ({ one }) => ({
  case: one(cases, { fields: [caseTechnologists.caseId], references: [cases.id] }),
}));

export const caseTransitionsRelations = relations(caseTransitions, ({ one, many }) => ({
  case: one(cases, { fields: [caseTransitions.caseId], references: [cases.id] }),
  actions: many(caseActions),
}));

export const caseActionsRelations = relations(caseActions, ({ one }) => ({
  case: one(cases, { fields: [caseActions.caseId], references: [cases.id] }),
  transition: one(caseTransitions, { fields: [caseActions.transitionId], references: [caseTransitions.id] }),
}));

export const caseHandoversRelations = relations(caseHandovers, ({ one }) => ({
  case: one(cases, { fields: [caseHandovers.caseId], references: [cases.id] }),
}));

export const caseRecordItemsRelations = relations(caseRecordItems, ({ one, many }) => ({
  case: one(cases, { fields: [caseRecordItems.caseId], references: [cases.id] }),
  revisions: many(caseRecordRevisions),
}));

export const caseRecordRevisionsRelations = relations(caseRecordRevisions, ({ one }) => ({
  item: one(caseRecordItems, { fields: [caseRecordRevisions.itemId], references: [caseRecordItems.id] }),
}));
