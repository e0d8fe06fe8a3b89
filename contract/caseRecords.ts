import { z } from 'zod';
import { idParam, idValue, instant, optionalText, requiredText } from './fields';

/**
 * A case's clinical records (DESIGN §4 "Per-case records"), named as in the API paths. Each record is an
 * item with revisions: creating it writes revision 1, every edit (and a void) writes the next one, and
 * nothing is ever overwritten. A revision's body holds the fields that change plus `baseRevision`; the
 * other fields carry over from the base revision.
 */
export const CASE_RECORD_KINDS = [
  'interpretations',
  'impedances',
  'events',
  'time-logs',
  'case-notes',
  'billing-notes',
  /** The patient's earlier details: each PUT keeps the details it replaces as a revision (DESIGN §8). */
  'patient-details',
] as const;
export type CaseRecordKind = (typeof CASE_RECORD_KINDS)[number];

const endAfterStart = (start: string | null | undefined, end: string | null | undefined) =>
  !start || !end || end >= start;

// Interpretations

export const INTERPRETATION_KINDS = ['prelim', 'daily', 'final', 'addendum'] as const;
export const INTERPRETATION_STATUSES = ['draft', 'signed'] as const;

const interpretationShape = z.object({
  kind: z.enum(INTERPRETATION_KINDS, { error: 'Choose a kind: prelim, daily, final or addendum' }),
  periodStart: instant('Period start')
    .nullish()
    .transform((value) => value ?? null),
  periodEnd: instant('Period end')
    .nullish()
    .transform((value) => value ?? null),
  background: optionalText('Background', 5000, { multiline: true }),
  sleep: optionalText('Sleep', 5000, { multiline: true }),
  epileptiform: optionalText('Epileptiform activity', 5000, { multiline: true }),
  seizures: optionalText('Seizures', 5000, { multiline: true }),
  impression: optionalText('Impression', 5000, { multiline: true }),
  status: z.enum(INTERPRETATION_STATUSES, { error: 'Status must be draft or signed' }).default('draft'),
});

// Impedances

/** The electrodes of the international 10–20 system (with the ear references). */
export const ELECTRODES_10_20 = [
  'Fp1',
  'Fp2',
  'F7',
  'F3',
  'Fz',
  'F4',
  'F8',
  'T3',
  'C3',
  'Cz',
  'C4',
  'T4',
  'T5',
  'P3',
  'Pz',
  'P4',
  'T6',
  'O1',
  'O2',
  'A1',
  'A2',
] as const;
export type Electrode = (typeof ELECTRODES_10_20)[number];

const kOhm = z
  .number({ error: 'An impedance must be a number of kΩ' })
  .min(0, 'An impedance must be between 0 and 999 kΩ')
  .max(999, 'An impedance must be between 0 and 999 kΩ');

const impedanceShape = z.object({
  measuredAt: instant('Measured at'),
  values: z
    .partialRecord(z.enum(ELECTRODES_10_20, { error: 'Electrodes are named as in the 10–20 system' }), kOhm, {
      error: 'Values must map electrodes to kΩ',
    })
    .refine((values) => Object.keys(values).length > 0, 'Enter at least one electrode'),
  actionTaken: optionalText('Action taken', 2000, { multiline: true }),
});

/** Every record time a revision's body may hold (DESIGN §4: none more than 5 minutes after now). */
export const RECORD_TIME_FIELDS = [
  'start',
  'end',
  'measuredAt',
  'occurredAt',
  'endedAt',
  'notedAt',
  'notifiedAt',
  'periodStart',
  'periodEnd',
] as const;

// Events

export const EVENT_TYPES = [
  'seizure',
  'pushbutton',
  'clinical',
  'medication',
  'artifact',
  'electrode-fix',
  'disconnect',
  'notification',
  'status-epilepticus',
  'electrode-off',
] as const;

const eventShape = z.object({
  occurredAt: instant('Occurred at'),
  endedAt: instant('Ended at')
    .nullish()
    .transform((value) => value ?? null),
  type: z.enum(EVENT_TYPES, { error: `Choose a type: ${EVENT_TYPES.join(', ')}` }),
  description: optionalText('Description', 5000, { multiline: true }),
  notifiedContactId: idValue('Notified contact')
    .nullish()
    .transform((value) => value ?? null),
  notifiedAt: instant('Notified at')
    .nullish()
    .transform((value) => value ?? null),
});

// Case notes

const caseNoteShape = z.object({
  /** Defaults to the moment the note is written. */
  notedAt: instant('Noted at')
    .nullish()
    .transform((value) => value ?? null),
  text: requiredText('Note', 10_000, { multiline: true }),
});

// Billing notes

const billingNoteShape = z.object({
  text: requiredText('Note', 5000, { multiline: true }),
  adjustMinutes: z
    .number({ error: 'Adjustment must be a number of minutes' })
    .int('Adjustment must be whole minutes')
    .min(-44_640, 'Adjustment must be within ±44,640 minutes (31 days)')
    .max(44_640, 'Adjustment must be within ±44,640 minutes (31 days)')
    .default(0),
  month: z
    .string({ error: 'Month is required' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be written YYYY-MM, e.g. 2026-03'),
  settled: z.boolean({ error: 'Settled must be true or false' }).default(false),
});

/** The fields of each kind served by the generic record calls (time logs have their own, richer calls). */
export const RECORD_SHAPES = {
  interpretations: interpretationShape,
  impedances: impedanceShape,
  events: eventShape,
  'case-notes': caseNoteShape,
  'billing-notes': billingNoteShape,
} as const;
export type GenericRecordKind = keyof typeof RECORD_SHAPES;
export const GENERIC_RECORD_KINDS = Object.keys(RECORD_SHAPES) as GenericRecordKind[];
export type RecordFields<K extends GenericRecordKind> = z.infer<(typeof RECORD_SHAPES)[K]>;

/** Rules across fields, checked on the whole record as it will be stored (after a revision's merge). */
export const RECORD_RULES: Partial<
  Record<GenericRecordKind, (fields: Record<string, unknown>) => { field: string; message: string }[]>
> = {
  interpretations: (fields) =>
    endAfterStart(fields.periodStart as string, fields.periodEnd as string)
      ? []
      : [{ field: 'periodEnd', message: 'The period must end after it starts' }],
  events: (fields) => [
    ...(endAfterStart(fields.occurredAt as string, fields.endedAt as string)
      ? []
      : [{ field: 'endedAt', message: 'An event cannot end before it starts' }]),
    ...(fields.notifiedAt && !fields.notifiedContactId
      ? [{ field: 'notifiedContactId', message: 'Name the contact who was notified' }]
      : []),
  ],
};

const baseRevision = z
  .number({ error: 'Base revision is required: send the revision you edited' })
  .int('Base revision must be a whole number')
  .positive('Base revision must be 1 or more');

/** A revision: the fields that change, the revision edited, and optionally a void with its reason. */
export function revisionInputSchema(kind: GenericRecordKind) {
  // One schema per kind; typed as a plain object of fields, which is all the revision's merge needs.
  const shape: z.ZodObject<z.ZodRawShape> = RECORD_SHAPES[kind];
  // A field left out carries over from the base revision: its default (for a new record) must not apply.
  const withoutDefaults = Object.fromEntries(
    Object.entries(shape.shape).map(([field, type]) => [
      field,
      type instanceof z.ZodDefault ? type.unwrap() : type,
    ]),
  );
  return z
    .object(withoutDefaults)
    .partial()
    .extend({
      baseRevision,
      voided: z.boolean({ error: 'Voided must be true or false' }).optional(),
      voidReason: optionalText('Void reason', 1000, { multiline: true }),
    })
    .refine((input) => !input.voided || input.voidReason !== '', {
      path: ['voidReason'],
      message: 'Say why the record is voided',
    });
}

/** What every item of a record list carries besides its fields (DESIGN §4). */
export const recordMetaSchema = z.object({
  _id: z.number().int(),
  revision: z.number().int(),
  author: z.string(),
  createdAt: z.iso.datetime(),
  voided: z.boolean(),
  voidReason: z.string(),
});

const text = z.string();
const moment = z.iso.datetime();

/** Each kind's fields as the API answers them (inputs are trimmed and defaulted on the way in). */
const RECORD_OUTPUTS = {
  interpretations: {
    kind: z.enum(INTERPRETATION_KINDS),
    periodStart: moment.nullable(),
    periodEnd: moment.nullable(),
    background: text,
    sleep: text,
    epileptiform: text,
    seizures: text,
    impression: text,
    status: z.enum(INTERPRETATION_STATUSES),
    /** Set by the server when the interpretation becomes signed. */
    signedBy: z.string().nullable(),
    signedAt: moment.nullable(),
  },
  impedances: {
    measuredAt: moment,
    values: z.record(z.string(), z.number()),
    actionTaken: text,
    /** The electrodes above the protocol's `impedanceLimitKOhm`. */
    overLimit: z.array(z.string()),
  },
  events: {
    occurredAt: moment,
    endedAt: moment.nullable(),
    type: z.enum(EVENT_TYPES),
    description: text,
    notifiedContactId: z.number().int().nullable(),
    notifiedAt: moment.nullable(),
  },
  'case-notes': { notedAt: moment, text },
  'billing-notes': { text, adjustMinutes: z.number().int(), month: text, settled: z.boolean() },
} as const;

/** A record as the API answers it: a revision's fields with the revision's facts. */
export function recordSchema<K extends GenericRecordKind>(kind: K) {
  return recordMetaSchema.extend(RECORD_OUTPUTS[kind]);
}
export type RecordItem = z.infer<typeof recordMetaSchema> & Record<string, unknown>;

export const recordParams = z.object({ caseId: idParam('Case id') });
export const recordItemParams = recordParams.extend({ itemId: idParam('Record id') });
