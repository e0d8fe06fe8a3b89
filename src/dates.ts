import { intlFormat, parseISO } from 'date-fns';

/** A date and time in the user's locale and time zone, e.g. "12 Mar 2026, 14:05" (DESIGN §7). */
export const formatDateTime = (iso: string) =>
  intlFormat(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar date (`1961-07-04`, no time or zone, e.g. a date of birth) in the user's locale: "4 Jul 1961". */
export const formatCalendarDate = (isoDate: string) => intlFormat(parseISO(isoDate), { dateStyle: 'medium' });

/** As `formatDateTime`, or a dash for a time not set yet (e.g. a recording that has not started). */
export const formatOptionalDateTime = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
