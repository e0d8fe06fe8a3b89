import { z } from 'zod';
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

/** An interpretation's structured findings, as the rules read them (contract/acnsRules). */
export interface AcnsFindings {
  acnsBackground: AcnsBackground | null;
  patterns: readonly AcnsPattern[];
  acnsSeizures: readonly AcnsSeizure[];
  seizureBurdenPercent: number | null;
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
