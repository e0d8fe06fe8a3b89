import { intlFormat, parseISO } from 'date-fns';
import type { CaseDetails } from '../../../../contract/cases';
import { personLabel } from '../../../../contract/people';
import { RECORD_TIMES } from '../../../../contract/recordRules';
import { formatInZone } from '../../../dates';

/** How the record tabs write their values. */

const personOf = (details: CaseDetails, username: string) =>
  details.people.find((person) => person.username === username);

/** A user by name when the case knows it (its technologists, reader and signers), else by username. */
export const nameOf = (details: CaseDetails, username: string) =>
  details.technologists.find((technologist) => technologist.username === username)?.name ??
  personOf(details, username)?.name ??
  username;

/** A reader or signer by name and credentials ("Rhea Patel, MD, FACNS"), else by username. */
export const personLabelOf = (details: CaseDetails, username: string) =>
  personLabel(personOf(details, username) ?? { username });

/** "Event", from "event". */
export const capitalized = (text: string) => `${text[0].toUpperCase()}${text.slice(1)}`;

/** A YYYY-MM month, e.g. "March 2026". */
export const formatMonth = (month: string) =>
  intlFormat(parseISO(`${month}-01`), { year: 'numeric', month: 'long' });

/** Signed minutes: "+30 min", "−15 min", "0 min". */
export const formatMinutes = (minutes: number) =>
  `${minutes > 0 ? '+' : minutes < 0 ? '−' : ''}${Math.abs(minutes)} min`;

/** A span of time in the client's zone, "Mar 2, 2026, 09:30 MST – Mar 3, 2026, 07:00 MST"; either end may be open. */
export function formatPeriod(start: string | null, end: string | null, timeZone: string): string {
  if (!start && !end) return '—';
  return `${start ? formatInZone(start, timeZone) : '…'} – ${end ? formatInZone(end, timeZone) : '…'}`;
}

/** Now, to the minute: a new record's default time, as the date-time inputs show it. */
export const thisMinute = () => {
  const now = new Date();
  now.setSeconds(0, 0);
  return now.toISOString();
};

/**
 * Why the server refused a record, in one line naming each field; when a time is refused, the zone it was
 * read in, and this computer's when it keeps another: a time typed on one's own clock is the likely cause
 * (DESIGN §4 one clock).
 */
export function refusalOf(
  errors: Record<string, string>,
  labels: Readonly<Record<string, string>>,
  timeZone: string,
  browserZone: string,
): string {
  const said = Object.entries(errors).map(([field, message]) => {
    const label = labels[field] ?? field;
    return message.startsWith(label) ? message : `${label}: ${message}`;
  });
  const timeRefused = Object.keys(errors).some((field) => field in RECORD_TIMES);
  const elsewhere = browserZone === timeZone ? '' : `, not on this computer's (${browserZone})`;
  const zone = timeRefused ? ` Times here are typed on the client's clock, ${timeZone}${elsewhere}.` : '';
  return `Not saved: ${said.join('; ')}.${zone}`;
}
