import { z } from 'zod';
import {
  type AcnsFindings,
  type AcnsSeizure,
  acnsDefinitionErrors,
  acnsFields,
  acnsOutputFields,
  seizuresAnswerDisagreement,
} from './acns';
import type { FieldError } from './envelope';
import { idParam, idValue, instant, optionalText, requiredText } from './fields';
import { isValidNotification, NOTIFIED_BEFORE_EVENT, notificationSchema } from './notifications';

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

/** The kinds whose signature needs the answer to "seizures in this period" (DESIGN §4, round three). */
export const SEIZURES_ANSWER_KINDS: readonly (typeof INTERPRETATION_KINDS)[number][] = ['daily', 'final'];

/** What signing an interpretation reads: its kind, the answer and the seizure entries. */
export interface SignedReading {
  kind: (typeof INTERPRETATION_KINDS)[number];
  seizuresInPeriod: boolean | null | undefined;
  acnsSeizures: readonly Pick<AcnsSeizure, 'class'>[];
}

/**
 * Why an interpretation cannot be signed as it stands (400 naming `seizuresInPeriod`), or none: a daily or
 * final report answers "seizures in this period", and any answer agrees with the seizure entries. A draft
 * may disagree (the form warns); the signature may not. Pure: the server and the sign dialog share it.
 */
export function signingErrors(reading: SignedReading): FieldError[] {
  const answer = reading.seizuresInPeriod ?? null;
  if (answer === null && SEIZURES_ANSWER_KINDS.includes(reading.kind))
    return [
      {
        field: 'seizuresInPeriod',
        message: `Answer "seizures in this period" (yes or no) before signing a ${INTERPRETATION_KIND_WORDS[reading.kind]} report`,
      },
    ];
  const disagreement = seizuresAnswerDisagreement(answer, reading.acnsSeizures);
  return disagreement ? [{ field: 'seizuresInPeriod', message: disagreement }] : [];
}

// Impedances

/** The 10–20 positions by their ACNS names (guideline 2: T7/T8/P7/P8 for the old T3/T4/T5/T6). */
export const ELECTRODES_10_20 = [
  'Fp1',
  'Fp2',
  'Fpz',
  'F7',
  'F3',
  'Fz',
  'F4',
  'F8',
  'T7',
  'C3',
  'Cz',
  'C4',
  'T8',
  'P7',
  'P3',
  'Pz',
  'P4',
  'P8',
  'O1',
  'Oz',
  'O2',
] as const;

/** Every electrode an impedance check takes (DESIGN §4 "Electrodes"), in the order summaries list them. */
export const ELECTRODES = [
  ...ELECTRODES_10_20,
  // The inferior 10–10 chain.
  'F9',
  'F10',
  'FT9',
  'FT10',
  'T9',
  'T10',
  'TP9',
  'TP10',
  'P9',
  'P10',
  // Ear and mastoid references.
  'A1',
  'A2',
  'M1',
  'M2',
  'Ref',
  'Gnd',
  'ECG',
] as const;
export type Electrode = (typeof ELECTRODES)[number];

/** The old 10–20 names, accepted and stored (and answered) as the modern one. */
export const ELECTRODE_ALIASES: Readonly<Record<string, Electrode>> = {
  T3: 'T7',
  T4: 'T8',
  T5: 'P7',
  T6: 'P8',
};

const ELECTRODE_NAMES: ReadonlySet<string> = new Set(ELECTRODES);

/** The electrode's modern name (an old alias renamed), or undefined for a name that is no electrode. */
export const modernElectrode = (name: string): Electrode | undefined =>
  ELECTRODE_ALIASES[name] ?? (ELECTRODE_NAMES.has(name) ? (name as Electrode) : undefined);

/** A check's values under the modern names (checks stored before the aliases were renamed, too). */
export const withModernElectrodes = (values: Readonly<Record<string, number>>): Record<string, number> =>
  Object.fromEntries(Object.entries(values).map(([name, kOhm]) => [modernElectrode(name) ?? name, kOhm]));

/** An impedance above the protocol's limit is flagged; one at the limit is not (DESIGN §4 "impedances"). */
export const isOverLimit = (kOhm: number, limitKOhm: number) => kOhm > limitKOhm;

/** The electrodes of a check whose impedance is over the limit, in the check's order. */
export const electrodesOverLimit = (values: Readonly<Record<string, number>>, limitKOhm: number): string[] =>
  Object.entries(values)
    .filter(([, value]) => isOverLimit(value, limitKOhm))
    .map(([electrode]) => electrode);

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

/** Rules across fields, checked on the whole record as it will be stored (after a revision's merge). */
export const RECORD_RULES: Partial<
  Record<GenericRecordKind, (fields: Record<string, unknown>) => { field: string; message: string }[]>
> = {
  interpretations: (fields) => [
    ...(endAfterStart(fields.periodStart as string, fields.periodEnd as string)
      ? []
      : [{ field: 'periodEnd', message: 'The period must end after it starts' }]),
    // DESIGN §4: the ACNS 2021 definitions are validation (lists left out are empty, as the shape defaults them).
    ...acnsDefinitionErrors({
      patterns: (fields.patterns ?? []) as AcnsFindings['patterns'],
      acnsSeizures: (fields.acnsSeizures ?? []) as AcnsFindings['acnsSeizures'],
      seizureBurdenPercent: (fields.seizureBurdenPercent ?? null) as number | null,
    }),
  ],
  events: (fields) => [
    ...(endAfterStart(fields.occurredAt as string, fields.endedAt as string)
      ? []
      : [{ field: 'endedAt', message: 'An event cannot end before it starts' }]),
    ...(fields.notifiedAt && !fields.notifiedContactId
      ? [{ field: 'notifiedContactId', message: 'Name the contact who was notified' }]
      : []),
    ...(typeof fields.notifiedAt === 'string' &&
    typeof fields.occurredAt === 'string' &&
    !isValidNotification(fields.occurredAt, fields.notifiedAt)
      ? [{ field: 'notifiedAt', message: NOTIFIED_BEFORE_EVENT }]
      : []),
  ],
};

/** Record times that may not lie ahead of the server's clock, by more than a clock's skew (DESIGN §4). */
export const RECORD_TIMES: Readonly<Record<string, string>> = {
  measuredAt: 'Measured at',
  occurredAt: 'Occurred at',
  notedAt: 'Noted at',
  notifiedAt: 'Notified at',
  periodStart: 'Period start',
  periodEnd: 'Period end',
};
/** How far ahead of the server's clock a record time may be (a browser's clock differs): time logs too. */
export const FUTURE_SKEW_MINUTES = 5;

/** The record times among `fields` more than `FUTURE_SKEW_MINUTES` after `now`, one error per field. */
export function futureTimeErrors(fields: Record<string, unknown>, now: Date): FieldError[] {
  const latest = now.getTime() + FUTURE_SKEW_MINUTES * 60_000;
  return Object.entries(RECORD_TIMES)
    .filter(([field]) => typeof fields[field] === 'string' && Date.parse(fields[field] as string) > latest)
    .map(([field, label]) => ({
      field,
      message: `${label} cannot be in the future (more than ${FUTURE_SKEW_MINUTES} minutes from now)`,
    }));
}

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

/** `item` with each of `defaults` it lacks (null or missing). */
export function withAnswerDefaults(
  item: Record<string, unknown>,
  defaults: Readonly<Record<string, unknown>>,
) {
  for (const [field, value] of Object.entries(defaults)) item[field] ??= value;
  return item;
}

/** A record as the API answers it: a revision's fields with the revision's facts. */
export function recordSchema<K extends GenericRecordKind>(kind: K) {
  return recordMetaSchema.extend(RECORD_OUTPUTS[kind]);
}
export type RecordItem = z.infer<typeof recordMetaSchema> & Record<string, unknown>;

export const recordParams = z.object({ caseId: idParam('Case id') });
export const recordItemParams = recordParams.extend({ itemId: idParam('Record id') });
