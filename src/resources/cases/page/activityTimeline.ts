import {
  CASE_STAGES,
  type CaseAction,
  type CaseDetails,
  type CaseHandover,
  type CaseTransition,
} from '../../../../contract/cases';
import { STAGE_LABELS } from '../caseLabels';

type ActivityEntry =
  | { type: 'transition'; at: string; transition: CaseTransition }
  | { type: 'action'; at: string; action: CaseAction }
  | { type: 'handover'; at: string; handover: CaseHandover };

/**
 * The case's stage changes, its own actions (a transition's actions stay with it) and its handovers between
 * technologists, newest first.
 */
export function activityTimeline({
  transitions,
  actions,
  handovers,
}: Pick<CaseDetails, 'transitions' | 'actions' | 'handovers'>) {
  const entries: ActivityEntry[] = [
    ...transitions.map((transition) => ({ type: 'transition' as const, at: transition.at, transition })),
    ...actions.map((action) => ({ type: 'action' as const, at: action.at, action })),
    ...handovers.map((handover) => ({ type: 'handover' as const, at: handover.at, handover })),
  ];
  return entries.sort((a, b) => b.at.localeCompare(a.at));
}

/** "Intake → Monitoring", with what kind of move it was when it was not a step forward. */
export function transitionHeading({ from, to }: Pick<CaseTransition, 'from' | 'to'>): string {
  const path = `${STAGE_LABELS[from]} → ${STAGE_LABELS[to]}`;
  if (from === 'intake' && to === 'closed') return `Cancelled: ${path}`;
  return CASE_STAGES.indexOf(to) < CASE_STAGES.indexOf(from) ? `Reopened: ${path}` : path;
}
