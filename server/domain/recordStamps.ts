import type { GenericRecordKind } from '../../contract/caseRecords';

type Fields = Record<string, unknown>;

/**
 * What the server sets itself on a case record (DESIGN §4): who signed an interpretation and when, kept
 * while it stays signed; who recorded an event's notification, kept while its time is unchanged; a note's
 * time, by default `now` (ISO).
 */
export function serverStamps(
  kind: GenericRecordKind,
  fields: Fields,
  previous: Fields | undefined,
  username: string,
  now: string,
): Fields {
  if (kind === 'case-notes') return { ...fields, notedAt: fields.notedAt ?? now };
  if (kind === 'events') {
    if (!fields.notifiedAt) return { ...fields, notifiedBy: null };
    const unchanged = previous?.notifiedAt === fields.notifiedAt && previous?.notifiedBy;
    return { ...fields, notifiedBy: unchanged ? previous.notifiedBy : username };
  }
  if (kind !== 'interpretations') return fields;
  if (fields.status !== 'signed') return { ...fields, signedBy: null, signedAt: null };
  if (previous?.status === 'signed')
    return { ...fields, signedBy: previous.signedBy, signedAt: previous.signedAt };
  return { ...fields, signedBy: username, signedAt: now };
}
