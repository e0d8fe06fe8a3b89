import { defaultExporter } from 'react-admin';

/** A spreadsheet runs a cell that starts like a formula: such text is kept as text (OWASP CSV injection). */
export const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * Offers `rows` as `{name}.csv`, one column per key, through react-admin's exporter (the same CSV as the
 * lists' Export button). Hours and amounts go in as the strings the API sent, never re-computed.
 */
export function downloadTable(name: string, rows: readonly Record<string, string | number>[]) {
  defaultExporter(rows.slice(), async () => ({}), undefined as never, name);
}
