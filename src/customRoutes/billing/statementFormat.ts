import type { BillableCase, CptCode } from '../../../contract/billing';
import { formatHours } from '../../resources/cases/print/caseHours';

/** "95714 × 2": a code and how many units of it the month bills. */
export const cptText = ({ code, units }: CptCode) => `${code} × ${units}`;

/** Why a line bills no long-term code: a recording under 2 h is a routine EEG. */
export const lineNote = (line: BillableCase) =>
  line.cpt.flag === 'routine' ? 'Routine EEG: under 2 h of recording, outside the long-term codes' : '';

/**
 * Signed minutes as hours with 2 places, as the server writes them ("-1.50"): only for the minutes that
 * come without hours, the frozen and current figures of a change since closing.
 */
export const signedHours = (minutes: number) =>
  minutes < 0 ? `-${formatHours(-minutes)}` : formatHours(minutes);
