import { z } from 'zod';
import { acnsFields, acnsOutputFields } from './acns';
import { modernElectrode, withModernElectrodes } from './electrodes';
import { idParam, idValue, instant, optionalText, requiredText } from './fields';
import { notificationSchema } from './notifications';

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

// Interpretations

export const INTERPRETATION_KINDS = ['prelim', 'daily', 'final', 'addendum'] as const;
export const INTERPRETATION_STATUSES = ['draft', 'signed'] as const;
/** Each kind as a sentence names it ("the draft daily interpretation"). */
export const INTERPRETATION_KIND_WORDS: Record<(typeof INTERPRETATION_KINDS)[number], string> = {
  prelim: 'preliminary',
  daily: 'daily',
  final: 'final',
  addendum: 'addendum',
};

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
  /** "Seizures in this period": yes, no, or not answered yet (null); signing a daily or final needs it. */
  seizuresInPeriod: z
    .boolean({ error: 'Seizures in this period must be yes (true) or no (false)' })
    .nullish()
    .transform((value) => value ?? null),
  /** The ACNS 2021 terminology, structured beside the free text (DESIGN §4). */
  ...acnsFields,
  status: z.enum(INTERPRETATION_STATUSES, { error: 'Status must be draft or signed' }).default('draft'),
  /** An addendum's signed interpretation of the same case, which it amends (DESIGN §4). */
  amendsId: z
    .number({ error: 'Amends must name an interpretation by its id' })
    .int({ error: 'Amends must name an interpretation by its id' })
    .positive({ error: 'Amends must name an interpretation by its id' })
    .nullish()
    .transform((value) => value ?? null),
});

// Impedances

const kOhm = z
  .number({ error: 'An impedance must be a number of kΩ' })
  .min(0, 'An impedance must be between 0 and 999 kΩ')
  .max(999, 'An impedance must be between 0 and 999 kΩ');

const electrodeValues = z
  .record(z.string(), kOhm, { error: 'Values must map electrodes to kΩ' })
  .superRefine((values, context) => {
    const seen = new Map<string, string>();
    for (const name of Object.keys(values)) {
      const modern = modernElectrode(name);
      if (!modern) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} is not an electrode: use the ACNS names (10–20 with T7/T8/P7/P8, the 10–10 chain, A1/A2, M1/M2, Ref, Gnd, ECG)`,
        });
      } else if (seen.has(modern)) {
        context.addIssue({
          code: 'custom',
          path: [name],
          message: `${name} and ${seen.get(modern)} are the same electrode: enter it once`,
        });
      } else seen.set(modern, name);
    }
  })
  .refine((values) => Object.keys(values).length > 0, 'Enter at least one electrode')
  .transform(withModernElectrodes);

const impedanceShape = z.object({
  measuredAt: instant('Measured at'),
  values: electrodeValues,
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
    seizuresInPeriod: z.boolean().nullable(),
    ...acnsOutputFields,
    status: z.enum(INTERPRETATION_STATUSES),
    /** The signed interpretation an addendum amends; null for the other kinds. */
    amendsId: z.number().int().nullable(),
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
    /** Set by the server when `notifiedAt` is recorded. */
    notifiedBy: z.string().nullable(),
    /** The protocol rule covering the type and how it was met; null when no rule covers the type. */
    notification: notificationSchema.nullable(),
  },
  'case-notes': { notedAt: moment, text },
  'billing-notes': { text, adjustMinutes: z.number().int(), month: text, settled: z.boolean() },
} as const;

/** What an interpretation stored before these fields existed (or before it was signed) answers with. */
export const INTERPRETATION_ANSWER_DEFAULTS = {
  signedBy: null,
  signedAt: null,
  amendsId: null,
  seizuresInPeriod: null,
  acnsBackground: null,
  patterns: [],
  acnsSeizures: [],
  seizureBurdenPercent: null,
} as const;

/** A record as the API answers it: a revision's fields with the revision's facts. */
export function recordSchema<K extends GenericRecordKind>(kind: K) {
  return recordMetaSchema.extend(RECORD_OUTPUTS[kind]);
}
export type RecordItem = z.infer<typeof recordMetaSchema> & Record<string, unknown>;

export const recordParams = z.object({ caseId: idParam('Case id') });
export const recordItemParams = recordParams.extend({ itemId: idParam('Record id') });
