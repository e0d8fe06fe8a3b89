import { z } from 'zod';
import type { FieldError } from './envelope';
import { instant } from './fields';

/**
 * The ACNS Standardized Critical Care EEG Terminology (2021) as structured, optional fields of an
 * interpretation, beside its free-text sections (DESIGN §4 "Reading, reporting and billing"). Every field
 * may be left out (null); what is given is checked, and reads back in the ACNS abbreviations
 * ("LPD+F, frequent, 1 Hz") on screen, in print and in CSV.
 */

export const CONTINUITY = [
  'continuous',
  'nearly continuous',
  'discontinuous',
  'burst-suppression',
  'burst-attenuation',
  'suppression',
] as const;
export const SYMMETRY = ['symmetric', 'mild asymmetry', 'marked asymmetry'] as const;
export const REACTIVITY = ['reactive', 'unreactive', 'SIRPIDs only', 'unclear'] as const;
export const VOLTAGE = ['normal', 'low', 'suppressed'] as const;
export const SLEEP_TRANSIENTS = ['normal', 'abnormal', 'absent'] as const;

/** Main term 1, where the pattern is: generalized, lateralized, bilateral independent, unilateral independent, multifocal. */
export const MAIN_TERM_1 = ['G', 'L', 'BI', 'UI', 'Mf'] as const;
/** Main term 2, what it is: periodic discharges, rhythmic delta activity, spike-and-wave. */
export const MAIN_TERM_2 = ['PD', 'RDA', 'SW'] as const;
/** Prevalence, the share of the record the pattern takes, most first. */
export const PREVALENCE = ['continuous', 'abundant', 'frequent', 'occasional', 'rare'] as const;
export const PREVALENCE_RANGES: Record<(typeof PREVALENCE)[number], string> = {
  continuous: '≥ 90 %',
  abundant: '50–89 %',
  frequent: '10–49 %',
  occasional: '1–9 %',
  rare: '< 1 %',
};
/** Plus modifiers: superimposed fast activity (+F), rhythmic activity (+R, periodic discharges), sharp waves or spikes (+S, rhythmic delta). */
export const PLUS_MODIFIERS = ['F', 'R', 'S'] as const;
export const EVOLUTION = ['evolving', 'fluctuating', 'static'] as const;

/** Electrographic and electroclinical seizures and status, brief potentially ictal rhythmic discharges, the ictal-interictal continuum. */
export const SEIZURE_CLASSES = ['ESz', 'ECSz', 'ESE', 'ECSE', 'BIRDs', 'IIC'] as const;
export const LATERALIZATION = ['left', 'right', 'bilateral', 'generalized'] as const;

/** A choice among `values`; null (or left out) when not stated. */
function choice<const T extends readonly [string, ...string[]]>(label: string, values: T) {
  return z
    .enum(values, { error: `${label} must be one of: ${values.join(', ')}` })
    .nullish()
    .transform((value) => value ?? null);
}

/** A number within a range, with its unit; null (or left out) when not stated. */
function measure(label: string, min: number, max: number, unit: string) {
  const range = `${label} must be a number from ${min} to ${max} ${unit}`;
  return z
    .number({ error: range })
    .min(min, range)
    .max(max, range)
    .nullish()
    .transform((value) => value ?? null);
}

export const acnsBackgroundSchema = z
  .object({
    /** The posterior dominant rhythm's frequency… */
    pdrHz: measure('Posterior dominant rhythm', 1, 20, 'Hz'),
    /** …or none seen. */
    pdrAbsent: z.boolean({ error: 'PDR absent must be true or false' }).default(false),
    continuity: choice('Continuity', CONTINUITY),
    symmetry: choice('Symmetry', SYMMETRY),
    reactivity: choice('Reactivity', REACTIVITY),
    voltage: choice('Voltage', VOLTAGE),
    sleepTransients: choice('Sleep transients', SLEEP_TRANSIENTS),
  })
  .refine((background) => !(background.pdrAbsent && background.pdrHz !== null), {
    path: ['pdrHz'],
    message: 'Give the posterior dominant rhythm in Hz or mark it absent, not both',
  });
export type AcnsBackground = z.infer<typeof acnsBackgroundSchema>;

/** Which plus modifiers a main term 2 takes (ACNS 2021: +R only on PDs, +S only on RDA, none on SW). */
const PLUS_ALLOWED: Record<(typeof MAIN_TERM_2)[number], readonly (typeof PLUS_MODIFIERS)[number][]> = {
  PD: ['F', 'R'],
  RDA: ['F', 'S'],
  SW: [],
};

export const acnsPatternSchema = z
  .object({
    mainTerm1: z.enum(MAIN_TERM_1, { error: `Main term 1 is required: one of ${MAIN_TERM_1.join(', ')}` }),
    mainTerm2: z.enum(MAIN_TERM_2, { error: `Main term 2 is required: one of ${MAIN_TERM_2.join(', ')}` }),
    prevalence: choice('Prevalence', PREVALENCE),
    frequencyHz: measure('Frequency', 0.1, 10, 'Hz'),
    plus: z
      .array(z.enum(PLUS_MODIFIERS, { error: 'Plus modifiers are F, R and S' }), {
        error: 'Plus modifiers must be a list of F, R and S',
      })
      .max(PLUS_MODIFIERS.length)
      .refine((plus) => new Set(plus).size === plus.length, 'Give each plus modifier once')
      .nullish()
      .transform((plus) => PLUS_MODIFIERS.filter((modifier) => plus?.includes(modifier))),
    evolution: choice('Evolution', EVOLUTION),
    stimulusInduced: z.boolean({ error: 'Stimulus-induced must be true or false' }).default(false),
  })
  .superRefine((pattern, context) => {
    const allowed = PLUS_ALLOWED[pattern.mainTerm2];
    const wrong = pattern.plus.filter((modifier) => !allowed.includes(modifier));
    if (wrong.length > 0)
      context.addIssue({
        code: 'custom',
        path: ['plus'],
        message: allowed.length
          ? `${pattern.mainTerm2} takes ${allowed.map((modifier) => `+${modifier}`).join(' or ')}, not ${wrong.map((modifier) => `+${modifier}`).join(', ')}`
          : `${pattern.mainTerm2} takes no plus modifier`,
      });
  });
export type AcnsPattern = z.infer<typeof acnsPatternSchema>;

/** Seizures last up to a week in one record (a status epilepticus): longer is a typing slip. */
const MAX_SEIZURE_SECONDS = 7 * 24 * 3600;

export const acnsSeizureSchema = z.object({
  class: z.enum(SEIZURE_CLASSES, {
    error: `Seizure class is required: one of ${SEIZURE_CLASSES.join(', ')}`,
  }),
  onset: instant('Onset')
    .nullish()
    .transform((value) => value ?? null),
  /** In tenths of a second at most: BIRDs last from half a second (ACNS 2021). */
  durationSeconds: z
    .number({ error: 'Duration must be a number of seconds' })
    .multipleOf(0.1, 'Duration must be given to a tenth of a second at most')
    .min(0.5, 'Duration must be at least 0.5 second')
    .max(MAX_SEIZURE_SECONDS, 'Duration must be at most 7 days (604,800 seconds)')
    .nullish()
    .transform((value) => value ?? null),
  lateralization: choice('Lateralization', LATERALIZATION),
});
export type AcnsSeizure = z.infer<typeof acnsSeizureSchema>;

/** The structured fields an interpretation takes (all optional). */
export const acnsFields = {
  acnsBackground: acnsBackgroundSchema.nullish().transform((value) => value ?? null),
  patterns: z
    .array(acnsPatternSchema, { error: 'Patterns must be a list' })
    .max(20, 'At most 20 patterns')
    .nullish()
    .transform((value) => value ?? []),
  acnsSeizures: z
    .array(acnsSeizureSchema, { error: 'Seizures must be a list' })
    .max(200, 'At most 200 seizures: give the burden instead')
    .nullish()
    .transform((value) => value ?? []),
  /** The share of the period in seizure, in %. */
  seizureBurdenPercent: measure('Seizure burden', 0, 100, '%'),
};

/** The structured fields on their own, e.g. to write them whole into seeded interpretations. */
export const acnsFindingsSchema = z.object(acnsFields);

// ACNS 2021 definitions (DESIGN §4, round three): what a term means bounds what may be recorded under it

/** Rhythmic delta activity is 0.5–4 Hz; faster rhythmic activity is not RDA. */
const RDA_HZ = { min: 0.5, max: 4 } as const;
/** An electrographic seizure lasts at least 10 s; BIRDs last 0.5 s to under 10 s. */
const SEIZURE_MIN_SECONDS = 10;
const BIRDS_SECONDS = { min: 0.5, below: 10 } as const;
/** Status: at least 10 continuous minutes, or a seizure burden of at least 20 % of an hour. */
const STATUS_MIN_SECONDS = 10 * 60;
const STATUS_MIN_BURDEN_PERCENT = 20;

export const ACNS_DEFINITIONS = {
  rda: `RDA is ${RDA_HZ.min}–${RDA_HZ.max} Hz (ACNS 2021)`,
  ESz: `An electrographic seizure (ESz) lasts at least ${SEIZURE_MIN_SECONDS} s (ACNS 2021)`,
  BIRDs: `BIRDs last ${BIRDS_SECONDS.min} s to under ${BIRDS_SECONDS.below} s (ACNS 2021)`,
  ESE: `Electrographic status epilepticus (ESE) lasts at least 10 continuous minutes or takes at least ${STATUS_MIN_BURDEN_PERCENT} % of an hour (seizure burden) (ACNS 2021)`,
  ECSE: `Electroclinical status epilepticus (ECSE) lasts at least 10 continuous minutes (5 when convulsive) or takes at least ${STATUS_MIN_BURDEN_PERCENT} % of an hour (seizure burden) (ACNS 2021)`,
} as const;

/**
 * The convulsive ECSE's shorter threshold. The record has no convulsive mark, so ECSE is accepted from
 * 5 minutes: a convulsive status may be that short, and refusing it would lose a true record; a
 * nonconvulsive ECSE between 5 and 10 minutes is the reader's word to keep.
 */
const CONVULSIVE_STATUS_MIN_SECONDS = 5 * 60;

/** Whether a seizure of this class and duration meets its definition, given the period's burden. */
function seizureMeetsDefinition(seizure: AcnsSeizure, burdenPercent: number | null): boolean {
  const seconds = seizure.durationSeconds;
  if (seconds === null) return true;
  const statusByBurden = burdenPercent !== null && burdenPercent >= STATUS_MIN_BURDEN_PERCENT;
  switch (seizure.class) {
    case 'ESz':
      return seconds >= SEIZURE_MIN_SECONDS;
    case 'BIRDs':
      return seconds >= BIRDS_SECONDS.min && seconds < BIRDS_SECONDS.below;
    case 'ESE':
      return seconds >= STATUS_MIN_SECONDS || statusByBurden;
    case 'ECSE':
      return seconds >= CONVULSIVE_STATUS_MIN_SECONDS || statusByBurden;
    default:
      return true;
  }
}

/**
 * Where the findings stray from the ACNS 2021 definitions, one error per field with its path into the lists
 * (`patterns.0.frequencyHz`) and the definition as the message. Pure: the server refuses with it (400) and
 * the browser's form shows the same messages inline.
 */
export function acnsDefinitionErrors(
  findings: Pick<AcnsFindings, 'patterns' | 'acnsSeizures' | 'seizureBurdenPercent'>,
): FieldError[] {
  const errors: FieldError[] = [];
  findings.patterns.forEach((pattern, index) => {
    const hz = pattern.frequencyHz;
    if (pattern.mainTerm2 === 'RDA' && hz !== null && (hz < RDA_HZ.min || hz > RDA_HZ.max))
      errors.push({ field: `patterns.${index}.frequencyHz`, message: ACNS_DEFINITIONS.rda });
  });
  findings.acnsSeizures.forEach((seizure, index) => {
    if (!seizureMeetsDefinition(seizure, findings.seizureBurdenPercent))
      errors.push({
        field: `acnsSeizures.${index}.durationSeconds`,
        message: ACNS_DEFINITIONS[seizure.class as keyof typeof ACNS_DEFINITIONS],
      });
  });
  return errors;
}

// Seizures in this period (DESIGN §4, round three): the reader's yes/no agrees with the seizure entries

/** The classes that are seizures; BIRDs and the ictal-interictal continuum (IIC) are not (ACNS 2021). */
export const SEIZURE_ENTRY_CLASSES = ['ESz', 'ECSz', 'ESE', 'ECSE'] as const;
const SEIZURE_ENTRY_WORDS: Record<(typeof SEIZURE_ENTRY_CLASSES)[number], string> = {
  ESz: 'an electrographic seizure',
  ECSz: 'an electroclinical seizure',
  ESE: 'an electrographic status epilepticus',
  ECSE: 'an electroclinical status epilepticus',
};
const isSeizureEntry = (
  seizure: Pick<AcnsSeizure, 'class'>,
): seizure is { class: (typeof SEIZURE_ENTRY_CLASSES)[number] } =>
  (SEIZURE_ENTRY_CLASSES as readonly string[]).includes(seizure.class);

/** The answer to "seizures in this period" that the seizure entries give: yes when one is a seizure. */
export const listsASeizure = (seizures: readonly Pick<AcnsSeizure, 'class'>[]) =>
  seizures.some(isSeizureEntry);

/**
 * Why the answer to "seizures in this period" disagrees with the seizure entries, or undefined when it
 * agrees or is not given: yes needs an ESz, ECSz, ESE or ECSE among them, no needs none. Pure: the server
 * refuses a signature with it and the browser shows the same words.
 */
export function seizuresAnswerDisagreement(
  answer: boolean | null | undefined,
  seizures: readonly Pick<AcnsSeizure, 'class'>[],
): string | undefined {
  if (answer === null || answer === undefined) return undefined;
  const first = seizures.find(isSeizureEntry);
  if (!answer && first)
    return `The findings list ${SEIZURE_ENTRY_WORDS[first.class]} (${first.class}): answer yes, or remove the seizure`;
  if (answer && !first)
    return `The findings list no seizure (${SEIZURE_ENTRY_CLASSES.join(', ')}): add it to the findings, or answer no`;
  return undefined;
}

// Abbreviations

/** "SI-LPD+F, frequent, 1 Hz, evolving". */
export function patternAbbreviation(pattern: AcnsPattern): string {
  const plus = pattern.plus.length ? `+${pattern.plus.join('')}` : '';
  const term = `${pattern.stimulusInduced ? 'SI-' : ''}${pattern.mainTerm1}${pattern.mainTerm2}${plus}`;
  const frequency = pattern.frequencyHz === null ? null : `${pattern.frequencyHz} Hz`;
  return [term, pattern.prevalence, frequency, pattern.evolution].filter(Boolean).join(', ');
}

/** "1 min 30 s", "2 h 5 min". */
export function formatSeconds(seconds: number): string {
  const [hours, minutes, rest] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  return [hours && `${hours} h`, minutes && `${minutes} min`, rest && `${rest} s`].filter(Boolean).join(' ');
}

/** "ESz, left, onset 24 Nov 03:12, 1 min 30 s"; times read in the case's zone through `time`. */
export function seizureAbbreviation(seizure: AcnsSeizure, time: (at: string) => string): string {
  return [
    seizure.class,
    seizure.lateralization,
    seizure.onset && `onset ${time(seizure.onset)}`,
    seizure.durationSeconds && formatSeconds(seizure.durationSeconds),
  ]
    .filter(Boolean)
    .join(', ');
}

/** "PDR 8 Hz; continuous; symmetric; reactive; normal voltage; sleep transients normal". */
export function backgroundAbbreviation(background: AcnsBackground | null): string {
  if (!background) return '';
  return [
    background.pdrAbsent ? 'PDR absent' : background.pdrHz !== null && `PDR ${background.pdrHz} Hz`,
    background.continuity,
    background.symmetry,
    background.reactivity,
    background.voltage && `${background.voltage} voltage`,
    background.sleepTransients && `sleep transients ${background.sleepTransients}`,
  ]
    .filter(Boolean)
    .join('; ');
}

/** An interpretation's structured findings, as lines (empty ones left out). */
export interface AcnsFindings {
  acnsBackground: AcnsBackground | null;
  patterns: readonly AcnsPattern[];
  acnsSeizures: readonly AcnsSeizure[];
  seizureBurdenPercent: number | null;
}

const ACNS_PARTS = {
  background: 'Background',
  patterns: 'Rhythmic and periodic patterns',
  seizures: 'Seizures',
  burden: 'Seizure burden',
} as const;
export type AcnsPart = keyof typeof ACNS_PARTS;

/** Each part of the findings in ACNS abbreviations, the empty ones left out; times read through `time`. */
export function acnsLines(
  findings: AcnsFindings,
  time: (at: string) => string,
): { part: AcnsPart; label: string; text: string }[] {
  const texts: Record<AcnsPart, string> = {
    background: backgroundAbbreviation(findings.acnsBackground),
    patterns: findings.patterns.map(patternAbbreviation).join('; '),
    seizures: findings.acnsSeizures.map((seizure) => seizureAbbreviation(seizure, time)).join('; '),
    burden: findings.seizureBurdenPercent === null ? '' : `${findings.seizureBurdenPercent} %`,
  };
  return (Object.keys(ACNS_PARTS) as AcnsPart[])
    .filter((part) => texts[part] !== '')
    .map((part) => ({ part, label: ACNS_PARTS[part], text: texts[part] }));
}

// As the API answers them

const nullableChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).nullable();

export const acnsOutputFields = {
  acnsBackground: z
    .object({
      pdrHz: z.number().nullable(),
      pdrAbsent: z.boolean(),
      continuity: nullableChoice(CONTINUITY),
      symmetry: nullableChoice(SYMMETRY),
      reactivity: nullableChoice(REACTIVITY),
      voltage: nullableChoice(VOLTAGE),
      sleepTransients: nullableChoice(SLEEP_TRANSIENTS),
    })
    .nullable(),
  patterns: z.array(
    z.object({
      mainTerm1: z.enum(MAIN_TERM_1),
      mainTerm2: z.enum(MAIN_TERM_2),
      prevalence: nullableChoice(PREVALENCE),
      frequencyHz: z.number().nullable(),
      plus: z.array(z.enum(PLUS_MODIFIERS)),
      evolution: nullableChoice(EVOLUTION),
      stimulusInduced: z.boolean(),
    }),
  ),
  acnsSeizures: z.array(
    z.object({
      class: z.enum(SEIZURE_CLASSES),
      onset: z.iso.datetime().nullable(),
      durationSeconds: z.number().nullable(),
      lateralization: nullableChoice(LATERALIZATION),
    }),
  ),
  seizureBurdenPercent: z.number().nullable(),
};
