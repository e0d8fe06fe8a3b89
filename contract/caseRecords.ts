/**
 * A case's clinical records (DESIGN §4 "Per-case records"), named as in the API paths. Each is kept as an
 * item with revisions; the clinical-records issue adds their fields and calls.
 */
export const CASE_RECORD_KINDS = [
  'interpretations',
  'impedances',
  'events',
  'time-logs',
  'case-notes',
  'billing-notes',
] as const;
export type CaseRecordKind = (typeof CASE_RECORD_KINDS)[number];
