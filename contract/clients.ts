import { z } from 'zod';
import { billingPeriodStartSchema, DEFAULT_BILLING_PERIOD_START } from './billingPeriods';
import {
  codeText,
  currencyCode,
  email,
  httpUrl,
  idParam,
  MAX_DB_INT,
  optionalText,
  phone,
  requiredText,
  searchText,
  timeZone,
  version,
  versionQuerySchema,
  wholeNumber,
} from './fields';
import { listQuerySchema } from './list';
import { DEFAULT_TURNAROUND_TARGETS, turnaroundTargetsSchema } from './turnaround';

/**
 * The Clients API (spec §7, DESIGN §4): input schemas validate requests and the front end's forms,
 * output schemas describe responses (and the OpenAPI document). Times are ISO-8601 strings in UTC.
 */

const id = z.number().int();
const timestamp = z.iso.datetime();

export const clientIdParams = z.object({ id: idParam('Client id') });

// Clients

export const clientInputSchema = z.object({
  name: requiredText('Name', 200),
  /** Short unique code shown on case numbers and reports; stored uppercase. */
  code: codeText('Code', 12),
  timeZone,
  /** Where the client's billing periods start (DESIGN §4): `recording-start` or a local `HH:MM`. */
  billingPeriodStart: billingPeriodStartSchema.default(DEFAULT_BILLING_PERIOD_START),
  /** ISO 4217 code of the client's statements. */
  currency: currencyCode.default('USD'),
  address: optionalText('Address', 500, { multiline: true }),
  phone,
  isEnabled: z.boolean({ error: 'Enabled must be true or false' }).default(true),
  notes: optionalText('Notes', 5000, { multiline: true }),
});
export type ClientInput = z.infer<typeof clientInputSchema>;

/** A full update; an `isEnabled` left out keeps the client's current state (no silent re-enabling). */
export const clientUpdateSchema = clientInputSchema.extend({
  isEnabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
  // Left out, the billing settings stay as they are: an older form never resets them.
  billingPeriodStart: billingPeriodStartSchema.optional(),
  currency: currencyCode.optional(),
  version,
});
export type ClientUpdate = z.infer<typeof clientUpdateSchema>;

export const clientDeleteQuerySchema = versionQuerySchema;

export const clientSchema = z.object({
  id,
  name: z.string(),
  code: z.string(),
  timeZone: z.string(),
  billingPeriodStart: z.string(),
  currency: z.string(),
  address: z.string(),
  phone: z.string(),
  isEnabled: z.boolean(),
  notes: z.string(),
  version: id,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type Client = z.infer<typeof clientSchema>;

/** For pickers: GET /clients/ids and /clients/ids/enabled. */
export const clientIdNameSchema = z.object({ id, name: z.string() });
export type ClientIdName = z.infer<typeof clientIdNameSchema>;

const CLIENT_SORT_FIELDS = ['name', 'code', 'timeZone', 'isEnabled', 'createdAt', 'updatedAt', 'id'] as const;
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number];

export const clientListQuerySchema = listQuerySchema(CLIENT_SORT_FIELDS, 'name').extend({
  /** Case-insensitive search in name and code. */
  q: searchText('Search', 200),
  isEnabled: z.stringbool({ error: 'isEnabled must be true or false' }).optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;

// Contacts

export const contactParams = clientIdParams.extend({ contactId: idParam('Contact id') });

export const contactInputSchema = z.object({
  name: requiredText('Name', 200),
  role: optionalText('Role', 100),
  phone,
  email,
  /** 1 is called first. */
  escalationOrder: wholeNumber('Escalation order', 1, 99),
  notes: optionalText('Notes', 2000, { multiline: true }),
});

export const contactUpdateSchema = contactInputSchema.extend({ version });

/** What every record kept under a client (contact, useful link) carries besides its own fields. */
const clientChildRecord = z.object({
  _id: id,
  clientId: id,
  version: id,
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const contactSchema = clientChildRecord.extend({
  name: z.string(),
  role: z.string(),
  phone: z.string(),
  email: z.string(),
  escalationOrder: id,
  notes: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

const CONTACT_SORT_FIELDS = ['escalationOrder', 'name', 'role', 'createdAt'] as const;
export type ContactSortField = (typeof CONTACT_SORT_FIELDS)[number];
export const contactListQuerySchema = listQuerySchema(CONTACT_SORT_FIELDS, 'escalationOrder');

// Useful links

export const usefulLinkParams = clientIdParams.extend({ linkId: idParam('Link id') });

export const usefulLinkInputSchema = z.object({
  label: requiredText('Label', 200),
  url: httpUrl('URL'),
  description: optionalText('Description', 1000, { multiline: true }),
});

export const usefulLinkUpdateSchema = usefulLinkInputSchema.extend({ version });

export const usefulLinkSchema = clientChildRecord.extend({
  label: z.string(),
  url: z.string(),
  description: z.string(),
});
export type UsefulLink = z.infer<typeof usefulLinkSchema>;

const USEFUL_LINK_SORT_FIELDS = ['label', 'createdAt'] as const;
export type UsefulLinkSortField = (typeof USEFUL_LINK_SORT_FIELDS)[number];
export const usefulLinkListQuerySchema = listQuerySchema(USEFUL_LINK_SORT_FIELDS, 'label');

// Protocol revisions (append-only; `protocol` and `transfer` each number their own revisions)

export const REVISION_KINDS = ['protocol', 'transfer'] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];

export const NOTIFICATION_TRIGGERS = ['seizure', 'status epilepticus', 'electrode off', 'other'] as const;
export type NotificationTrigger = (typeof NOTIFICATION_TRIGGERS)[number];

export const DEFAULT_IMPEDANCE_LIMIT_KOHM = 10;

const notificationRuleSchema = z.object({
  trigger: z.enum(NOTIFICATION_TRIGGERS, {
    error: 'Choose a trigger: seizure, status epilepticus, electrode off or other',
  }),
  /** Contact ids (`_id`) of this client. */
  notify: z
    .array(z.number().int().positive().max(MAX_DB_INT), { error: 'Choose the contacts to notify' })
    .min(1, 'Choose at least one contact to notify')
    .max(20, 'Notify at most 20 contacts per rule'),
  withinMinutes: wholeNumber('Notify within', 0, 1440, ' minutes'),
});
export type NotificationRule = z.infer<typeof notificationRuleSchema>;

/** The revision the author edited: 0 when the client has none yet. A stale one is refused with 409. */
const baseRevision = z
  .number({ error: 'Base revision is required: send the revision you edited (0 when there is none)' })
  .int('Base revision must be a whole number')
  .nonnegative('Base revision must be 0 or more')
  .max(MAX_DB_INT, 'Base revision is too large');

/** Critical calls: the protocol's minutes before the next contact is due after an unanswered attempt (DESIGN §4). */
export const DEFAULT_ESCALATION_MINUTES = 5;

export const protocolRevisionInputSchema = z.object({
  kind: z.literal('protocol').default('protocol'),
  baseRevision,
  body: requiredText('Protocol text', 50_000, { multiline: true }),
  notificationRules: z.array(notificationRuleSchema).max(20, 'At most 20 notification rules').default([]),
  checkIntervalMinutes: wholeNumber('Check interval', 1, 120, ' minutes'),
  impedanceLimitKOhm: z
    .number({ error: 'Impedance limit must be a number' })
    .positive('Impedance limit must be more than 0 kΩ')
    .max(100, 'Impedance limit must be at most 100 kΩ')
    .default(DEFAULT_IMPEDANCE_LIMIT_KOHM),
  reportTurnaroundHours: wholeNumber('Report turnaround', 1, 168, ' hours'),
  // Orders and critical calls (turn 4): turnaround targets per order priority.
  turnaroundTargets: turnaroundTargetsSchema.default(DEFAULT_TURNAROUND_TARGETS),
  /** Critical calls: minutes before the next contact is due after an unanswered attempt (DESIGN §4). */
  escalationMinutes: wholeNumber('Escalation', 1, 60, ' minutes').default(DEFAULT_ESCALATION_MINUTES),
});

export const transferRevisionInputSchema = z.object({
  kind: z.literal('transfer'),
  baseRevision,
  body: requiredText('Transfer protocol text', 50_000, { multiline: true }),
});

export const revisionInputSchema = z.discriminatedUnion(
  'kind',
  [protocolRevisionInputSchema, transferRevisionInputSchema],
  { error: 'Kind must be protocol or transfer' },
);
export type RevisionInput = z.infer<typeof revisionInputSchema>;

const revisionFields = {
  clientId: id,
  revision: id,
  body: z.string(),
  author: z.string(),
  createdAt: timestamp,
};

export const protocolRevisionSchema = z.object({
  kind: z.literal('protocol'),
  ...revisionFields,
  notificationRules: z.array(notificationRuleSchema),
  checkIntervalMinutes: id,
  impedanceLimitKOhm: z.number(),
  reportTurnaroundHours: id,
  // Orders and critical calls (turn 4): the defaults on revisions written before them.
  turnaroundTargets: turnaroundTargetsSchema,
  escalationMinutes: id,
});
export type ProtocolRevision = z.infer<typeof protocolRevisionSchema>;

export const transferRevisionSchema = z.object({ kind: z.literal('transfer'), ...revisionFields });
export type TransferRevision = z.infer<typeof transferRevisionSchema>;

export const revisionSchema = z.discriminatedUnion('kind', [protocolRevisionSchema, transferRevisionSchema]);
export type Revision = z.infer<typeof revisionSchema>;

const revisionKind = z
  .enum(REVISION_KINDS, { error: 'Kind must be protocol or transfer' })
  .default('protocol');

export const revisionKindQuerySchema = z.object({ kind: revisionKind });
export const revisionListQuerySchema = listQuerySchema(['revision'], 'revision', 'DESC').extend({
  kind: revisionKind,
});
export const revisionParams = clientIdParams.extend({ revision: idParam('Revision') });
