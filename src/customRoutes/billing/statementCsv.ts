import type { Statement } from '../../../contract/billing';
import { downloadTable } from '../../csv';
import type { TimeFormat } from '../../print/reportFormat';
import { cptText, lineNote, signerText, unreportedText } from './statementFormat';

const NO_RATE = 'No rate set';

/** A reader's name and credentials by username. */
type ReaderName = (username: string) => string;

/**
 * The statement as a spreadsheet: one row per case, then the totals with the rate and amount (the amount
 * exists only for the whole month: it is rounded once, never per line). Times in the client's zone; hours
 * and money as the server sent them; `downloadTable` keeps free text from running as a formula.
 */
function statementCsvRows(
  statement: Statement,
  time: TimeFormat,
  readerName: ReaderName = (reader) => reader,
) {
  const lines = statement.lines.map((line) => ({
    'Case number': line.caseNumber,
    Patient: line.patientName,
    MRN: line.mrn,
    'Recording start': time(line.recordingStart),
    'Recording end': time(line.recordingEnd),
    'Billable minutes': line.minutes,
    'Billable hours': line.hours,
    'Adjustment minutes': line.adjustMinutes,
    'Adjustment hours': line.adjustHours,
    'Total minutes': line.totalMinutes,
    'Total hours': line.totalHours,
    'CPT codes': line.cpt.codes.map(cptText).join('; '),
    'Professional codes': (line.professional?.readers ?? [])
      .map(({ reader, codes }) => `${signerText(reader, readerName)}: ${codes.map(cptText).join(', ')}`)
      .join('; '),
    Unreported: (line.professional?.unreported ?? [])
      .map((period) => unreportedText(period, time))
      .join('; '),
    Note: lineNote(line),
    Currency: '',
    Rate: '',
    Amount: '',
  }));
  const { totals, cycle } = statement;
  // The amount is minutes × rate / 60, rounded once: the minutes are here so that it can be checked.
  const totalRow = {
    'Case number': 'Total',
    Patient: '',
    MRN: '',
    'Recording start': '',
    'Recording end': '',
    'Billable minutes': totals.minutes,
    'Billable hours': totals.hours,
    'Adjustment minutes': totals.adjustMinutes,
    'Adjustment hours': totals.adjustHours,
    'Total minutes': totals.totalMinutes,
    'Total hours': totals.totalHours,
    'CPT codes': '',
    'Professional codes': '',
    Unreported: '',
    Note: statement.draft ? 'DRAFT: the month is still open' : '',
    Currency: statement.client.currency,
    Rate: cycle.rate ?? NO_RATE,
    Amount: totals.amount ?? NO_RATE,
  };
  return [...lines, totalRow];
}

/** Offers `statement-BMH-2026-10.csv`. */
export const downloadStatement = (statement: Statement, time: TimeFormat, readerName?: ReaderName) =>
  downloadTable(
    `statement-${statement.client.code}-${statement.cycle.month}`,
    statementCsvRows(statement, time, readerName),
  );
