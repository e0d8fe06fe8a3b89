/**
 * `YYYY-MM-DDTHH:mm` of a moment on a client's wall clock, as a case's date-and-time inputs take it: a
 * case's times are typed in its client's zone whatever zone the browser is in (DESIGN §4 "One clock").
 */
export function wallClockIn(timeZone: string, at: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}
