import type { BillableCase, CptCode, ReaderCodes, UnreportedPeriod } from '../../../contract/billing';
import { formatDuration } from '../../../contract/hours';
import type { TimeFormat } from '../../print/reportFormat';

/** "95714 × 2": a code and how many units of it the month bills. */
export const cptText = ({ code, units }: CptCode) => `${code} × ${units}`;

/** A signer by name and credentials, from their username; lines frozen without a case reader name none. */
export const signerText = (reader: ReaderCodes['reader'], readerName: (username: string) => string) =>
  reader ? readerName(reader) : 'Reader not named';

/** "Unreported: Nov 3, 2026, 12:00 AM EST – Nov 4, 2026, 12:00 AM EST (24 h), no signed report". */
export const unreportedText = ({ start, end, minutes }: UnreportedPeriod, time: TimeFormat) =>
  `Unreported: ${time(start)} – ${time(end)} (${formatDuration(minutes)}), no signed report`;

/** Every professional code of a line, whoever signed. */
export const professionalCodesOf = (line: BillableCase) =>
  (line.professional?.readers ?? []).flatMap((reader) => reader.codes);

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
