import {
  CONTINUITY,
  EVOLUTION,
  LATERALIZATION,
  MAIN_TERM_1,
  MAIN_TERM_2,
  PLUS_MODIFIERS,
  PREVALENCE,
  PREVALENCE_RANGES,
  REACTIVITY,
  SEIZURE_CLASSES,
  SLEEP_TRANSIENTS,
  SYMMETRY,
  VOLTAGE,
} from '../../../../../../contract/acns';

const PLUS_WORDS = { F: 'fast', R: 'rhythmic (PD)', S: 'sharp (RDA)' } as const;

type Choice = { id: string; name: string };

/** Each value as it is written, e.g. for the background's words. */
const asWritten = (values: readonly string[]): Choice[] =>
  values.map((value) => ({ id: value, name: value }));

/** An abbreviation with what it stands for ("LPD" stays "L", read "L: lateralized"). */
const spelledOut = <T extends string>(values: readonly T[], words: Record<T, string>): Choice[] =>
  values.map((value) => ({ id: value, name: `${value}: ${words[value]}` }));

export const ACNS_CHOICES = {
  continuity: asWritten(CONTINUITY),
  symmetry: asWritten(SYMMETRY),
  reactivity: asWritten(REACTIVITY),
  voltage: asWritten(VOLTAGE),
  sleepTransients: asWritten(SLEEP_TRANSIENTS),
  mainTerm1: spelledOut(MAIN_TERM_1, {
    G: 'generalized',
    L: 'lateralized',
    BI: 'bilateral independent',
    UI: 'unilateral independent',
    Mf: 'multifocal',
  }),
  mainTerm2: spelledOut(MAIN_TERM_2, {
    PD: 'periodic discharges',
    RDA: 'rhythmic delta activity',
    SW: 'spike-and-wave',
  }),
  prevalence: PREVALENCE.map((value) => ({ id: value, name: `${value} (${PREVALENCE_RANGES[value]})` })),
  plus: PLUS_MODIFIERS.map((value) => ({ id: value, name: `+${value}: ${PLUS_WORDS[value]}` })),
  evolution: asWritten(EVOLUTION),
  seizureClass: spelledOut(SEIZURE_CLASSES, {
    ESz: 'electrographic seizure',
    ECSz: 'electroclinical seizure',
    ESE: 'electrographic status epilepticus',
    ECSE: 'electroclinical status epilepticus',
    BIRDs: 'brief potentially ictal rhythmic discharges',
    IIC: 'ictal-interictal continuum',
  }),
  lateralization: asWritten(LATERALIZATION),
};
