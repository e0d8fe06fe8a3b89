import type { CaseStage } from './cases';

/**
 * Deleting a case (DESIGN §4): only a mistaken intake with nothing recorded goes; any other case keeps its
 * history and is cancelled instead, which an audit can follow.
 */
export function caseDeletionRefusal(
  caseNumber: string,
  stage: CaseStage,
  hasRecords: boolean,
): string | undefined {
  const cancelInstead = 'cancel it: move it to closed with a reason';
  if (stage !== 'intake') return `Case ${caseNumber} is in ${stage} and cannot be deleted; ${cancelInstead}.`;
  if (hasRecords) return `Case ${caseNumber} has records and cannot be deleted; ${cancelInstead}.`;
  return undefined;
}
