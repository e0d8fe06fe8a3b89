import type { CaseStage } from '../../contract/cases';
import { insertTransition, saveProtocolSnapshot } from './caseHistory';
import { type CaseRecord, updateCase } from './cases';
import { getRevision } from './protocolRevisions';
import type { Tx } from './transaction';

/** The protocol and transfer-protocol revisions the case ran under, as they were written. */
async function protocolOf(
  tx: Tx,
  clientId: number,
  protocolRevision: number | null,
  transferRevision: number | null,
) {
  // One after the other: the transaction's one connection runs one statement at a time.
  const protocol = protocolRevision
    ? await getRevision(tx, clientId, 'protocol', protocolRevision)
    : undefined;
  const transfer = transferRevision
    ? await getRevision(tx, clientId, 'transfer', transferRevision)
    : undefined;
  return {
    protocol: protocol?.kind === 'protocol' ? protocol : null,
    transfer: transfer?.kind === 'transfer' ? transfer : null,
  };
}

/**
 * Makes a move the stage machine allowed, on the locked case: its new stage, the transition, and on closing
 * the protocol it ran under. Undefined when the case is no longer at `version`.
 */
export async function recordStageMove(
  tx: Tx,
  current: CaseRecord,
  move: { to: CaseStage; version: number; by: string; reason: string },
) {
  if (move.to === 'closed') {
    const { protocol, transfer } = await protocolOf(
      tx,
      current.clientId,
      current.protocolRevision,
      current.transferRevision,
    );
    await saveProtocolSnapshot(tx, current.id, protocol, transfer, move.by);
  }
  const updated = await updateCase(tx, current.id, move.version, { stage: move.to });
  if (!updated) return undefined;
  const transition = await insertTransition(tx, {
    caseId: current.id,
    from: current.stage,
    to: move.to,
    by: move.by,
    reason: move.reason,
  });
  return { updated, transition };
}
