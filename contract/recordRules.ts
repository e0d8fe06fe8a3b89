import type { AcnsFindings } from './acns';
import { acnsDefinitionErrors } from './acnsRules';
import type { GenericRecordKind } from './caseRecords';
import type { FieldError } from './envelope';
import { isValidNotification, NOTIFIED_BEFORE_EVENT } from './notifications';

/**
 * The rules of a case's records (DESIGN §4 "Per-case records") beyond each field's own: across fields, record
 * times not in the future, and the defaults of records stored before their newer fields.
 * Pure: the server and the forms share them.
 */

const endAfterStart = (start: string | null | undefined, end: string | null | undefined) =>
  !start || !end || end >= start;

/** Rules across fields, checked on the whole record as it will be stored (after a revision's merge). */
export const RECORD_RULES: Partial<
  Record<GenericRecordKind, (fields: Record<string, unknown>) => { field: string; message: string }[]>
> = {
  interpretations: (fields) => [
    ...(endAfterStart(fields.periodStart as string, fields.periodEnd as string)
      ? []
      : [{ field: 'periodEnd', message: 'The period must end after it starts' }]),
    // DESIGN §4: the ACNS 2021 definitions are validation (lists left out are empty, as the shape defaults them).
    ...acnsDefinitionErrors({
      patterns: (fields.patterns ?? []) as AcnsFindings['patterns'],
      acnsSeizures: (fields.acnsSeizures ?? []) as AcnsFindings['acnsSeizures'],
      seizureBurdenPercent: (fields.seizureBurdenPercent ?? null) as number | null,
    }),
  ],
  events: (fields) => [
    ...(endAfterStart(fields.occurredAt as string, fields.endedAt as string)
      ? []
      : [{ field: 'endedAt', message: 'An event cannot end before it starts' }]),
    ...(fields.notifiedAt && !fields.notifiedContactId
      ? [{ field: 'notifiedContactId', message: 'Name the contact who was notified' }]
      : []),
    ...(typeof fields.notifiedAt === 'string' &&
    typeof fields.occurredAt === 'string' &&
    !isValidNotification(fields.occurredAt, fields.notifiedAt)
      ? [{ field: 'notifiedAt', message: NOTIFIED_BEFORE_EVENT }]
      : []),
  ],
};

/** Record times that may not lie ahead of the server's clock, by more than a clock's skew (DESIGN §4). */
export const RECORD_TIMES: Readonly<Record<string, string>> = {
  measuredAt: 'Measured at',
  occurredAt: 'Occurred at',
  notedAt: 'Noted at',
  notifiedAt: 'Notified at',
  periodStart: 'Period start',
  periodEnd: 'Period end',
};
/** How far ahead of the server's clock a record time may be (a browser's clock differs): time logs too. */
export const FUTURE_SKEW_MINUTES = 5;

/** The record times among `fields` more than `FUTURE_SKEW_MINUTES` after `now`, one error per field. */
export function futureTimeErrors(fields: Record<string, unknown>, now: Date): FieldError[] {
  const latest = now.getTime() + FUTURE_SKEW_MINUTES * 60_000;
  return Object.entries(RECORD_TIMES)
    .filter(([field]) => typeof fields[field] === 'string' && Date.parse(fields[field] as string) > latest)
    .map(([field, label]) => ({
      field,
      message: `${label} cannot be in the future (more than ${FUTURE_SKEW_MINUTES} minutes from now)`,
    }));
}

/** `item` with each of `defaults` it lacks (null or missing). */
export function withAnswerDefaults(
  item: Record<string, unknown>,
  defaults: Readonly<Record<string, unknown>>,
) {
  for (const [field, value] of Object.entries(defaults)) item[field] ??= value;
  return item;
}
