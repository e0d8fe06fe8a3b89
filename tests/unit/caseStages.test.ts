import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedTransitions,
  type CaseFacts,
  closedCaseRefusal,
  evaluateTransition,
  isActiveStage,
  isClosed,
  REASON_REQUIRED,
  REQUIRED_PATIENT_FIELDS,
} from '../../contract/caseStages';
import { CASE_STAGES, type CaseStage } from '../../contract/cases';
import { ROLES, type Role } from '../../contract/roles';

/** A case whose every guard is met. */
const READY: CaseFacts = {
  missingPatientFields: [],
  technologistCount: 1,
  recordingStartSet: true,
  recordingEndSet: true,
  openTimeLogCount: 0,
  hasSignedFinalInterpretation: true,
  unsettledBillingNoteCount: 0,
};

const hasReason = (reason: string | undefined): boolean => (reason ?? '').trim() !== '';

/** DESIGN §4's table restated independently of the module: who may make each move, and when it is ready. */
interface SpecMove {
  who: readonly Role[];
  ready: (facts: CaseFacts, reason?: string) => boolean;
}
const adminWithReason: SpecMove = { who: ['admin'], ready: (_, reason) => hasReason(reason) };
const SPEC: Record<string, SpecMove> = {
  'intake>monitoring': {
    who: ['technologist', 'admin'],
    ready: (f) => f.missingPatientFields.length === 0 && f.technologistCount > 0 && f.recordingStartSet,
  },
  'monitoring>preview': {
    who: ['technologist', 'reader', 'admin'],
    ready: (f) => f.recordingEndSet && f.openTimeLogCount === 0,
  },
  'preview>reviewed': { who: ['reader', 'admin'], ready: (f) => f.hasSignedFinalInterpretation },
  'reviewed>closed': { who: ['billing', 'admin'], ready: (f) => f.unsettledBillingNoteCount === 0 },
  'intake>closed': adminWithReason,
  'monitoring>intake': adminWithReason,
  'preview>monitoring': adminWithReason,
  'reviewed>preview': adminWithReason,
  'closed>reviewed': adminWithReason,
  'closed>intake': adminWithReason,
};

interface Attempt {
  to: CaseStage;
  roles: Role[];
  facts: CaseFacts;
  reason?: string;
}

function specAllows(from: CaseStage, attempt: Attempt, previousStage?: CaseStage): boolean {
  const move = SPEC[`${from}>${attempt.to}`];
  if (!move) return false;
  if (from === 'closed' && attempt.to !== (previousStage === 'intake' ? 'intake' : 'reviewed')) return false;
  return attempt.roles.some((role) => move.who.includes(role)) && move.ready(attempt.facts, attempt.reason);
}

const stageArb = fc.constantFrom(...CASE_STAGES);
const rolesArb = fc.subarray([...ROLES]);
const factsArb = fc.oneof(
  { arbitrary: fc.constant(READY), weight: 2 },
  {
    arbitrary: fc.record({
      missingPatientFields: fc.subarray([...REQUIRED_PATIENT_FIELDS]),
      technologistCount: fc.nat(3),
      recordingStartSet: fc.boolean(),
      recordingEndSet: fc.boolean(),
      openTimeLogCount: fc.nat(3),
      hasSignedFinalInterpretation: fc.boolean(),
      unsettledBillingNoteCount: fc.nat(3),
    }),
    weight: 1,
  },
);
const reasonArb = fc.option(fc.constantFrom('', '   ', 'Patient discharged early'), { nil: undefined });
const attemptArb: fc.Arbitrary<Attempt> = fc.record(
  { to: stageArb, roles: rolesArb, facts: factsArb, reason: reasonArb },
  { requiredKeys: ['to', 'roles', 'facts'] },
);
const RUNS = { numRuns: 500, seed: 20260412 };

interface TransitionRecord {
  from: CaseStage;
  to: CaseStage;
  by: Role[];
  reason?: string;
}
interface Step {
  before: CaseStage;
  previousStage?: CaseStage;
  attempt: Attempt;
  verdict: ReturnType<typeof evaluateTransition>;
}

/** A new case (intake) through every attempt; an accepted move changes the stage and appends one record. */
function play(attempts: readonly Attempt[]) {
  let stage: CaseStage = 'intake';
  const history: TransitionRecord[] = [];
  const steps: Step[] = [];
  for (const attempt of attempts) {
    const previousStage = history.at(-1)?.from;
    const verdict = evaluateTransition({ from: stage, previousStage, ...attempt });
    steps.push({ before: stage, previousStage, attempt, verdict });
    if (verdict.allowed) {
      history.push({ from: stage, to: attempt.to, by: attempt.roles, reason: attempt.reason });
      stage = attempt.to;
    }
  }
  return { stage, history, steps };
}

describe('case stage machine, by example', () => {
  it('lets a technologist start monitoring a ready case', () => {
    expect(
      evaluateTransition({ from: 'intake', to: 'monitoring', roles: ['technologist'], facts: READY }),
    ).toEqual({ allowed: true, kind: 'forward', unmet: [] });
  });

  it('gives each role the union of its rights', () => {
    const verdict = evaluateTransition({
      from: 'reviewed',
      to: 'closed',
      roles: ['reader', 'billing'],
      facts: READY,
    });
    expect(verdict.allowed).toBe(true);
  });

  it('refuses a role that may not make the move (403), naming who may', () => {
    expect(evaluateTransition({ from: 'intake', to: 'monitoring', roles: ['reader'], facts: READY })).toEqual(
      {
        allowed: false,
        kind: 'forward',
        forbidden: 'Moving a case from intake to monitoring requires the technologist or admin role',
        unmet: [],
      },
    );
    expect(
      evaluateTransition({ from: 'monitoring', to: 'preview', roles: ['billing'], facts: READY }).forbidden,
    ).toBe('Moving a case from monitoring to preview requires the technologist, reader or admin role');
  });

  it.each([
    ['intake', 'preview'],
    ['closed', 'monitoring'],
    ['monitoring', 'monitoring'],
    ['preview', 'intake'],
  ] as const)('calls %s → %s illegal, not a guard', (from, to) => {
    expect(evaluateTransition({ from, to, roles: ['admin'], facts: READY, reason: 'why' })).toEqual({
      allowed: false,
      illegal: `A case in ${from} cannot move to ${to}`,
      unmet: [],
    });
  });

  it('reopens a closed case to the stage it was closed from', () => {
    const reopen = (to: CaseStage, previousStage?: CaseStage) =>
      evaluateTransition({
        from: 'closed',
        to,
        previousStage,
        roles: ['admin'],
        facts: READY,
        reason: 'Billing error',
      });
    expect(reopen('reviewed', 'reviewed')).toEqual({ allowed: true, kind: 'reopen', unmet: [] });
    expect(reopen('reviewed')).toEqual({ allowed: true, kind: 'reopen', unmet: [] });
    expect(reopen('intake', 'intake')).toEqual({ allowed: true, kind: 'reopen', unmet: [] });
    expect(reopen('reviewed', 'intake').illegal).toBe('A case in closed cannot move to reviewed');
    expect(reopen('intake', 'reviewed').illegal).toBe('A case in closed cannot move to intake');
  });

  it('lists the moves the roles may make and leaves the others out', () => {
    expect(allowedTransitions('intake', ['technologist'], READY)).toEqual([
      { to: 'monitoring', kind: 'forward', reasonRequired: false, allowed: true, unmet: [] },
    ]);
    expect(allowedTransitions('intake', ['admin'], { ...READY, technologistCount: 0 })).toEqual([
      {
        to: 'monitoring',
        kind: 'forward',
        reasonRequired: false,
        allowed: false,
        unmet: ['Assign at least one technologist'],
      },
      { to: 'closed', kind: 'cancel', reasonRequired: true, allowed: true, unmet: [] },
    ]);
    expect(allowedTransitions('intake', ['billing'], READY)).toEqual([]);
    expect(allowedTransitions('closed', ['admin'], READY, 'intake').map((move) => move.to)).toEqual([
      'intake',
    ]);
    expect(allowedTransitions('closed', ['billing', 'reader', 'technologist'], READY)).toEqual([]);
  });

  it('knows active and closed stages, and refuses writes on a closed case', () => {
    expect(CASE_STAGES.filter(isActiveStage)).toEqual(['intake', 'monitoring']);
    expect(CASE_STAGES.filter(isClosed)).toEqual(['closed']);
    expect(closedCaseRefusal('BMH-2026-0042', 'closed')).toBe('Case BMH-2026-0042 is closed');
    for (const stage of CASE_STAGES.filter((stage) => stage !== 'closed'))
      expect(closedCaseRefusal('BMH-2026-0042', stage)).toBeUndefined();
  });
});

describe('unmet guards, in words a technologist understands', () => {
  it.each<[CaseStage, CaseStage, Partial<CaseFacts>, string]>([
    [
      'intake',
      'monitoring',
      { missingPatientFields: ['dateOfBirth', 'mrn'] },
      'Patient details are incomplete: MRN, date of birth',
    ],
    [
      'intake',
      'monitoring',
      { missingPatientFields: REQUIRED_PATIENT_FIELDS },
      'Patient details are incomplete: MRN, first name, last name, date of birth, sex',
    ],
    ['intake', 'monitoring', { technologistCount: 0 }, 'Assign at least one technologist'],
    ['intake', 'monitoring', { recordingStartSet: false }, 'Set the recording start time'],
    ['monitoring', 'preview', { recordingEndSet: false }, 'Set the recording end time'],
    ['monitoring', 'preview', { openTimeLogCount: 1 }, 'Close the open time log first (1 open)'],
    ['monitoring', 'preview', { openTimeLogCount: 2 }, 'Close the open time logs first (2 open)'],
    [
      'preview',
      'reviewed',
      { hasSignedFinalInterpretation: false },
      'A signed final interpretation is required',
    ],
    ['reviewed', 'closed', { unsettledBillingNoteCount: 1 }, 'Settle the billing note first (1 unsettled)'],
    ['reviewed', 'closed', { unsettledBillingNoteCount: 2 }, 'Settle the billing notes first (2 unsettled)'],
  ])('%s → %s: %j → "%s"', (from, to, facts, message) => {
    expect(evaluateTransition({ from, to, roles: ['admin'], facts: { ...READY, ...facts } })).toEqual({
      allowed: false,
      kind: 'forward',
      unmet: [message],
    });
  });

  it('lists every unmet guard at once', () => {
    const facts = {
      ...READY,
      missingPatientFields: ['sex' as const],
      technologistCount: 0,
      recordingStartSet: false,
    };
    expect(evaluateTransition({ from: 'intake', to: 'monitoring', roles: ['admin'], facts }).unmet).toEqual([
      'Patient details are incomplete: sex',
      'Assign at least one technologist',
      'Set the recording start time',
    ]);
  });

  it.each([undefined, '', '  \n'])('requires a reason to cancel or reopen (reason %j)', (reason) => {
    for (const [from, to] of [
      ['intake', 'closed'],
      ['reviewed', 'preview'],
    ] as const) {
      expect(evaluateTransition({ from, to, roles: ['admin'], facts: READY, reason }).unmet).toEqual([
        REASON_REQUIRED,
      ]);
    }
    expect(REASON_REQUIRED).toBe('A reason is required');
  });
});

describe('case stage machine, by property', () => {
  it('accepts exactly the moves the table allows, for a role allowed to make them, with every guard met', () => {
    const accepted = new Set<string>();
    fc.assert(
      fc.property(fc.array(attemptArb, { maxLength: 60, size: 'max' }), (attempts) => {
        for (const { before, previousStage, attempt, verdict } of play(attempts).steps) {
          expect(verdict.allowed).toBe(specAllows(before, attempt, previousStage));
          if (verdict.allowed) accepted.add(`${before}>${attempt.to}`);
        }
      }),
      RUNS,
    );
    // The sequences must explore the whole machine, cancelling and reopening included.
    expect([...accepted].sort()).toEqual(Object.keys(SPEC).sort());
  });

  it('leaves exactly one chained transition record per stage change', () => {
    fc.assert(
      fc.property(fc.array(attemptArb, { maxLength: 60, size: 'max' }), (attempts) => {
        const { stage, history, steps } = play(attempts);
        const changes = steps.filter((step, index) => (steps[index + 1]?.before ?? stage) !== step.before);
        expect(history).toHaveLength(changes.length);
        history.forEach((record, index) => {
          expect(record.to).not.toBe(record.from);
          expect(record.from).toBe(index === 0 ? 'intake' : history[index - 1].to);
        });
        expect(history.at(-1)?.to ?? 'intake').toBe(stage);
      }),
      RUNS,
    );
  });

  it('lets a closed case leave only by an admin reopening it with a reason', () => {
    fc.assert(
      fc.property(attemptArb, fc.constantFrom<CaseStage>('reviewed', 'intake'), (attempt, previousStage) => {
        const verdict = evaluateTransition({ from: 'closed', previousStage, ...attempt });
        if (verdict.kind !== 'reopen') expect(verdict.allowed).toBe(false);
        if (verdict.allowed) {
          expect(attempt.roles).toContain('admin');
          expect(hasReason(attempt.reason)).toBe(true);
          expect(attempt.to).toBe(previousStage);
        }
      }),
      RUNS,
    );
  });

  it('lists in allowedTransitions what evaluateTransition answers, and only moves the roles may make', () => {
    fc.assert(
      fc.property(
        stageArb,
        rolesArb,
        factsArb,
        fc.option(stageArb, { nil: undefined }),
        (stage, roles, facts, previousStage) => {
          const listed = allowedTransitions(stage, roles, facts, previousStage);
          for (const to of CASE_STAGES) {
            const entry = listed.find((move) => move.to === to);
            const withReason = evaluateTransition({
              from: stage,
              to,
              roles,
              facts,
              previousStage,
              reason: 'r',
            });
            const without = evaluateTransition({ from: stage, to, roles, facts, previousStage });
            if (!entry) {
              expect(withReason.illegal ?? withReason.forbidden).toBeDefined();
              continue;
            }
            expect(withReason).toEqual({ allowed: entry.allowed, kind: entry.kind, unmet: entry.unmet });
            expect(without.unmet).toEqual(
              entry.reasonRequired ? [...entry.unmet, REASON_REQUIRED] : entry.unmet,
            );
          }
        },
      ),
      RUNS,
    );
  });
});
