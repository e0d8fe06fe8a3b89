import { defaultExporter, type Exporter } from 'react-admin';

/** A negative number is a number to a spreadsheet, not a formula: amounts and adjustments stay summable. */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;

/** A spreadsheet runs a cell that starts like a formula: such text is kept as text (OWASP CSV injection). */
export const asText = (value: string) =>
  /^[=+\-@\t\r]/.test(value) && !NEGATIVE_NUMBER.test(value) ? `'${value}` : value;

/** `value` with every string in it, however deep (jsonexport flattens objects and arrays), kept as text. */
function keptAsText(value: unknown): unknown {
  if (typeof value === 'string') return asText(value);
  if (Array.isArray(value)) return value.map(keptAsText);
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([key, cell]) => [key, keptAsText(cell)]));
  }
  return value;
}

/**
 * The one CSV exporter of every list (react-admin's `exporter` prop) and table: react-admin's own, with
 * every text cell kept from running as a formula, so no list or report can export one.
 */
export const safeExporter: Exporter = (records, fetchRelatedRecords, dataProvider, resource) =>
  defaultExporter(records.map(keptAsText), fetchRelatedRecords, dataProvider, resource);

/**
 * Offers `rows` as `{name}.csv`, one column per key, through the lists' exporter (the same CSV as their
 * Export button). Hours and amounts go in as the strings the API sent, never re-computed.
 */
export function downloadTable(name: string, rows: readonly Record<string, string | number>[]) {
  safeExporter(rows.slice(), async () => ({}), undefined as never, name);
}
