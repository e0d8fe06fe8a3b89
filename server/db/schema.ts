import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CASE_STAGES } from '../../contract/cases';
import { type NotificationRule, REVISION_KINDS } from '../../contract/clients';

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
  },
  (table) => [index('audit_log_at_idx').on(table.at), index('audit_log_actor_idx').on(table.actor, table.at)],
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
    author: text('author').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.kind, table.revision] }),
    check('protocol_revisions_kind_check', sql`${table.kind} in ('protocol', 'transfer')`),
    check('protocol_revisions_revision_check', sql`${table.revision} >= 1`),
    check(
      'protocol_revisions_protocol_fields_check',
      sql`${table.kind} = 'transfer' or (${table.notificationRules} is not null and ${table.checkIntervalMinutes} is not null and ${table.impedanceLimitKOhm} is not null and ${table.reportTurnaroundHours} is not null)`,
    ),
  ],
);

/** A monitoring case; issue 3 needs only what a client's case list shows, later issues add the rest. */
export const cases = pgTable(
  'cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseNumber: text('case_number').notNull(),
    // No cascade: a client with cases cannot be deleted.
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id),
    stage: text('stage', { enum: CASE_STAGES }).notNull().default('intake'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cases_case_number_unique').on(table.caseNumber),
    index('cases_client_idx').on(table.clientId, table.createdAt),
  ],
);
