import { formatDuration, spanMinutes } from '../contract/hours';

/**
 * How long from `start` to `end`, or to `now` while it runs, as billing counts that span (its minute grid,
 * `spanMinutes`) and written as `formatDuration` writes it: a log of 10:00:30–11:00:10 reads "1 h", as it
 * is billed. Every span shown on screen and in print goes through here (DESIGN §4 "Round three (turn 4)").
 */
export const spanText = (start: string, end: string | null, now = Date.now()) =>
  formatDuration(spanMinutes(Date.parse(start), end === null ? now : Date.parse(end)));
