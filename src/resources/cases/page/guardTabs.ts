import type { CaseTab } from './casePageTabs';

/**
 * The tab where an unmet stage guard (DESIGN §4, as the server words it) is put right: the patient's
 * details, the header's recording times and technologists, the time logs, interpretations or billing notes.
 * A reason asked for by the move itself has no tab.
 */
const GUARD_TABS: readonly [RegExp, CaseTab][] = [
  [/^Patient details/, 'patient'],
  [/technologist/, 'details'],
  [/^Set the recording (start|end) time/, 'details'],
  [/time logs?\b/, 'time-logs'],
  [/interpretation/, 'interpretations'],
  [/billing notes?\b/, 'billing-notes'],
];

export function guardTab(message: string): CaseTab | undefined {
  return GUARD_TABS.find(([pattern]) => pattern.test(message))?.[1];
}
