import type { AcnsBackground, AcnsFindings, AcnsPattern, AcnsSeizure } from './acns';
import type { FieldError } from './envelope';

/**
 * The rules of the ACNS findings (contract/acns holds their schemas): what the 2021 definitions allow under
 * each term, whether the seizure entries agree with the reader's answer, and the abbreviations the findings
 * read back in on screen, in print and in CSV.
 */

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
