const monthFormats = new Map<string, Intl.DateTimeFormat>();

/** The month (YYYY-MM) a moment falls in, in a time zone: billing months are the client's (DESIGN §4). */
export function monthIn(timeZone: string, moment = new Date()): string {
  // Building a formatter is slow (the board asks for every client's month on each call): one per zone.
  let format = monthFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit' });
    monthFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(moment);
  // Stryker disable next-line OptionalChaining: a year-and-month format always has both parts.
  const part = (type: string) => parts.find((found) => found.type === type)?.value;
  return `${part('year')}-${part('month')}`;
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * One clock (DESIGN §4): a moment on a zone's 24-hour wall clock with the zone's abbreviation, e.g.
 * "Nov 23, 2026, 04:05 MST" (`withYear`) or "Nov 23, 04:05 MST"; in `locale`, or the reader's own when
 * none is given. The server's messages and the browser's pages read times the same way; one formatter
 * per zone and shape is kept, as building one is slow.
 */
export function wallClockFormat(
  timeZone: string,
  { locale, withYear }: { locale?: string; withYear: boolean },
): Intl.DateTimeFormat {
  // Stryker disable next-line StringLiteral: any text that is not a locale stands for "none" in the key.
  const key = `${timeZone} ${locale ?? ''} ${withYear}`;
  let format = wallClockFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone,
      ...(withYear ? { year: 'numeric' } : {}),
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'short',
    });
    wallClockFormats.set(key, format);
  }
  return format;
}
