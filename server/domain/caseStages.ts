import {
  ACTIVE_CASE_STAGES,
  type AvailableTransition,
  type CaseStage,
  type CaseTransition,
  type TransitionKind,
} from '../../contract/cases';
import type { Role } from '../../contract/roles';

/**
 * The case stage machine (DESIGN §4 "Case stages"): which moves exist, who may make them and what each
 * needs. Pure: the server checks POST …/transitions with it in the transition's transaction and answers GET
 * details' `allowedTransitions` (the case header's buttons) from it.
 */

export const REQUIRED_PATIENT_FIELDS = ['mrn', 'firstName', 'lastName', 'dateOfBirth', 'sex'] as const;
type RequiredPatientField = (typeof REQUIRED_PATIENT_FIELDS)[number];

const PATIENT_FIELD_WORDS: Record<RequiredPatientField, string> = {
  mrn: 'MRN',
  firstName: 'first name',
  lastName: 'last name',
  dateOfBirth: 'date of birth',
  sex: 'sex',
};

/** What the guards look at, read by the caller (the server: inside the transition's transaction). */
export interface CaseFacts {
  /** Empty when the patient details are complete; every required field when the case has none. */
  missingPatientFields: readonly RequiredPatientField[];
  technologistCount: number;
  recordingStartSet: boolean;
  recordingEndSet: boolean;
  openTimeLogCount: number;
  hasSignedFinalInterpretation: boolean;
  /** The live interpretations still in draft, each as a reader finds it on the case (kind and period). */
  draftInterpretations: readonly string[];
  unsettledBillingNoteCount: number;
}

/** A guard answers, in words a technologist understands, what is missing; `undefined` when it is met. */
type Guard = (facts: CaseFacts) => string | undefined;

const patientDetailsComplete: Guard = ({ missingPatientFields }) => {
  const missing = REQUIRED_PATIENT_FIELDS.filter((field) => missingPatientFields.includes(field));
  if (missing.length === 0) return undefined;
  return `Patient details are incomplete: ${missing.map((field) => PATIENT_FIELD_WORDS[field]).join(', ')}`;
};
const technologistAssigned: Guard = (facts) =>
  facts.technologistCount > 0 ? undefined : 'Assign at least one technologist';
const recordingStarted: Guard = (facts) =>
  facts.recordingStartSet ? undefined : 'Set the recording start time';
const recordingEnded: Guard = (facts) => (facts.recordingEndSet ? undefined : 'Set the recording end time');
const noOpenTimeLog: Guard = ({ openTimeLogCount: open }) =>
  open === 0 ? undefined : `Close the open ${open === 1 ? 'time log' : 'time logs'} first (${open} open)`;
const finalInterpretationSigned: Guard = (facts) =>
  facts.hasSignedFinalInterpretation ? undefined : 'A signed final interpretation is required';
const noDraftInterpretation: Guard = ({ draftInterpretations: drafts }) =>
  drafts.length === 0
    ? undefined
    : `Sign or void the ${drafts.length === 1 ? 'draft interpretation' : `${drafts.length} draft interpretations`} first: ${drafts.join(', ')}`;
const billingNotesSettled: Guard = ({ unsettledBillingNoteCount: unsettled }) =>
  unsettled === 0
    ? undefined
    : `Settle the ${unsettled === 1 ? 'billing note' : 'billing notes'} first (${unsettled} unsettled)`;

export const REASON_REQUIRED = 'A reason is required';

export interface StageMove {
  from: CaseStage;
  to: CaseStage;
  kind: TransitionKind;
  who: readonly Role[];
  guards: readonly Guard[];
}

/** Cancelling and reopening need a reason, recorded with the transition; forward moves may carry one. */
const needsReason = (move: StageMove): boolean => move.kind !== 'forward';

const REOPEN = { kind: 'reopen', who: ['admin'], guards: [] } as const;

/** Every move a case can make; anything else is illegal whoever asks. */
export const STAGE_MOVES: readonly StageMove[] = [
  {
    from: 'intake',
    to: 'monitoring',
    kind: 'forward',
    who: ['technologist', 'admin'],
    guards: [patientDetailsComplete, technologistAssigned, recordingStarted],
  },
  {
    from: 'monitoring',
    to: 'preview',
    kind: 'forward',
    who: ['technologist', 'reader', 'admin'],
    guards: [recordingEnded, noOpenTimeLog],
  },
  {
    from: 'preview',
    to: 'reviewed',
    kind: 'forward',
    who: ['reader', 'admin'],
    guards: [finalInterpretationSigned, noDraftInterpretation],
  },
  {
    from: 'reviewed',
    to: 'closed',
    kind: 'forward',
    who: ['billing', 'admin'],
    guards: [billingNotesSettled],
  },
  { from: 'intake', to: 'closed', kind: 'cancel', who: ['admin'], guards: [] },
  { from: 'monitoring', to: 'intake', ...REOPEN },
  { from: 'preview', to: 'monitoring', ...REOPEN },
  { from: 'reviewed', to: 'preview', ...REOPEN },
  { from: 'closed', to: 'reviewed', ...REOPEN },
  { from: 'closed', to: 'intake', ...REOPEN },
];

/** What kind of move `from` → `to` is (forward, cancel, reopen), for the audit log; none for an illegal one. */
export const transitionKind = (from: CaseStage, to: CaseStage): TransitionKind | undefined =>
  STAGE_MOVES.find((move) => move.from === from && move.to === to)?.kind;

/**
 * The moves from `stage`. "Back one stage" from closed means back to the stage the case was closed from,
 * the `from` of its last transition (`previousStage`): `reviewed` normally, `intake` for a cancelled case,
 * whose reopening must not skip monitoring, preview and review. Without it the regular path is assumed.
 */
function movesFrom(stage: CaseStage, previousStage?: CaseStage): StageMove[] {
  const closedFrom: CaseStage = previousStage === 'intake' ? 'intake' : 'reviewed';
  return STAGE_MOVES.filter((move) => move.from === stage && (stage !== 'closed' || move.to === closedFrom));
}

const mayMake = (move: StageMove, roles: readonly Role[]): boolean =>
  roles.some((role) => move.who.includes(role));

function unmetGuards(move: StageMove, facts: CaseFacts): string[] {
  return move.guards.flatMap((guard) => guard(facts) ?? []);
}

function whoMessage(move: StageMove): string {
  const roles =
    move.who.length > 1 ? `${move.who.slice(0, -1).join(', ')} or ${move.who.at(-1)}` : move.who[0];
  return `Moving a case from ${move.from} to ${move.to} requires the ${roles} role`;
}

export interface TransitionAttempt {
  from: CaseStage;
  to: CaseStage;
  roles: readonly Role[];
  facts: CaseFacts;
  /** The `from` of the case's last transition; decides where a closed case reopens to. */
  previousStage?: CaseStage;
  /** Given with the move, not a fact of the case; blank counts as none. */
  reason?: string;
}

export interface TransitionVerdict {
  allowed: boolean;
  /** Absent for an illegal move. */
  kind?: TransitionKind;
  /** The table has no such move (409): not a guard, nothing the caller can fix on this case. */
  illegal?: string;
  /** The caller's roles may not make this move (403). */
  forbidden?: string;
  /** Every unmet guard (409), the missing reason included. */
  unmet: string[];
}

export function evaluateTransition(attempt: TransitionAttempt): TransitionVerdict {
  const { from, to, roles, facts, previousStage, reason } = attempt;
  const move = movesFrom(from, previousStage).find((candidate) => candidate.to === to);
  if (!move) return { allowed: false, illegal: `A case in ${from} cannot move to ${to}`, unmet: [] };
  const unmet = unmetGuards(move, facts);
  if (needsReason(move) && !reason?.trim()) unmet.push(REASON_REQUIRED);
  if (!mayMake(move, roles)) return { allowed: false, kind: move.kind, forbidden: whoMessage(move), unmet };
  return { allowed: unmet.length === 0, kind: move.kind, unmet };
}

/** The moves from `stage` the roles may make (others are left out), each with its unmet guards. */
export function allowedTransitions(
  stage: CaseStage,
  roles: readonly Role[],
  facts: CaseFacts,
  previousStage?: CaseStage,
): AvailableTransition[] {
  return movesFrom(stage, previousStage)
    .filter((move) => mayMake(move, roles))
    .map((move) => {
      const unmet = unmetGuards(move, facts);
      return {
        to: move.to,
        kind: move.kind,
        reasonRequired: needsReason(move),
        allowed: unmet.length === 0,
        unmet,
      };
    });
}

/** Active cases (intake, monitoring) are the ones technologists are assigned to. */
export function isActiveStage(stage: CaseStage): boolean {
  return (ACTIVE_CASE_STAGES as readonly CaseStage[]).includes(stage);
}

export function isClosed(stage: CaseStage): boolean {
  return stage === 'closed';
}

/** Why a write on the case or its records is refused (409), or `undefined`: a closed case is read-only. */
export function closedCaseRefusal(caseNumber: string, stage: CaseStage): string | undefined {
  return isClosed(stage) ? `Case ${caseNumber} is closed` : undefined;
}

/** A transition record as the stage machine sees it (the server adds the id, time and actions). */
export type TransitionRecord = Pick<CaseTransition, 'from' | 'to' | 'by' | 'reason'>;

/** A case as far as its stage goes: where it stands and how it got there, oldest transition first. */
export interface CaseState {
  caseNumber: string;
  stage: CaseStage;
  /** Its transitions, oldest first; the server gives the last one, all a stage change looks at. */
  history: readonly TransitionRecord[];
  /** The optimistic lock the writer must have loaded (DESIGN §5); absent where none is kept. */
  version?: number;
}

/**
 * A request that writes on a case: a stage change (POST …/transitions, `by` the caller's username), or any
 * other write (PATCH, an action, a record). Who may make that other write is `canAccess`'s answer, checked
 * before; the stage machine only refuses it on a closed case, whoever asks.
 */
export type CaseCommand =
  | {
      type: 'transition';
      to: CaseStage;
      roles: readonly Role[];
      by: string;
      reason?: string;
      /** The version the caller loaded; a stale one is refused once the caller may make the move at all. */
      version?: number;
    }
  | { type: 'write' };

/** What the server answers: 403 for a role that may not move the case, 409 for anything else refused. */
export type CommandOutcome =
  | { ok: true }
  | {
      ok: false;
      status: 403 | 409;
      messages: string[];
      /** The messages are the move's unmet guards (the server lists them apart, for the case header). */
      unmetGuards?: true;
    };

/** Why a write on a stale copy of the case is refused (409). */
export const staleCaseMessage = (caseNumber: string) =>
  `Case ${caseNumber} was changed by someone else meanwhile; reload and try again.`;

/**
 * The case after `command`, and the answer to it: a stage change appends exactly one transition record, a
 * refused command leaves the case as it was. `facts` are the case's when the command arrives.
 */
export function applyCaseCommand(
  state: CaseState,
  command: CaseCommand,
  facts: CaseFacts,
): { state: CaseState; outcome: CommandOutcome } {
  const answer = (outcome: CommandOutcome, after = state) => ({ state: after, outcome });
  const refuse = (status: 403 | 409, messages: string[]) => answer({ ok: false, status, messages });
  if (command.type === 'write') {
    const closed = closedCaseRefusal(state.caseNumber, state.stage);
    return closed ? refuse(409, [closed]) : answer({ ok: true });
  }
  const { to, roles, by, reason = '', version } = command;
  const previousStage = state.history.at(-1)?.from;
  const verdict = evaluateTransition({ from: state.stage, to, roles, facts, previousStage, reason });
  if (verdict.illegal)
    return refuse(409, [closedCaseRefusal(state.caseNumber, state.stage) ?? verdict.illegal]);
  if (verdict.forbidden) return refuse(403, [verdict.forbidden]);
  if (version !== undefined && state.version !== undefined && version !== state.version)
    return refuse(409, [staleCaseMessage(state.caseNumber)]);
  if (!verdict.allowed) return answer({ ok: false, status: 409, messages: verdict.unmet, unmetGuards: true });
  const record = { from: state.stage, to, by, reason };
  const after = { ...state, stage: to, history: [...state.history, record] };
  return answer({ ok: true }, state.version === undefined ? after : { ...after, version: state.version + 1 });
}

/** Why a case cannot take technologists (409), or `undefined`: only active cases are assigned. */
export function assignmentRefusal(caseNumber: string, stage: CaseStage): string | undefined {
  if (isActiveStage(stage)) return undefined;
  return (
    closedCaseRefusal(caseNumber, stage) ??
    `Case ${caseNumber} is in ${stage}: only intake and monitoring cases take technologists`
  );
}

/** A case a technologist is taken off, with how many technologists it has before. */
export interface LeftCase {
  caseNumber: string;
  stage: CaseStage;
  technologists: number;
}

/**
 * Why taking `name` off these cases is refused (409), or `undefined`: a case in monitoring keeps at least
 * one technologist (DESIGN §4 "Staffing and handover"), so its last one leaves only once another is on it.
 */
export function lastTechnologistRefusal(name: string, left: readonly LeftCase[]): string | undefined {
  const unstaffed = left
    .filter((found) => found.stage === 'monitoring' && found.technologists <= 1)
    .map((found) => found.caseNumber);
  if (unstaffed.length === 0) return undefined;
  const cases = `${unstaffed.length > 1 ? 'cases' : 'case'} ${unstaffed.join(', ')}`;
  return `${name} is the only technologist of ${cases} in monitoring; a case in monitoring keeps at least one technologist: assign another first, or hand the case over`;
}

/** Why a case cannot be taken in for this client (400 on `clientId`), or `undefined`. */
export function intakeClientRefusal(
  clientId: number,
  client: { name: string; isEnabled: boolean } | undefined,
): string | undefined {
  if (!client) return `No client with id ${clientId}`;
  return client.isEnabled ? undefined : `${client.name} is disabled: enable the client to take in cases`;
}
