/**
 * Case numbers (DESIGN §4): `{client code}-{year}-{4-digit sequence per client and year}`, e.g.
 * `BMH-2026-0042`. The year is the client's own: a case taken in at 23:30 on 31 December in Chicago
 * belongs to that year, whatever the UTC date.
 */

export function caseYear(timeZone: string, at: Date): number {
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(at));
}

export function formatCaseNumber(code: string, year: number, sequence: number): string {
  return `${code}-${year}-${String(sequence).padStart(4, '0')}`;
}
