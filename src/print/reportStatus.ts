import type { RecordFields } from '../../contract/caseRecords';
import type { CaseDetails } from '../../contract/cases';

/** What the status reads of an interpretation. */
type Interpretation = Pick<RecordFields<'interpretations'>, 'kind' | 'status'> & { voided: boolean };

/**
 * What a printed report is (DESIGN §4 "Print"): `final` once a signed final interpretation exists,
 * `preliminary` until then, `cancelled` (with the reason) for a case closed from intake. A role that may not
 * read the interpretations (billing) goes by the stage: reviewed and closed cases have a signed final.
 */
export type ReportStatus =
  | { kind: 'final' }
  | { kind: 'preliminary' }
  | { kind: 'cancelled'; reason: string };

export function reportStatus(
  details: Pick<CaseDetails, 'stage' | 'transitions'>,
  interpretations: readonly Interpretation[] | undefined,
): ReportStatus {
  const closing = details.transitions.findLast((transition) => transition.to === 'closed');
  if (details.stage === 'closed' && closing?.from === 'intake')
    return { kind: 'cancelled', reason: closing.reason };
  const signedFinal = interpretations
    ? interpretations.some((found) => found.kind === 'final' && found.status === 'signed' && !found.voided)
    : details.stage === 'reviewed' || details.stage === 'closed';
  return signedFinal ? { kind: 'final' } : { kind: 'preliminary' };
}

/** The marker a report carries on every page, or none for a final one. */
export function statusMarker(status: ReportStatus): string | null {
  if (status.kind === 'preliminary') return 'PRELIMINARY: no signed final interpretation';
  if (status.kind === 'cancelled') return `CANCELLED: ${status.reason}`;
  return null;
}
