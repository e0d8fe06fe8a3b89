import type { BillableCase, CptCode } from '../../../contract/billing';

/** "95714 × 2": a code and how many units of it the month bills. */
export const cptText = ({ code, units }: CptCode) => `${code} × ${units}`;

/** What a line's reader should know: a routine EEG outside the long-term codes, a running (stale) log. */
export function lineNote(line: BillableCase): string {
  return [
    line.cpt.flag === 'routine' ? 'Routine EEG: under 2 h of recording, outside the long-term codes' : '',
    line.openLog
      ? 'A time log is still running: counted up to now, at most one shift, so these hours may change'
      : '',
    line.staleLog
      ? 'The running log is stale (over a shift): ask the technologist to stop or correct it'
      : '',
  ]
    .filter(Boolean)
    .join('. ');
}
