import { describe, expect, it } from 'vitest';
import {
  acnsBackgroundSchema,
  acnsFindingsSchema,
  acnsPatternSchema,
  acnsSeizureSchema,
} from '../../contract/acns';
import {
  ACNS_DEFINITIONS,
  acnsDefinitionErrors,
  acnsLines,
  backgroundAbbreviation,
  formatSeconds,
  patternAbbreviation,
  seizureAbbreviation,
} from '../../contract/acnsRules';
import { RECORD_SHAPES } from '../../contract/caseRecords';
import { RECORD_RULES } from '../../contract/recordRules';

const pattern = (fields: Record<string, unknown>) => acnsPatternSchema.parse(fields);
const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => result.error?.issues.map(({ path, message }) => `${path.join('.')}: ${message}`) ?? [];

describe('ACNS abbreviations', () => {
  it('writes a pattern as ACNS does: main terms, plus modifiers, prevalence, frequency, evolution', () => {
    expect(
      patternAbbreviation(
        pattern({ mainTerm1: 'L', mainTerm2: 'PD', plus: ['F'], prevalence: 'frequent', frequencyHz: 1 }),
      ),
    ).toBe('LPD+F, frequent, 1 Hz');
    expect(
      patternAbbreviation(
        pattern({
          mainTerm1: 'G',
          mainTerm2: 'RDA',
          plus: ['S', 'F'],
          stimulusInduced: true,
          evolution: 'fluctuating',
        }),
      ),
    ).toBe('SI-GRDA+FS, fluctuating');
    expect(patternAbbreviation(pattern({ mainTerm1: 'BI', mainTerm2: 'PD', plus: ['R', 'F'] }))).toBe(
      'BIPD+FR',
    );
    expect(patternAbbreviation(pattern({ mainTerm1: 'Mf', mainTerm2: 'SW', frequencyHz: 2.5 }))).toBe(
      'MfSW, 2.5 Hz',
    );
  });

  it('writes a seizure with its side, onset in the given clock and duration', () => {
    const seizure = acnsSeizureSchema.parse({
      class: 'ESz',
      lateralization: 'left',
      onset: '2026-11-24T08:12:00Z',
      durationSeconds: 90,
    });
    expect(seizureAbbreviation(seizure, (at) => `[${at}]`)).toBe(
      'ESz, left, onset [2026-11-24T08:12:00.000Z], 1 min 30 s',
    );
    expect(seizureAbbreviation(acnsSeizureSchema.parse({ class: 'IIC' }), String)).toBe('IIC');
    expect(formatSeconds(7_505)).toBe('2 h 5 min 5 s');
  });

  it('writes the background in reading order, and says an absent PDR', () => {
    const background = acnsBackgroundSchema.parse({
      pdrAbsent: true,
      continuity: 'burst-suppression',
      symmetry: 'symmetric',
      reactivity: 'unreactive',
      voltage: 'low',
      sleepTransients: 'absent',
    });
    expect(backgroundAbbreviation(background)).toBe(
      'PDR absent; burst-suppression; symmetric; unreactive; low voltage; sleep transients absent',
    );
    expect(backgroundAbbreviation(acnsBackgroundSchema.parse({ pdrHz: 8 }))).toBe('PDR 8 Hz');
    // A PDR neither measured nor marked absent is not mentioned.
    expect(backgroundAbbreviation(acnsBackgroundSchema.parse({ continuity: 'continuous' }))).toBe(
      'continuous',
    );
    expect(backgroundAbbreviation(null)).toBe('');
  });

  it('writes each part on one line, its patterns and seizures apart, a burden of 0 % included', () => {
    const fields = RECORD_SHAPES.interpretations.parse({
      kind: 'daily',
      patterns: [
        { mainTerm1: 'L', mainTerm2: 'PD' },
        { mainTerm1: 'G', mainTerm2: 'RDA' },
      ],
      acnsSeizures: [{ class: 'ESz', durationSeconds: 20 }, { class: 'BIRDs' }],
      seizureBurdenPercent: 0,
    });
    expect(acnsLines(fields, String).map(({ part, text }) => `${part}: ${text}`)).toEqual([
      'patterns: LPD; GRDA',
      'seizures: ESz, 20 s; BIRDs',
      'burden: 0 %',
    ]);
    expect(acnsLines({ ...fields, seizureBurdenPercent: null }, String).map(({ part }) => part)).toEqual([
      'patterns',
      'seizures',
    ]);
  });

  it('lists only the parts that say something', () => {
    const fields = RECORD_SHAPES.interpretations.parse({
      kind: 'daily',
      patterns: [{ mainTerm1: 'L', mainTerm2: 'RDA', prevalence: 'rare' }],
      seizureBurdenPercent: 12.5,
    });
    expect(acnsLines(fields, String)).toEqual([
      { part: 'patterns', label: 'Rhythmic and periodic patterns', text: 'LRDA, rare' },
      { part: 'burden', label: 'Seizure burden', text: '12.5 %' },
    ]);
  });
});

describe('ACNS validation', () => {
  it('leaves every ACNS field optional', () => {
    const fields = RECORD_SHAPES.interpretations.parse({ kind: 'final' });
    expect(fields).toMatchObject({
      acnsBackground: null,
      patterns: [],
      acnsSeizures: [],
      seizureBurdenPercent: null,
    });
  });

  it('refuses plus modifiers a main term does not take, saying which it takes', () => {
    expect(
      messagesOf(acnsPatternSchema.safeParse({ mainTerm1: 'L', mainTerm2: 'RDA', plus: ['R'] })),
    ).toEqual(['plus: RDA takes +F or +S, not +R']);
    expect(messagesOf(acnsPatternSchema.safeParse({ mainTerm1: 'G', mainTerm2: 'SW', plus: ['F'] }))).toEqual(
      ['plus: SW takes no plus modifier'],
    );
    expect(
      messagesOf(acnsPatternSchema.safeParse({ mainTerm1: 'L', mainTerm2: 'PD', plus: ['F', 'F'] })),
    ).toEqual(['plus: Give each plus modifier once']);
  });

  it('names every failing field of a whole interpretation, with the path into its lists', () => {
    const result = RECORD_SHAPES.interpretations.safeParse({
      kind: 'final',
      acnsBackground: { pdrHz: 8, pdrAbsent: true, continuity: 'mostly' },
      patterns: [{ mainTerm1: 'X', mainTerm2: 'PD', frequencyHz: 40 }],
      acnsSeizures: [{ class: 'ESz', durationSeconds: 10.25 }],
      seizureBurdenPercent: 120,
    });
    expect(messagesOf(result)).toEqual([
      'acnsBackground.continuity: Continuity must be one of: continuous, nearly continuous, discontinuous, burst-suppression, burst-attenuation, suppression',
      'patterns.0.mainTerm1: Main term 1 is required: one of G, L, BI, UI, Mf',
      'patterns.0.frequencyHz: Frequency must be a number from 0.1 to 10 Hz',
      'acnsSeizures.0.durationSeconds: Duration must be given to a tenth of a second at most',
      'seizureBurdenPercent: Seizure burden must be a number from 0 to 100 %',
    ]);
    expect(messagesOf(acnsBackgroundSchema.safeParse({ pdrHz: 8, pdrAbsent: true }))).toEqual([
      'pdrHz: Give the posterior dominant rhythm in Hz or mark it absent, not both',
    ]);
  });
});

describe('ACNS 2021 definitions', () => {
  /** The definition errors of findings as written (defaults filled as the API fills them). */
  const errorsOf = (findings: Record<string, unknown>) =>
    acnsDefinitionErrors(acnsFindingsSchema.parse(findings)).map(
      ({ field, message }) => `${field}: ${message}`,
    );
  const rda = (frequencyHz: number) => ({ mainTerm1: 'G', mainTerm2: 'RDA', frequencyHz });
  const seizure = (kind: string, durationSeconds: number) => ({ class: kind, durationSeconds });

  it('holds rhythmic delta activity to 0.5–4 Hz, and no other pattern to it', () => {
    expect(errorsOf({ patterns: [rda(6), rda(0.4), rda(0.5), rda(4)] })).toEqual([
      'patterns.0.frequencyHz: RDA is 0.5–4 Hz (ACNS 2021)',
      'patterns.1.frequencyHz: RDA is 0.5–4 Hz (ACNS 2021)',
    ]);
    expect(errorsOf({ patterns: [{ mainTerm1: 'L', mainTerm2: 'PD', frequencyHz: 6 }, rda(4.1)] })).toEqual([
      `patterns.1.frequencyHz: ${ACNS_DEFINITIONS.rda}`,
    ]);
  });

  it('holds an ESz to at least 10 s and BIRDs to 0.5 s up to (not including) 10 s', () => {
    expect(
      errorsOf({
        acnsSeizures: [
          seizure('ESz', 5),
          seizure('ESz', 10),
          seizure('BIRDs', 15),
          seizure('BIRDs', 10),
          seizure('BIRDs', 9.9),
          seizure('BIRDs', 0.5),
          seizure('ECSz', 2),
          seizure('IIC', 2),
        ],
      }),
    ).toEqual([
      'acnsSeizures.0.durationSeconds: An electrographic seizure (ESz) lasts at least 10 s (ACNS 2021)',
      'acnsSeizures.2.durationSeconds: BIRDs last 0.5 s to under 10 s (ACNS 2021)',
      'acnsSeizures.3.durationSeconds: BIRDs last 0.5 s to under 10 s (ACNS 2021)',
    ]);
    // Half a second is the shortest duration a seizure entry takes at all.
    expect(messagesOf(acnsSeizureSchema.safeParse(seizure('BIRDs', 0.4)))).toEqual([
      'durationSeconds: Duration must be at least 0.5 second',
    ]);
  });

  it('holds status to 10 continuous minutes or a burden of 20 % (ECSE from 5 minutes, as when convulsive)', () => {
    const statuses = [seizure('ESE', 120), seizure('ESE', 599), seizure('ESE', 600), seizure('ECSE', 299)];
    expect(errorsOf({ acnsSeizures: [...statuses, seizure('ECSE', 300)] })).toEqual([
      `acnsSeizures.0.durationSeconds: ${ACNS_DEFINITIONS.ESE}`,
      `acnsSeizures.1.durationSeconds: ${ACNS_DEFINITIONS.ESE}`,
      `acnsSeizures.3.durationSeconds: ${ACNS_DEFINITIONS.ECSE}`,
    ]);
    expect(errorsOf({ acnsSeizures: statuses, seizureBurdenPercent: 19.9 })).toHaveLength(3);
    expect(errorsOf({ acnsSeizures: statuses, seizureBurdenPercent: 20 })).toEqual([]);
    // A status with no duration given is not judged.
    expect(errorsOf({ acnsSeizures: [{ class: 'ESE' }] })).toEqual([]);
  });

  it('does not judge an RDA with no frequency given, and holds BIRDs to half a second even past the schema', () => {
    expect(errorsOf({ patterns: [{ mainTerm1: 'G', mainTerm2: 'RDA' }] })).toEqual([]);
    // Findings the rules read from elsewhere than a parsed request (a stored record, generated data).
    expect(
      acnsDefinitionErrors({
        patterns: [],
        acnsSeizures: [{ class: 'BIRDs', onset: null, durationSeconds: 0.4, lateralization: null }],
        seizureBurdenPercent: null,
      }),
    ).toEqual([{ field: 'acnsSeizures.0.durationSeconds', message: ACNS_DEFINITIONS.BIRDs }]);
  });

  it('is part of an interpretation’s rules, as the server and the form check them', () => {
    const fields = RECORD_SHAPES.interpretations.parse({ kind: 'daily', patterns: [rda(6)] });
    expect(RECORD_RULES.interpretations?.(fields)).toEqual([
      { field: 'patterns.0.frequencyHz', message: 'RDA is 0.5–4 Hz (ACNS 2021)' },
    ]);
  });
});
