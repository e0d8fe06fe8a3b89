import { TZDate, tzOffset } from '@date-fns/tz';
import { format, intlFormat, parseISO } from 'date-fns';
import { wallClockFormat } from '../contract/calendar';

/** A date and time in the user's locale and time zone, e.g. "12 Mar 2026, 14:05" (DESIGN §7). */
export const formatDateTime = (iso: string) =>
  intlFormat(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });

/** A calendar date (`1961-07-04`, no time or zone, e.g. a date of birth) in the user's locale: "4 Jul 1961". */
export const formatCalendarDate = (isoDate: string) => intlFormat(parseISO(isoDate), { dateStyle: 'medium' });

/** As `formatDateTime`, or a dash for a time not set yet (e.g. a recording that has not started). */
export const formatOptionalDateTime = (iso: string | null) => (iso ? formatDateTime(iso) : '—');

/**
 * One clock (DESIGN §4): a case's moment in its client's time zone with the zone's abbreviation, the same
 * on screen as on paper, e.g. "Nov 23, 2026, 04:05 MST"; a dash for a time not set. Whatever zone the
 * browser is in, a technologist on the phone with the ICU reads the ward's time.
 */
export function formatInZone(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '—';
  return wallClockFormat(timeZone, { withYear: true }).format(new Date(iso));
}

/** A formatter bound to one client's zone, for a page of one case: `const time = timesIn(tz); time(iso)`. */
export const zonedTimes = (timeZone: string) => (iso: string | null | undefined) =>
  formatInZone(iso, timeZone);

/** The wall-clock reading of an instant in a zone, as a `datetime-local` input holds it: "2026-11-23T04:05". */
export function wallClockIn(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const instant = Date.parse(iso);
  if (Number.isNaN(instant)) return '';
  return format(new TZDate(instant, timeZone), "yyyy-MM-dd'T'HH:mm");
}

/** The zone's abbreviation at an instant, "MST" or "MDT" (as `formatInZone` writes it). */
export const zoneAbbreviation = (iso: string, timeZone: string) =>
  formatInZone(iso, timeZone).split(' ').at(-1) ?? timeZone;

/**
 * A wall-clock time read in a zone. Around a change of clocks a wall-clock time may not exist (spring
 * forward: 02:30 is skipped) or exist twice (fall back: 01:30 comes round again).
 */
export type WallClockReading =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'nonexistent' }
  /** `ambiguous`: the time came twice; `instant` is the earlier one, `later` the other. */
  | { kind: 'instant'; instant: string; ambiguous: false }
  | { kind: 'instant'; instant: string; ambiguous: true; later: string };

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;
const DAY = 24 * 3_600_000;

/**
 * The instant a wall-clock time ("2026-11-23T04:05") names in a zone, whatever zone the browser is in: each
 * offset the zone has around that day is tried, and those that read back as the same wall clock are the
 * instants it names (none in a gap, two in an overlap).
 */
export function readWallClock(text: string, timeZone: string): WallClockReading {
  if (!text) return { kind: 'empty' };
  const match = WALL_CLOCK.exec(text);
  if (!match) return { kind: 'invalid' };
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsets = new Set(
    [asUtc - DAY, asUtc, asUtc + DAY].map((probe) => tzOffset(timeZone, new Date(probe))),
  );
  const wanted = text.slice(0, 16);
  const instants = [...offsets]
    .map((offset) => asUtc - offset * 60_000)
    .filter((instant) => wallClockIn(new Date(instant).toISOString(), timeZone) === wanted)
    .sort((a, b) => a - b)
    .map((instant) => new Date(instant).toISOString());
  if (instants.length === 0) return { kind: 'nonexistent' };
  if (instants.length === 1) return { kind: 'instant', instant: instants[0], ambiguous: false };
  return { kind: 'instant', instant: instants[0], ambiguous: true, later: instants[instants.length - 1] };
}
