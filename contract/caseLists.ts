import type { CaseRow } from './cases';

/** How the case lists read: a row's own fields, and the moments a list's date filters stand for. */

/** A row's own fields, without those a list adds from its client, patient and assignments (details give them whole). */
export function caseRowHeader({
  clientName: _name,
  clientTimeZone: _zone,
  patientName: _patient,
  mrn: _mrn,
  technologists: _technologists,
  ...header
}: CaseRow) {
  return header;
}

/** The moment a `from`/`to` filter stands for: a day counts whole (in UTC); a moment is taken as it is. */
export function rangeBoundary(value: string, side: 'from' | 'to'): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(value);
  return new Date(`${value}T${side === 'to' ? '23:59:59.999' : '00:00:00.000'}Z`);
}
