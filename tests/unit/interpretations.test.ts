import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SEIZURE_CLASSES } from '../../contract/acns';
import { listsASeizure, SEIZURE_ENTRY_CLASSES, seizuresAnswerDisagreement } from '../../contract/acnsRules';
import { INTERPRETATION_KINDS } from '../../contract/caseRecords';
import { signingErrors } from '../../contract/signing';
import {
  type InterpretationState,
  type InterpretationWrite,
  interpretationRefusal,
  reportPeriodRefusal,
} from '../../server/domain/interpretations';

const state = (itemId: number, overrides: Partial<InterpretationState> = {}): InterpretationState => ({
  itemId,
  kind: 'daily',
  status: 'draft',
  voided: false,
  amendsId: null,
  ...overrides,
});
const write = (next: Partial<InterpretationWrite['next']>, itemId?: number): InterpretationWrite => ({
  itemId,
  next: { kind: 'daily', status: 'draft', voided: false, amendsId: null, ...next },
});

describe('one coherent report of interpretations (DESIGN §4)', () => {
  const signedFinal = state(1, { kind: 'final', status: 'signed' });
  const signedPrelim = state(2, { kind: 'prelim', status: 'signed' });

  it('never voids nor edits a signed interpretation, naming its kind', () => {
    expect(interpretationRefusal([signedPrelim], write({ kind: 'prelim', voided: true }, 2))).toEqual({
      status: 409,
      message: 'A signed preliminary interpretation is never voided: add an addendum to correct it',
    });
    expect(interpretationRefusal([signedFinal], write({ kind: 'final', status: 'signed' }, 1))).toEqual({
      status: 409,
      message: 'A signed final interpretation is changed only by an addendum',
    });
  });

  it('lets a draft be edited or voided, and a voided signed one be left as it is', () => {
    expect(interpretationRefusal([state(3)], write({ status: 'draft' }, 3))).toBeUndefined();
    expect(interpretationRefusal([state(3)], write({ voided: true }, 3))).toBeUndefined();
    const voidedSigned = state(4, { status: 'signed', voided: true });
    expect(interpretationRefusal([voidedSigned], write({ voided: true }, 4))).toBeUndefined();
  });

  it('voids a draft final even beside another final', () => {
    const draftFinal = state(5, { kind: 'final' });
    expect(interpretationRefusal([signedFinal, draftFinal], write({ kind: 'final', voided: true }, 5))).toBe(
      undefined,
    );
  });

  it('keeps at most one live final, saying whether to amend the signed one or edit the draft', () => {
    expect(interpretationRefusal([signedFinal], write({ kind: 'final' }))).toEqual({
      status: 409,
      message:
        'This case already has a signed final interpretation: add an addendum to it instead of a second final',
    });
    expect(interpretationRefusal([state(6, { kind: 'final' })], write({ kind: 'final' }))).toEqual({
      status: 409,
      message:
        'This case already has a draft final interpretation: edit that draft instead of starting a second final',
    });
    // The final itself may be edited, a voided final does not count, nor does another kind.
    expect(interpretationRefusal([state(6, { kind: 'final' })], write({ kind: 'final' }, 6))).toBeUndefined();
    const voidedFinal = state(7, { kind: 'final', voided: true });
    expect(interpretationRefusal([voidedFinal, signedPrelim], write({ kind: 'final' }))).toBeUndefined();
  });

  it('lets only an addendum amend, and only a live signed interpretation of the case', () => {
    expect(interpretationRefusal([signedFinal], write({ kind: 'daily', amendsId: 1 }))).toEqual({
      status: 400,
      field: 'amendsId',
      message: 'Only an addendum amends another interpretation',
    });
    expect(interpretationRefusal([signedFinal], write({ kind: 'addendum' }))).toEqual({
      status: 400,
      field: 'amendsId',
      message: 'Name the signed interpretation this addendum amends',
    });
    expect(interpretationRefusal([signedFinal], write({ kind: 'addendum', amendsId: 9 }))).toEqual({
      status: 400,
      field: 'amendsId',
      message: 'No interpretation 9 on this case to amend',
    });
    const voided = state(8, { status: 'signed', voided: true });
    expect(interpretationRefusal([voided], write({ kind: 'addendum', amendsId: 8 }))).toEqual({
      status: 400,
      field: 'amendsId',
      message: 'No interpretation 8 on this case to amend',
    });
    expect(interpretationRefusal([state(3)], write({ kind: 'addendum', amendsId: 3 }))).toEqual({
      status: 400,
      field: 'amendsId',
      message: 'Interpretation 3 is a draft: edit it instead of adding an addendum',
    });
    // An addendum cannot amend itself.
    const addendum = state(10, { kind: 'addendum', amendsId: 1 });
    expect(
      interpretationRefusal([signedFinal, addendum], write({ kind: 'addendum', amendsId: 10 }, 10)),
    ).toEqual({ status: 400, field: 'amendsId', message: 'No interpretation 10 on this case to amend' });
    expect(interpretationRefusal([signedFinal], write({ kind: 'addendum', amendsId: 1 }))).toBeUndefined();
    expect(interpretationRefusal([signedFinal, addendum], write({ kind: 'addendum', amendsId: 1 }, 10))).toBe(
      undefined,
    );
  });
});

describe('a report’s period within the recording', () => {
  const at = (time: string) => Date.parse(`2026-11-23T${time}:00.000Z`);
  const iso = (time: string) => new Date(at(time)).toISOString();
  const running = { recordingStart: at('08:00'), recordingEnd: null, timeZone: 'UTC' };
  const ended = { ...running, recordingEnd: at('20:00') };
  const daily = (start: string | null, end: string | null) => ({
    kind: 'daily' as const,
    periodStart: start && iso(start),
    periodEnd: end && iso(end),
  });

  it('takes a period from the recording start to its end, or on while it runs, and one with no period', () => {
    expect(reportPeriodRefusal(daily('08:00', '20:00'), ended)).toBeUndefined();
    expect(reportPeriodRefusal(daily('08:00', '23:00'), running)).toBeUndefined();
    expect(reportPeriodRefusal(daily(null, null), { ...running, recordingStart: null })).toBeUndefined();
  });

  it('refuses a period before the start or past the end, naming the recording in the client’s clock', () => {
    expect(reportPeriodRefusal(daily('07:59', '12:00'), running)).toBe(
      "A daily report's period must lie within the recording: from Nov 23, 08:00 UTC on (the recording is running)",
    );
    expect(reportPeriodRefusal({ ...daily('09:00', '20:01'), kind: 'final' }, ended)).toBe(
      "A final report's period must lie within the recording: from Nov 23, 08:00 UTC to Nov 23, 20:00 UTC",
    );
    // Either end on its own is held too.
    expect(reportPeriodRefusal(daily(null, '07:00'), running)).toBeDefined();
    expect(reportPeriodRefusal({ ...daily(null, '21:00'), kind: 'addendum' }, ended)).toMatch(/^An addendum/);
    expect(reportPeriodRefusal(daily('09:00', '10:00'), { ...running, recordingStart: null })).toBe(
      "A daily report's period must lie within the recording: set the recording start first",
    );
  });
});

describe('signing agrees with the seizure entries (DESIGN §4, round three)', () => {
  const entries = (...classes: (typeof SEIZURE_CLASSES)[number][]) =>
    classes.map((name) => ({ class: name }));

  it('refuses "no" when the findings list a seizure, naming its class', () => {
    expect(seizuresAnswerDisagreement(false, entries('BIRDs', 'ESz'))).toBe(
      'The findings list an electrographic seizure (ESz): answer yes, or remove the seizure',
    );
    expect(signingErrors({ kind: 'final', seizuresInPeriod: false, acnsSeizures: entries('ECSE') })).toEqual([
      {
        field: 'seizuresInPeriod',
        message:
          'The findings list an electroclinical status epilepticus (ECSE): answer yes, or remove the seizure',
      },
    ]);
  });

  it('names the first seizure entry in words, whichever of the four classes it is', () => {
    expect(
      SEIZURE_ENTRY_CLASSES.map((name) => seizuresAnswerDisagreement(false, entries('IIC', name, 'ESz'))),
    ).toEqual(
      [
        'an electrographic seizure (ESz)',
        'an electroclinical seizure (ECSz)',
        'an electrographic status epilepticus (ESE)',
        'an electroclinical status epilepticus (ECSE)',
      ].map((words) => `The findings list ${words}: answer yes, or remove the seizure`),
    );
  });

  it('does not judge an answer not given, null or left out, whatever the entries', () => {
    for (const answer of [null, undefined]) {
      expect(seizuresAnswerDisagreement(answer, entries('ESz'))).toBeUndefined();
      expect(seizuresAnswerDisagreement(answer, [])).toBeUndefined();
    }
  });

  it('gives the answer the entries stand for: yes when one of them is a seizure, BIRDs and the IIC are not', () => {
    expect(listsASeizure([])).toBe(false);
    expect(listsASeizure(entries('BIRDs', 'IIC'))).toBe(false);
    expect(listsASeizure(entries('BIRDs', 'ECSz', 'IIC'))).toBe(true);
  });

  it('refuses "yes" when only BIRDs or the IIC are listed: they are not seizures', () => {
    expect(
      signingErrors({ kind: 'daily', seizuresInPeriod: true, acnsSeizures: entries('BIRDs', 'IIC') }),
    ).toEqual([
      {
        field: 'seizuresInPeriod',
        message: 'The findings list no seizure (ESz, ECSz, ESE, ECSE): add it to the findings, or answer no',
      },
    ]);
  });

  it('needs the answer to sign a daily or final report, not a preliminary or an addendum', () => {
    for (const kind of ['daily', 'final'] as const)
      expect(signingErrors({ kind, seizuresInPeriod: null, acnsSeizures: [] })).toEqual([
        {
          field: 'seizuresInPeriod',
          message: `Answer "seizures in this period" (yes or no) before signing a ${kind} report`,
        },
      ]);
    for (const kind of ['prelim', 'addendum'] as const)
      expect(signingErrors({ kind, seizuresInPeriod: undefined, acnsSeizures: entries('ESz') })).toEqual([]);
  });

  it('accepts exactly the answers that agree, for any entries and any kind', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INTERPRETATION_KINDS),
        fc.array(fc.constantFrom(...SEIZURE_CLASSES), { maxLength: 6 }),
        (kind, classes) => {
          const hasSeizure = classes.some((name) =>
            (SEIZURE_ENTRY_CLASSES as readonly string[]).includes(name),
          );
          const reading = { kind, acnsSeizures: entries(...classes) };
          expect(listsASeizure(reading.acnsSeizures)).toBe(hasSeizure);
          expect(signingErrors({ ...reading, seizuresInPeriod: hasSeizure })).toEqual([]);
          expect(signingErrors({ ...reading, seizuresInPeriod: !hasSeizure })).toHaveLength(1);
        },
      ),
      { numRuns: 200 },
    );
  });
});
