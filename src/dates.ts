import { intlFormat } from 'date-fns';

/** A date and time in the user's locale and time zone, e.g. "12 Mar 2026, 14:05" (DESIGN §7). */
export const formatDateTime = (iso: string) =>
  intlFormat(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
