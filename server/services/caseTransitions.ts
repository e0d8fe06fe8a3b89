import type { ActionInput, ActionKind, TransitionInput } from '../../contract/cases';
import type { Role } from '../../contract/roles';
import { caseFacts, getTransition, insertAction, lastTransition } from '../db/caseHistory';
import { recordStageMove } from '../db/caseMoves';
import type { DbOrTx, Tx } from '../db/transaction';
import { applyCaseCommand, transitionKind } from '../domain/caseStages';
import { conflict, forbidden, notFound } from '../errors';
import type { Writer } from './audit';
import { auditCaseWrite, lockExistingCase, lockOpenCase, staleCase } from './cases';

/**
 * Stage changes (DESIGN §4 guard table, checked in the transaction that makes them) and the actions on a
 * case or one of its transitions.
 */

/** A "reviewed" action is a reader's first look at the study (DESIGN §4 turn 4): readers only (403). */
export function requireReaderForReview(kind: ActionKind, roles: readonly Role[]) {
  if (kind === 'reviewed' && !roles.includes('reader'))
    throw forbidden('Only a reader records that they reviewed the study');
}

/** Moves case `id` to another stage when the stage machine allows it (403, 409 otherwise); answers the move. */
export async function moveCase(
  tx: Tx,
  request: Writer,
  id: number,
  { to, reason, version }: TransitionInput,
) {
  const current = await lockExistingCase(tx, id);
  // One after the other: the transaction's one connection runs one statement at a time.
  const facts = await caseFacts(tx, current);
  const last = await lastTransition(tx, id);
  const state = {
    caseNumber: current.caseNumber,
    stage: current.stage,
    history: last ? [last] : [],
    version: current.version,
  };
  const command = {
    type: 'transition',
    to,
    roles: request.user.roles,
    by: request.user.username,
    reason,
    version,
  } as const;
  // The property-tested stage machine decides; the service only answers in HTTP's terms.
  const { outcome } = applyCaseCommand(state, command, facts);
  if (!outcome.ok) {
    if (outcome.status === 403) throw forbidden(outcome.messages.join(' '));
    if (!outcome.unmetGuards) throw conflict(outcome.messages.join(' '));
    throw conflict(
      `Case ${current.caseNumber} cannot move to ${to}: ${outcome.messages.join('; ')}.`,
      outcome.messages,
    );
  }
  const moved = await recordStageMove(tx, current, {
    to,
    version,
    by: request.user.username,
    reason,
  });
  if (!moved) throw staleCase(current.caseNumber);
  const { updated, transition: recorded } = moved;
  await auditCaseWrite(tx, request, 'case.transition', id, {
    from: current.stage,
    to,
    kind: transitionKind(current.stage, to),
    transitionId: recorded.id,
    before: { version: current.version },
    after: { version: updated.version },
  });
  return recorded;
}

/** Records an action on open case `id`, or on its transition `tid` (404 when the case has none such). */
export async function addCaseAction(
  tx: DbOrTx,
  request: Writer,
  id: number,
  tid: number | null,
  input: ActionInput,
) {
  await lockOpenCase(tx, id);
  if (tid !== null && !(await getTransition(tx, id, tid)))
    throw notFound(`Transition ${tid} of case ${id} not found`);
  const added = await insertAction(tx, id, tid, input, request.user.username);
  await auditCaseWrite(tx, request, 'case.action', id, {
    actionId: added.id,
    kind: added.kind,
    ...(tid === null ? {} : { transitionId: tid }),
  });
  return added;
}
