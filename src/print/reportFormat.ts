/** How the printed report writes times: in the client's time zone, each with the zone's name (DESIGN §4). */

/** A formatter of moments in one time zone, e.g. "Mar 2, 2026, 06:10 PM EST"; a dash for a time not set. */
export function timesIn(timeZone: string) {
  const format = new Intl.DateTimeFormat(undefined, {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  });
  return (iso: string | null) => (iso ? format.format(new Date(iso)) : '—');
}
export type TimeFormat = ReturnType<typeof timesIn>;

/** "1 voided event", "2 voided events". */
export const counted = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
