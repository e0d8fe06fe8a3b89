/** The month (YYYY-MM) a moment falls in, in a time zone: billing months are the client's (DESIGN §4). */
export function monthIn(timeZone: string, moment = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
  }).formatToParts(moment);
  const part = (type: string) => parts.find((found) => found.type === type)?.value;
  return `${part('year')}-${part('month')}`;
}
