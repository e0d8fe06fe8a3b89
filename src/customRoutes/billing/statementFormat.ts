import type { BillableCase, CptCode } from '../../../contract/billing';

/** "95714 × 2": a code and how many units of it the month bills. */
export const cptText = ({ code, units }: CptCode) => `${code} × ${units}`;

/** Why a line bills no long-term code: a recording under 2 h is a routine EEG. */
export const lineNote = (line: BillableCase) =>
  line.cpt.flag === 'routine' ? 'Routine EEG: under 2 h of recording, outside the long-term codes' : '';
