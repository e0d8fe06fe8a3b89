import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CASE_STAGES, type CaseStage } from '../../contract/cases';
import { ROLES, type Role } from '../../contract/roles';
import {
  allowedTransitions,
  applyCaseCommand,
  type CaseCommand,
  type CaseFacts,
  type CaseState,
  type CommandOutcome,
  closedCaseRefusal,
  evaluateTransition,
  isActiveStage,
  isClosed,
  lastTechnologistRefusal,
  REASON_REQUIRED,
  REQUIRED_PATIENT_FIELDS,
  STAGE_MOVES,
  transitionKind,
} from '../../server/domain/caseStages';

/** A case whose every guard is met. */
const READY: CaseFacts = {
  missingPatientFields: [],
  technologistCount: 1,
  recordingStartSet: true,
  recordingEndSet: true,
  openTimeLogCount: 0,
  hasSignedFinalInterpretation: true,
  draftInterpretations: [],
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
  'preview>reviewed': {
    who: ['reader', 'admin'],
    ready: (f) => f.hasSignedFinalInterpretation && f.draftInterpretations.length === 0,
  },
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
  roles: readonly Role[];
  facts: CaseFacts;
  reason?: string;
}

/** The answer DESIGN §4 gives to a stage change: `ok`, 403 (a role that may not make it) or 409 (the rest). */
function specAnswer({ stage, history }: CaseState, attempt: Attempt): 'ok' | 403 | 409 {
  const move = SPEC[`${stage}>${attempt.to}`];
  // Back one stage from closed is back to the stage it was closed from.
  if (!move || (stage === 'closed' && attempt.to !== history.at(-1)?.from)) return 409;
  if (!attempt.roles.some((role) => move.who.includes(role))) return 403;
  return move.ready(attempt.facts, attempt.reason) ? 'ok' : 409;
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
      draftInterpretations: fc.subarray([
        'the draft daily interpretation of Nov 10, 07:00',
        'the draft addendum interpretation',
      ]),
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
const RUNS = { numRuns: 300, seed: 20260412 };

/** A command and the case's facts when it arrives: mostly stage changes, some other writes. */
interface Step {
  command: CaseCommand;
  facts: CaseFacts;
}
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc
      .tuple(attemptArb, fc.constantFrom('tech.ana', 'dr.reed', 'admin.sam'))
      .map(([{ facts, ...move }, by]) => ({ facts, command: { type: 'transition' as const, by, ...move } })),
    weight: 3,
  },
  { arbitrary: factsArb.map((facts) => ({ facts, command: { type: 'write' as const } })), weight: 1 },
);
const stepsArb = fc.array(stepArb, { maxLength: 30, size: 'max' });

interface Played extends Step {
  before: CaseState;
  after: CaseState;
  outcome: CommandOutcome;
}

/** A new case (intake, no history) through every step, each with the case before and after it. */
function play(steps: readonly Step[]): Played[] {
  let state: CaseState = { caseNumber: 'BMH-2026-0042', stage: 'intake', history: [] };
  return steps.map((step) => {
    const before = state;
    const { state: after, outcome } = applyCaseCommand(before, step.command, step.facts);
    state = after;
    return { ...step, before, after, outcome };
  });
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
    expect(
      evaluateTransition({
        from: 'monitoring',
        to: 'intake',
        roles: ['technologist'],
        facts: READY,
        reason: 'x',
      }),
    ).toEqual({
      allowed: false,
      kind: 'reopen',
      forbidden: 'Moving a case from monitoring to intake requires the admin role',
      unmet: [],
    });
  });

  it('names the kind of each move for the audit log, and none for an illegal one', () => {
    expect(transitionKind('intake', 'monitoring')).toBe('forward');
    expect(transitionKind('intake', 'closed')).toBe('cancel');
    expect(transitionKind('closed', 'reviewed')).toBe('reopen');
    expect(transitionKind('closed', 'intake')).toBe('reopen');
    expect(transitionKind('preview', 'intake')).toBeUndefined();
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
    [
      'preview',
      'reviewed',
      { draftInterpretations: ['the draft daily interpretation of Nov 10, 07:00'] },
      'Sign or void the draft interpretation first: the draft daily interpretation of Nov 10, 07:00',
    ],
    [
      'preview',
      'reviewed',
      { draftInterpretations: ['the draft prelim interpretation', 'the draft addendum interpretation'] },
      'Sign or void the 2 draft interpretations first: the draft prelim interpretation, the draft addendum interpretation',
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
      fc.property(stepsArb, (steps) => {
        for (const { command, facts, before, outcome } of play(steps)) {
          if (command.type === 'write') continue;
          expect(outcome.ok ? 'ok' : outcome.status).toBe(specAnswer(before, { ...command, facts }));
          if (outcome.ok) accepted.add(`${before.stage}>${command.to}`);
          else expect(outcome.messages).not.toEqual([]);
        }
      }),
      RUNS,
    );
    // The sequences must explore the whole machine, cancelling and reopening included.
    expect([...accepted].sort()).toEqual(Object.keys(SPEC).sort());
  });

  it('reaches only cases the table allows: a history chained from intake along its moves to the stage', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        for (const { after } of play(steps)) {
          const { stage, history } = after;
          history.forEach(({ from, to }, index) => {
            expect(from).toBe(index === 0 ? 'intake' : history[index - 1].to);
            expect(STAGE_MOVES.some((move) => move.from === from && move.to === to)).toBe(true);
            if (from === 'closed') expect(to).toBe(history[index - 1].from);
          });
          expect(stage).toBe(history.at(-1)?.to ?? 'intake');
        }
      }),
      RUNS,
    );
  });

  it('leaves exactly one transition record per stage change, and nothing changed by a refusal', () => {
    fc.assert(
      fc.property(stepsArb, (steps) => {
        for (const { command, before, after, outcome } of play(steps)) {
          if (command.type === 'write' || !outcome.ok) {
            expect(after).toEqual(before);
            continue;
          }
          const { to, by, reason = '' } = command;
          const record = { from: before.stage, to, by, reason };
          expect(after).toEqual({ ...before, stage: to, history: [...before.history, record] });
        }
      }),
      RUNS,
    );
  });

  it("keeps a closed case read-only: every write refused (409), every move but an admin's reopen", () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(stepsArb, (steps) => {
        for (const { command, before, outcome } of play(steps)) {
          if (before.stage !== 'closed') continue;
          if (command.type === 'write') {
            expect(outcome).toEqual({ ok: false, status: 409, messages: ['Case BMH-2026-0042 is closed'] });
            seen.add('write');
            continue;
          }
          const reopen =
            command.roles.includes('admin') &&
            hasReason(command.reason) &&
            command.to === before.history.at(-1)?.from;
          expect(outcome.ok).toBe(reopen);
          seen.add(reopen ? 'reopen' : 'refused move');
        }
      }),
      RUNS,
    );
    expect([...seen].sort()).toEqual(['refused move', 'reopen', 'write']);
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

describe('what the server answers a stage change (applyCaseCommand, which the route runs)', () => {
  const state = { caseNumber: 'BMH-2026-0042', stage: 'preview' as const, history: [], version: 7 };
  const move = (roles: readonly Role[], version: number) =>
    applyCaseCommand(state, { type: 'transition', to: 'reviewed', roles, by: 'dr.lee', version }, READY);

  it('refuses a stale version after the role check and before the guards, and bumps the version it moves', () => {
    expect(move(['billing'], 6).outcome).toMatchObject({ ok: false, status: 403 });
    expect(move(['reader'], 6).outcome).toEqual({
      ok: false,
      status: 409,
      messages: ['Case BMH-2026-0042 was changed by someone else meanwhile; reload and try again.'],
    });
    const moved = move(['reader'], 7);
    expect(moved.outcome).toEqual({ ok: true });
    expect(moved.state).toMatchObject({ stage: 'reviewed', version: 8 });
  });

  it('checks the version only when both the caller and the case keep one', () => {
    const unlocked = applyCaseCommand(
      state,
      { type: 'transition', to: 'reviewed', roles: ['reader'], by: 'dr.lee' },
      READY,
    );
    expect(unlocked.outcome).toEqual({ ok: true });
    expect(unlocked.state).toMatchObject({ stage: 'reviewed', version: 8 });
    const { version: _, ...unversioned } = state;
    const kept = applyCaseCommand(
      unversioned,
      { type: 'transition', to: 'reviewed', roles: ['reader'], by: 'dr.lee', version: 3 },
      READY,
    );
    expect(kept.outcome).toEqual({ ok: true });
    expect(kept.state).toEqual({
      caseNumber: 'BMH-2026-0042',
      stage: 'reviewed',
      history: [{ from: 'preview', to: 'reviewed', by: 'dr.lee', reason: '' }],
    });
  });

  it('lets any other write through on a case that is not closed, leaving its stage and history', () => {
    const written = applyCaseCommand(state, { type: 'write' }, READY);
    expect(written).toEqual({ state, outcome: { ok: true } });
    expect(applyCaseCommand({ ...state, stage: 'closed' }, { type: 'write' }, READY).outcome).toEqual({
      ok: false,
      status: 409,
      messages: ['Case BMH-2026-0042 is closed'],
    });
  });

  it('lists unmet guards apart from other refusals, and names a closed case as closed', () => {
    const drafts = { ...READY, draftInterpretations: ['the draft final interpretation'] };
    const command = {
      type: 'transition',
      to: 'reviewed',
      roles: ['reader'],
      by: 'dr.lee',
      version: 7,
    } as const;
    expect(applyCaseCommand(state, command, drafts).outcome).toEqual({
      ok: false,
      status: 409,
      messages: ['Sign or void the draft interpretation first: the draft final interpretation'],
      unmetGuards: true,
    });
    const closed = { ...state, stage: 'closed' as const };
    expect(applyCaseCommand(closed, { ...command, to: 'preview' }, READY).outcome).toEqual({
      ok: false,
      status: 409,
      messages: ['Case BMH-2026-0042 is closed'],
    });
  });
});

describe('the last technologist of a case in monitoring (DESIGN §4 "Staffing and handover")', () => {
  const KEEPS =
    'a case in monitoring keeps at least one technologist: assign another first, or hand the case over';

  it('refuses taking off the only technologist of a case in monitoring, naming every such case', () => {
    expect(
      lastTechnologistRefusal('Sam', [{ caseNumber: 'A-1', stage: 'monitoring', technologists: 1 }]),
    ).toBe(`Sam is the only technologist of case A-1 in monitoring; ${KEEPS}`);
    expect(
      lastTechnologistRefusal('Sam', [
        { caseNumber: 'A-1', stage: 'monitoring', technologists: 1 },
        { caseNumber: 'A-2', stage: 'monitoring', technologists: 2 },
        { caseNumber: 'A-3', stage: 'monitoring', technologists: 0 },
      ]),
    ).toBe(`Sam is the only technologist of cases A-1, A-3 in monitoring; ${KEEPS}`);
  });

  it('lets a technologist leave a case with another one, or a case not in monitoring', () => {
    expect(
      lastTechnologistRefusal('Sam', [{ caseNumber: 'A-2', stage: 'monitoring', technologists: 2 }]),
    ).toBe(undefined);
    expect(lastTechnologistRefusal('Sam', [{ caseNumber: 'A-4', stage: 'intake', technologists: 1 }])).toBe(
      undefined,
    );
    expect(lastTechnologistRefusal('Sam', [])).toBeUndefined();
  });
});
