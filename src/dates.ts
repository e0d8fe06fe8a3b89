import { intlFormat, parseISO } from 'date-fns';

/** A date and time in the user's locale and time zone, e.g. "12 Mar 2026, 14:05" (DESIGN §7). */
export const formatDateTime = (iso: string) =>
  intlFormat(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar date (`1961-07-04`, no time or zone, e.g. a date of birth) in the user's locale: "4 Jul 1961". */
export const formatCalendarDate = (isoDate: string) => intlFormat(parseISO(isoDate), { dateStyle: 'medium' });

/** As `formatDateTime`, or a dash for a time not set yet (e.g. a recording that has not started). */
export const formatOptionalDateTime = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One clock (DESIGN §4): a case's moment in its client's time zone with the zone's abbreviation, the same
 * on screen as on paper, e.g. "Nov 23, 2026, 04:05 MST"; a dash for a time not set. Whatever zone the
 * browser is in, a technologist on the phone with the ICU reads the ward's time.
 */
export function formatInZone(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  let format = zonedFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    zonedFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** A formatter bound to one client's zone, for a page of one case: `const time = timesIn(tz); time(iso)`. */
export const zonedTimes = (timeZone: string) => (iso: string | null | undefined) => formatInZone(iso, timeZone);
