import type { ActionKind, AvailableTransition } from '../../../../contract/cases';

/** How the case page names its own values; the stages, study types and levels are in ../caseLabels. */

export const ACTION_KIND_LABELS: Record<ActionKind, string> = {
  'client-notified': 'Client notified',
  'physician-paged': 'Physician paged',
  'report-sent': 'Report sent',
  escalated: 'Escalated',
  other: 'Other',
  reviewed: 'Reviewed (first look)',
};

/** A transition button's label: "Move to monitoring", "Cancel case", "Reopen to reviewed". */
export function transitionLabel({ to, kind }: Pick<AvailableTransition, 'to' | 'kind'>): string {
  if (kind === 'cancel') return 'Cancel case';
  return `${kind === 'reopen' ? 'Reopen to' : 'Move to'} ${to}`;
}

/** The notification after a move: "Case NSG-2026-0001 moved to monitoring". */
export function transitionDoneMessage(
  caseNumber: string,
  { to, kind }: Pick<AvailableTransition, 'to' | 'kind'>,
) {
  if (kind === 'cancel') return `Case ${caseNumber} cancelled`;
  return `Case ${caseNumber} ${kind === 'reopen' ? 'reopened to' : 'moved to'} ${to}`;
}
