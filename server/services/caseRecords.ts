import type { CallAttempt } from '../../contract/callAttempts';
import {
  type CaseRecordKind,
  type GenericRecordKind,
  INTERPRETATION_ANSWER_DEFAULTS,
  RECORD_SHAPES,
  type RecordItem,
} from '../../contract/caseRecords';
import { DEFAULT_IMPEDANCE_LIMIT_KOHM, type ProtocolRevision } from '../../contract/clients';
import { electrodesOverLimit, withModernElectrodes } from '../../contract/electrodes';
import type { FieldError } from '../../contract/envelope';
import { notificationInForce, type RuleRevision } from '../../contract/notifications';
import { futureTimeErrors, RECORD_RULES, withAnswerDefaults } from '../../contract/recordRules';
import type { Role } from '../../contract/roles';
import { type SignedReading, signingErrors } from '../../contract/signing';
import { attemptsOfCase, insertAttempt } from '../db/callAttempts';
import { getProtocolSnapshot } from '../db/caseHistory';
import { refreshCaseHours } from '../db/caseHours';
import {
  appendRevision,
  findItem,
  insertItem,
  isConcurrentRecordRevision,
  itemHistory,
  latestRevision,
  listLatestRevisions,
  type StoredRevision,
} from '../db/caseRecords';
import type { CaseRecord } from '../db/cases';
import { contactsByIds, contactsOfClient, existingContactIds } from '../db/clientContacts';
import { getRevision, ruleRevisions } from '../db/protocolRevisions';
import { type DbOrTx, readAll } from '../db/transaction';
import {
  type InterpretationState,
  type InterpretationWrite,
  interpretationRefusal,
  type ReportPeriod,
  reportPeriodRefusal,
} from '../domain/interpretations';
import { interpretationFor } from '../domain/minimumNecessary';
import { serverStamps } from '../domain/recordStamps';
import { badRequest, conflict, notFound } from '../errors';
import { enqueueSignedReport } from '../interfaces/outbox';
import type { Writer } from './audit';
import { auditCaseWrite, lockOpenCase, requireCase, studyOf } from './cases';

/**
 * The clinical records of a case (DESIGN §8 "Case records"), one generic mechanism for every kind: list
 * the latest revisions, create (revision 1), revise from a base revision (409 when someone revised it
 * first), void by revision, and the history of an item. Time logs have their own service.
 */

/** The protocol the case runs under: its revision, or the copy taken when it closed (DESIGN §4). */
async function caseProtocol(db: DbOrTx, found: CaseRecord): Promise<ProtocolRevision | null> {
  if (found.stage === 'closed') {
    const snapshot = await getProtocolSnapshot(db, found.id);
    if (snapshot) return snapshot.protocol;
  }
  const protocol = found.protocolRevision
    ? await getRevision(db, found.clientId, 'protocol', found.protocolRevision)
    : undefined;
  return protocol?.kind === 'protocol' ? protocol : null;
}

/**
 * What a kind's answers are computed against: the impedance limit of the case's protocol; for events, the
 * client's protocol revisions (an event answers to the one in force when it occurred, DESIGN §4 round
 * three), the case's own revision and the contacts.
 */
type RecordContext = {
  limitKOhm: number;
  ruleRevisions: RuleRevision[];
  caseRevision: number | null;
  contacts: Awaited<ReturnType<typeof contactsOfClient>>;
  /** Events: their call attempts, by event. */
  attempts: Map<number, CallAttempt[]>;
};

export async function recordContext(
  db: DbOrTx,
  kind: GenericRecordKind,
  found: CaseRecord,
): Promise<RecordContext> {
  const none: RecordContext = {
    limitKOhm: DEFAULT_IMPEDANCE_LIMIT_KOHM,
    ruleRevisions: [],
    caseRevision: found.protocolRevision,
    contacts: [],
    attempts: new Map(),
  };
  if (kind === 'impedances') {
    const protocol = await caseProtocol(db, found);
    return { ...none, limitKOhm: protocol?.impedanceLimitKOhm ?? none.limitKOhm };
  }
  if (kind !== 'events') return none;
  const revisions = await ruleRevisions(db, found.clientId);
  const anyRules = revisions.some((revision) => revision.notificationRules.length > 0);
  return {
    ...none,
    ruleRevisions: revisions,
    contacts: anyRules ? await contactsOfClient(db, found.clientId) : [],
    attempts: anyRules ? await attemptsOfCase(db, found.id) : new Map(),
  };
}

/** A stored revision as the API answers it: its fields and the revision's facts (DESIGN §4). */
export const withMeta = (stored: StoredRevision): RecordItem => ({
  ...stored.body,
  _id: stored.itemId,
  revision: stored.revision,
  author: stored.author,
  createdAt: stored.createdAt.toISOString(),
  voided: stored.voided,
  voidReason: stored.voidReason,
});

export function toItem(kind: GenericRecordKind, stored: StoredRevision, context: RecordContext): RecordItem {
  const item = withMeta(stored);
  if (kind === 'impedances') {
    // Checks stored before the old names were renamed answer under the modern ones too.
    const values = withModernElectrodes((stored.body.values ?? {}) as Record<string, number>);
    item.values = values;
    item.overLimit = electrodesOverLimit(values, context.limitKOhm);
  }
  if (kind === 'interpretations') withAnswerDefaults(item, INTERPRETATION_ANSWER_DEFAULTS);
  if (kind === 'events') {
    item.notifiedBy ??= null;
    item.notification = notificationInForce(
      {
        ...(item as RecordItem & { type: string; occurredAt: string }),
        attempts: context.attempts.get(item._id) ?? [],
      },
      context.ruleRevisions,
      context.caseRevision,
      context.contacts,
      new Date(),
    );
  }
  return item;
}

/** A record as the caller's roles may read it: billing reads whether an interpretation is signed, not its text. */
const readableBy = (roles: readonly Role[], kind: GenericRecordKind, item: RecordItem) =>
  kind === 'interpretations' ? interpretationFor(roles, item) : item;

/**
 * The whole record as it will be stored, checked field by field and across fields, and the record times
 * the writer sent against the clock (a time carried over from the base revision is not checked again).
 */
function checkedFields(
  kind: GenericRecordKind,
  fields: Record<string, unknown>,
  sent: Record<string, unknown>,
) {
  const parsed = RECORD_SHAPES[kind].safeParse(fields);
  // A revision that only voids (or restores) changes no field: a rule added since it was written (a call
  // before its event, an ACNS definition) does not keep an old record from being voided.
  const changesFields = Object.keys(sent).length > 0;
  const errors: FieldError[] = parsed.success
    ? changesFields
      ? (RECORD_RULES[kind]?.(parsed.data) ?? [])
      : []
    : parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  const future = futureTimeErrors(sent, new Date()).filter(
    (error) => !errors.some(({ field }) => field === error.field),
  );
  errors.push(...future);
  if (errors.length > 0) throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);
  return parsed.data as Record<string, unknown>;
}

/**
 * A call recorded the turn-3 way (the event's `notifiedAt` and `notifiedContactId`, set or changed by this
 * write) is appended as a reached attempt whose read-back is unknown, so the notification has one store.
 */
async function appendNotifiedCall(
  tx: DbOrTx,
  itemId: number,
  fields: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
  username: string,
) {
  const { notifiedAt, notifiedContactId } = fields;
  if (typeof notifiedAt !== 'string' || typeof notifiedContactId !== 'number') return;
  if (previous?.notifiedAt === notifiedAt && previous?.notifiedContactId === notifiedContactId) return;
  const [contact] = await contactsByIds(tx, [notifiedContactId]);
  await insertAttempt(tx, {
    itemId,
    at: new Date(notifiedAt),
    contactId: notifiedContactId,
    number: contact?.phone ?? '',
    outcome: 'reached',
    readBack: null,
    reachedName: null,
    note: null,
    by: username,
  });
}

/** The notified contact the writer names must be one of the case's client (400 otherwise). */
async function checkNotifiedContact(tx: DbOrTx, found: CaseRecord, sent: Record<string, unknown>) {
  const contactId = sent.notifiedContactId;
  if (typeof contactId !== 'number') return;
  if ((await existingContactIds(tx, found.clientId, [contactId])).has(contactId)) return;
  const message = `Contact ${contactId} is not a contact of this case's client`;
  throw badRequest(`Invalid notifiedContactId`, [{ field: 'notifiedContactId', message }]);
}

/**
 * A report's period lies within the recording (409 naming the recording, DESIGN §4 round three), checked
 * when the period is written: on create, or by a revision that changes it or the kind.
 */
async function checkReportPeriod(
  tx: DbOrTx,
  found: CaseRecord,
  fields: Record<string, unknown>,
  sent: Record<string, unknown>,
) {
  if (!['kind', 'periodStart', 'periodEnd'].some((field) => field in sent)) return;
  const refusal = reportPeriodRefusal(fields as unknown as ReportPeriod, await studyOf(tx, found));
  if (refusal) throw conflict(refusal);
}

/** An interpretation's state as the integrity rules see it, from its stored fields. */
const stateOf = (fields: Record<string, unknown>) => ({
  kind: fields.kind as InterpretationState['kind'],
  status: fields.status as InterpretationState['status'],
  amendsId: (fields.amendsId as number | null | undefined) ?? null,
});

/** One live final, signed ones never voided nor edited, addenda that amend (409 or 400, DESIGN §4). */
async function checkInterpretation(tx: DbOrTx, caseId: number, write: InterpretationWrite) {
  const existing = (await listLatestRevisions(tx, caseId, ['interpretations'])).map((row) => ({
    itemId: row.itemId,
    voided: row.voided,
    ...stateOf(row.body),
  }));
  const refusal = interpretationRefusal(existing, write);
  if (!refusal) return;
  if (refusal.status === 409) throw conflict(refusal.message);
  throw badRequest(`Invalid ${refusal.field}`, [{ field: refusal.field, message: refusal.message }]);
}

/**
 * A write that signs (a create as signed, or the revision to signed: a signed one is never revised, so
 * any write storing "signed" past the checks above is the signature) must answer "seizures in this period"
 * in agreement with the seizure entries (400, DESIGN §4 round three). Drafts may disagree.
 */
function checkSigning(fields: Record<string, unknown>) {
  if (fields.status !== 'signed') return;
  const errors = signingErrors(fields as unknown as SignedReading);
  if (errors.length > 0) throw badRequest(`Invalid ${errors.map((e) => e.field).join(', ')}`, errors);
}

/** A 404 unless the item is of this kind on this case. */
async function requireItem(db: DbOrTx, caseId: number, kind: CaseRecordKind, itemId: number) {
  if (!(await findItem(db, caseId, kind, itemId))) throw notFound(`Record ${itemId} not found on this case`);
}

/** The item's latest revision, which the revision must be based on: 404 for no such item, 409 when stale. */
export async function revisedFrom(
  tx: DbOrTx,
  caseId: number,
  kind: CaseRecordKind,
  itemId: number,
  baseRevision: number,
): Promise<StoredRevision> {
  await requireItem(tx, caseId, kind, itemId);
  const latest = await latestRevision(tx, itemId);
  if (!latest || latest.revision !== baseRevision) {
    throw conflict(
      `This record was revised by someone else meanwhile (now revision ${latest?.revision}); reload and try again.`,
    );
  }
  return latest;
}

/** Two writers revising the same base at once: the second one's insert collides (409). */
export function concurrentRevisionConflict(error: unknown): never {
  if (isConcurrentRecordRevision(error)) {
    throw conflict('This record was revised by someone else meanwhile; reload and try again.');
  }
  throw error;
}

/** An item's history, newest first; 404 unless the item is of this kind on this case. */
export async function historyOf(db: DbOrTx, caseId: number, kind: CaseRecordKind, itemId: number) {
  const found = await requireCase(db, caseId);
  await requireItem(db, caseId, kind, itemId);
  return { found, history: await itemHistory(db, itemId) };
}

/** The latest revision of every record of this kind on the case, as the caller may read them. */
export async function listRecords(
  db: DbOrTx,
  caller: Writer,
  kind: GenericRecordKind,
  caseId: number,
  ids?: ReadonlySet<number>,
): Promise<RecordItem[]> {
  const found = await requireCase(db, caseId);
  const [stored, context] = await readAll(db, [
    () => listLatestRevisions(db, found.id, [kind]),
    () => recordContext(db, kind, found),
  ]);
  return stored
    .filter((row) => !ids || ids.has(row.itemId))
    .map((row) => readableBy(caller.user.roles, kind, toItem(kind, row, context)));
}

/** Every revision of one record, newest first, as the caller may read them. */
export async function recordHistory(
  db: DbOrTx,
  caller: Writer,
  kind: GenericRecordKind,
  caseId: number,
  itemId: number,
): Promise<RecordItem[]> {
  const { found, history } = await historyOf(db, caseId, kind, itemId);
  const context = await recordContext(db, kind, found);
  return history.map((row) => readableBy(caller.user.roles, kind, toItem(kind, row, context)));
}

/** A new record (revision 1) on an open case, checked, with what follows from it and its audit entry. */
export async function createRecord(
  tx: DbOrTx,
  request: Writer,
  kind: GenericRecordKind,
  caseId: number,
  sent: Record<string, unknown>,
): Promise<RecordItem> {
  const { username } = request.user;
  const found = await lockOpenCase(tx, caseId);
  const fields = serverStamps(
    kind,
    checkedFields(kind, sent, sent),
    undefined,
    username,
    new Date().toISOString(),
  );
  await checkNotifiedContact(tx, found, sent);
  if (kind === 'interpretations') {
    await checkReportPeriod(tx, found, fields, sent);
    await checkInterpretation(tx, caseId, { next: { ...stateOf(fields), voided: false } });
    checkSigning(fields);
  }
  const stored = await insertItem(tx, caseId, kind, fields, username);
  if (kind === 'events') await appendNotifiedCall(tx, stored.itemId, fields, undefined, username);
  if (kind === 'interpretations' && fields.status === 'signed')
    await enqueueSignedReport(tx, caseId, stored.itemId, 1, fields);
  if (kind === 'billing-notes') await refreshCaseHours(tx, [caseId]);
  await auditCaseWrite(tx, request, `record.create`, caseId, {
    kind,
    itemId: stored.itemId,
    revision: 1,
  });
  return toItem(kind, stored, await recordContext(tx, kind, found));
}

/** What a revision sends: the base it revises, whether it voids, and the changed fields. */
export type RecordRevision = Record<string, unknown> & {
  baseRevision: number;
  voided?: boolean;
  voidReason: string;
};

/** The next revision of a record on an open case (or its voiding), checked as a create is. */
export async function reviseRecord(
  tx: DbOrTx,
  request: Writer,
  kind: GenericRecordKind,
  caseId: number,
  itemId: number,
  { baseRevision, voided, voidReason, ...changes }: RecordRevision,
): Promise<RecordItem> {
  const { username } = request.user;
  const found = await lockOpenCase(tx, caseId);
  const latest = await revisedFrom(tx, caseId, kind, itemId, baseRevision);
  const fields = serverStamps(
    kind,
    checkedFields(kind, { ...latest.body, ...changes }, changes),
    latest.body,
    username,
    new Date().toISOString(),
  );
  await checkNotifiedContact(tx, found, changes);
  if (kind === 'interpretations') {
    await checkReportPeriod(tx, found, fields, changes);
    const next = { ...stateOf(fields), voided: voided ?? latest.voided };
    await checkInterpretation(tx, caseId, { itemId, next });
    checkSigning(fields);
  }
  const stored = await appendRevision(
    tx,
    itemId,
    latest.revision + 1,
    fields,
    { voided: voided ?? latest.voided, voidReason: voided ? voidReason : latest.voidReason },
    username,
  );
  if (kind === 'events') await appendNotifiedCall(tx, itemId, fields, latest.body, username);
  // The revision that signs (a signed one is never revised) sends the report to the hospital.
  if (kind === 'interpretations' && fields.status === 'signed' && latest.body.status !== 'signed')
    await enqueueSignedReport(tx, caseId, itemId, stored.revision, fields);
  if (kind === 'billing-notes') await refreshCaseHours(tx, [caseId]);
  await auditCaseWrite(tx, request, voided ? 'record.void' : 'record.revise', caseId, {
    kind,
    itemId,
    revision: stored.revision,
  });
  return toItem(kind, stored, await recordContext(tx, kind, found));
}
