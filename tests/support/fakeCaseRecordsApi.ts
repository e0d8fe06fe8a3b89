import { type CallAttempt, type CallAttemptWrite, callAttemptInputSchema } from '../../contract/callAttempts';
import { callAttemptErrors } from '../../contract/callOrder';
import {
  GENERIC_RECORD_KINDS,
  type GenericRecordKind,
  INTERPRETATION_ANSWER_DEFAULTS,
  RECORD_SHAPES,
  type RecordItem,
  revisionInputSchema,
} from '../../contract/caseRecords';
import type { CaseDetails } from '../../contract/cases';
import type { CurrentUser } from '../../contract/chrome';
import {
  type Contact,
  DEFAULT_IMPEDANCE_LIMIT_KOHM,
  type NotificationRule,
  type ProtocolRevision,
} from '../../contract/clients';
import { electrodesOverLimit, withModernElectrodes } from '../../contract/electrodes';
import { notificationOf } from '../../contract/notifications';
import { API_PATHS } from '../../contract/paths';
import { futureTimeErrors, RECORD_RULES, withAnswerDefaults } from '../../contract/recordRules';
import { canAccess, rolesFromGroups } from '../../contract/roles';
import { type SignedReading, signingErrors } from '../../contract/signing';
import { closedCaseRefusal } from '../../server/domain/caseStages';
import { interpretationFor } from '../../server/domain/minimumNecessary';
import { serverStamps } from '../../server/domain/recordStamps';
import type { HttpClient, RequestOptions } from '../../src/dataProvider/httpClient';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { buildUser, type FakeApi, fakeHttpClient } from './fakeApi';
import { answered, conflict, type FakeRequest, now, type Result, validate } from './fakeApiRules';

/**
 * The generic case-record calls (DESIGN §8 "Case records") over in-memory items, with the server's rules
 * and messages (server/routes/cases/records.ts): bodies checked by the contract's schemas and the rules
 * across fields, revisions from the latest revision only (409 on a stale `baseRevision`), a void by
 * revision, `overLimit` against the case's protocol limit, interpretations signed by the server and then
 * changed only by a void, no write on a closed case, and the role table's 403.
 */

type Fields = Record<string, unknown>;

/** One revision of a seeded item: who wrote it, when, and its fields (a later one: what it changed). */
export interface SeedRevision {
  author: string;
  createdAt: string;
  fields: Fields;
  voided?: boolean;
  voidReason?: string;
}

/** A seeded item and its revisions, oldest first. */
export interface SeedRecord {
  id: number;
  caseId: number;
  kind: GenericRecordKind;
  revisions: SeedRevision[];
}

/** Someone else's revision, written just before the user's first revision of that item arrives. */
interface RevisedMeanwhile {
  itemId: number;
  author: string;
  changes: Fields;
}

export interface CaseRecordsSeed {
  records?: SeedRecord[];
  revisedMeanwhile?: RevisedMeanwhile[];
}

/** What the records' rules need to know of their case. */
export interface RecordCaseFacts {
  caseNumber: string;
  stage: CaseDetails['stage'];
  impedanceLimitKOhm: number;
  /** The protocol's notification rules and the client's contacts they name (events' notifications). */
  notificationRules: NotificationRule[];
  contacts: Contact[];
}

interface StoredRevision {
  revision: number;
  author: string;
  createdAt: string;
  voided: boolean;
  voidReason: string;
  fields: Fields;
}

interface StoredItem {
  id: number;
  caseId: number;
  kind: GenericRecordKind;
  revisions: StoredRevision[];
  /** Events: the call attempts logged through the fake (contract/callAttempts.ts). */
  attempts?: CallAttempt[];
}

/** A seeded item: revision 1 with its fields, each later revision's changes over the one before. */
export function seedRecord(
  id: number,
  caseId: number,
  kind: GenericRecordKind,
  ...revisions: SeedRevision[]
): SeedRecord {
  return { id, caseId, kind, revisions };
}

/**
 * A seeded revision's fields as the API stores them: the fields a seed leaves out filled in (null, or
 * empty) by its kind's shape, as the server's parse of a write does; those the server sets itself (a
 * signature) kept. A seed the shape refuses is kept as given, so that its answers fail the contract's
 * check rather than the seeding.
 */
function storedFields(kind: GenericRecordKind, fields: Fields): Fields {
  const parsed = RECORD_SHAPES[kind].safeParse(fields);
  return parsed.success ? { ...fields, ...(parsed.data as Fields) } : fields;
}

function storedOf({ id, caseId, kind, revisions }: SeedRecord): StoredItem {
  const stored: StoredRevision[] = [];
  for (const { author, createdAt, fields, voided = false, voidReason = '' } of revisions) {
    const previous = stored.at(-1);
    stored.push({
      revision: stored.length + 1,
      author,
      createdAt,
      voided: voided || (previous?.voided ?? false),
      voidReason: voided ? voidReason : (previous?.voidReason ?? ''),
      fields: storedFields(kind, { ...previous?.fields, ...fields }),
    });
  }
  return { id, caseId, kind, revisions: stored };
}

/**
 * The whole item as it will be stored: each field by its kind's shape, then the rules across fields (not
 * for a revision that only voids, as the server) and the record times the writer sent against the clock.
 */
function checkedFields(kind: GenericRecordKind, fields: Fields, sent: Fields): Fields {
  const parsed = validate(RECORD_SHAPES[kind], fields) as Fields;
  const rules = Object.keys(sent).length > 0 ? (RECORD_RULES[kind]?.(parsed) ?? []) : [];
  const errors = [...rules, ...futureTimeErrors(sent, new Date(now()))];
  // As the server, once the fields hold: a write storing "signed" (the revisions of a signed one are
  // refused before) answers "seizures in this period" in agreement with the seizure entries.
  if (errors.length === 0 && kind === 'interpretations' && parsed.status === 'signed')
    errors.push(...signingErrors(parsed as unknown as SignedReading));
  if (errors.length > 0)
    throw toHttpError(400, { error: `Invalid ${errors.map((e) => e.field).join(', ')}`, fields: errors });
  return parsed;
}

/** The notified contact must be one of the case's client. */
function checkNotifiedContact(facts: RecordCaseFacts, sent: Fields) {
  const contactId = sent.notifiedContactId;
  if (typeof contactId !== 'number' || facts.contacts.some(({ _id }) => _id === contactId)) return;
  const message = `Contact ${contactId} is not a contact of this case's client`;
  throw toHttpError(400, {
    error: 'Invalid notifiedContactId',
    fields: [{ field: 'notifiedContactId', message }],
  });
}

function answerOf(item: StoredItem, stored: StoredRevision, facts: RecordCaseFacts): RecordItem {
  const answer: RecordItem = {
    ...stored.fields,
    _id: item.id,
    revision: stored.revision,
    author: stored.author,
    createdAt: stored.createdAt,
    voided: stored.voided,
    voidReason: stored.voidReason,
  };
  if (item.kind === 'impedances') {
    const values = withModernElectrodes((stored.fields.values ?? {}) as Record<string, number>);
    answer.values = values;
    answer.overLimit = electrodesOverLimit(values, facts.impedanceLimitKOhm);
  }
  if (item.kind === 'events') {
    answer.notifiedBy ??= null;
    const fields = stored.fields as { notifiedAt?: string | null; notifiedContactId?: number | null };
    // A call recorded the turn-3 way answers as one reached attempt, read-back unknown (as migrated).
    const legacy: CallAttempt[] =
      fields.notifiedAt && fields.notifiedContactId
        ? [
            {
              id: 0,
              at: fields.notifiedAt,
              contactId: fields.notifiedContactId,
              number: facts.contacts.find((c) => c._id === fields.notifiedContactId)?.phone ?? '',
              outcome: 'reached',
              readBack: null,
              reachedName: null,
              note: null,
              by: String(stored.fields.notifiedBy ?? stored.author),
            },
          ]
        : [];
    answer.notification = notificationOf(
      {
        type: String(stored.fields.type),
        occurredAt: String(stored.fields.occurredAt),
        attempts: [...legacy, ...(item.attempts ?? [])],
      },
      facts.notificationRules,
      facts.contacts,
      new Date(now()),
    );
  }
  if (item.kind === 'interpretations') withAnswerDefaults(answer, INTERPRETATION_ANSWER_DEFAULTS);
  return answer;
}

const id = '(\\d+)';
const ROUTES = GENERIC_RECORD_KINDS.map((kind) => ({
  kind,
  list: new RegExp(`^${API_PATHS.caseRecords(id, kind)}$`),
  revisions: new RegExp(`^${API_PATHS.caseRecordRevisions(id, kind, id)}$`),
}));

const CALL_ATTEMPTS = new RegExp(`^${API_PATHS.callAttempts(id, id)}$`);

interface CaseRecordsApiOptions {
  user: CurrentUser;
  /** The case's number, stage and impedance limit; throws the API's 404 for an unknown case. */
  caseOf: (caseId: number) => Promise<RecordCaseFacts>;
}

/** The record calls over the seeded items; answers `undefined` for other paths. */
export function fakeCaseRecordsApi(
  { records = [], revisedMeanwhile = [] }: CaseRecordsSeed,
  { user, caseOf }: CaseRecordsApiOptions,
) {
  const items = records.map(storedOf);
  const pendingMeanwhile = [...revisedMeanwhile];
  const roles = rolesFromGroups(user.roles);

  const requireAccess = (kind: GenericRecordKind, action: string) => {
    if (!canAccess(roles, `cases.${kind}`, action)) throw toHttpError(403, { error: 'Access denied' });
  };
  const openCase = async (caseId: number) => {
    const found = await caseOf(caseId);
    const closed = closedCaseRefusal(found.caseNumber, found.stage);
    if (closed) throw conflict(closed);
    return found;
  };
  const itemOf = (caseId: number, kind: GenericRecordKind, itemId: number) =>
    items.find((item) => item.id === itemId && item.caseId === caseId && item.kind === kind) ??
    raise(toHttpError(404, { error: `Record ${itemId} not found on this case` }));

  function append(item: StoredItem, fields: Fields, author: string, voided?: boolean, voidReason = '') {
    const latest = item.revisions.at(-1) as StoredRevision;
    const merged = serverStamps(
      item.kind,
      checkedFields(item.kind, { ...latest.fields, ...fields }, fields),
      latest.fields,
      author,
      now(),
    );
    const stored: StoredRevision = {
      revision: latest.revision + 1,
      author,
      createdAt: now(),
      voided: voided ?? latest.voided,
      voidReason: voided ? voidReason : latest.voidReason,
      fields: merged,
    };
    item.revisions.push(stored);
    return stored;
  }

  /** Someone else's revision of this item, if one is waiting to be written before the user's. */
  function writeMeanwhile(item: StoredItem) {
    const index = pendingMeanwhile.findIndex((found) => found.itemId === item.id);
    if (index < 0) return;
    const [{ author, changes }] = pendingMeanwhile.splice(index, 1);
    append(item, changes, author);
  }

  async function list(caseId: number, kind: GenericRecordKind, query: FakeRequest['query']): Promise<Result> {
    requireAccess(kind, 'list');
    const facts = await caseOf(caseId);
    const wanted = query?.filterIds === undefined ? undefined : new Set([query.filterIds].flat().map(Number));
    const rows = items
      .filter((item) => item.caseId === caseId && item.kind === kind && (!wanted || wanted.has(item.id)))
      .map((item) => answerOf(item, item.revisions.at(-1) as StoredRevision, facts))
      // As the server answers: billing reads whether an interpretation is signed, not its text.
      .map((row) => (kind === 'interpretations' ? interpretationFor(roles, row) : row));
    return { data: rows, total: rows.length };
  }

  async function create(caseId: number, kind: GenericRecordKind, body: unknown): Promise<Result> {
    requireAccess(kind, 'create');
    const input = validate(RECORD_SHAPES[kind], body) as Fields;
    const facts = await openCase(caseId);
    const fields = serverStamps(kind, checkedFields(kind, input, input), undefined, user.username, now());
    checkNotifiedContact(facts, input);
    const item: StoredItem = {
      id: Math.max(0, ...items.map((found) => found.id)) + 1,
      caseId,
      kind,
      revisions: [
        { revision: 1, author: user.username, createdAt: now(), voided: false, voidReason: '', fields },
      ],
    };
    items.push(item);
    return { data: answerOf(item, item.revisions[0], facts) };
  }

  async function revise(
    caseId: number,
    kind: GenericRecordKind,
    itemId: number,
    body: unknown,
  ): Promise<Result> {
    requireAccess(kind, 'edit');
    const { baseRevision, voided, voidReason, ...changes } = validate(
      revisionInputSchema(kind),
      body,
    ) as Fields & {
      baseRevision: number;
      voided?: boolean;
      voidReason: string;
    };
    const facts = await openCase(caseId);
    checkNotifiedContact(facts, changes);
    const item = itemOf(caseId, kind, itemId);
    writeMeanwhile(item);
    const latest = item.revisions.at(-1) as StoredRevision;
    if (latest.revision !== baseRevision)
      throw conflict(
        `This record was revised by someone else meanwhile (now revision ${latest.revision}); reload and try again.`,
      );
    // As the server: a signed interpretation is never voided nor edited (DESIGN §4).
    if (kind === 'interpretations' && latest.fields.status === 'signed')
      throw conflict('A signed interpretation is changed only by an addendum');
    return {
      data: answerOf(item, append(item, changes, user.username, voided, voidReason), facts),
    };
  }

  /** As the server: one more attempt at the event's call, checked as it checks it (DESIGN §4). */
  async function logCall(caseId: number, itemId: number, body: unknown): Promise<Result> {
    if (!canAccess(roles, 'cases.call-attempts', 'create'))
      throw toHttpError(403, { error: 'Access denied' });
    const input = validate(callAttemptInputSchema, body) as CallAttemptWrite;
    const facts = await openCase(caseId);
    const item = itemOf(caseId, 'events', itemId);
    const latest = item.revisions.at(-1) as StoredRevision;
    const errors = callAttemptErrors(
      input,
      { occurredAt: String(latest.fields.occurredAt) },
      new Set(facts.contacts.map(({ _id }) => _id)),
      new Date(now()),
    );
    if (errors.length > 0)
      throw toHttpError(400, { error: `Invalid ${errors.map((e) => e.field).join(', ')}`, fields: errors });
    const reached = input.outcome === 'reached';
    item.attempts = [
      ...(item.attempts ?? []),
      {
        id: (item.attempts?.length ?? 0) + 1,
        at: input.at,
        contactId: input.contactId,
        number: input.number || (facts.contacts.find(({ _id }) => _id === input.contactId)?.phone ?? ''),
        outcome: input.outcome,
        readBack: reached ? input.readBack : false,
        reachedName: reached && input.reachedOther ? (input.reachedName ?? null) : null,
        note: input.note || null,
        by: user.username,
      },
    ];
    return { data: answerOf(item, latest, facts) };
  }

  async function history(caseId: number, kind: GenericRecordKind, itemId: number): Promise<Result> {
    requireAccess(kind, 'show');
    const facts = await caseOf(caseId);
    const item = itemOf(caseId, kind, itemId);
    const rows = item.revisions.toReversed().map((stored) => answerOf(item, stored, facts));
    return { data: rows, total: rows.length };
  }

  return async ({ method, path, query, body }: FakeRequest): Promise<Result | undefined> => {
    for (const { kind, list: listPath, revisions } of ROUTES) {
      const [caseId] = listPath.exec(path)?.slice(1).map(Number) ?? [];
      if (caseId && method === 'GET') return list(caseId, kind, query);
      if (caseId && method === 'POST') return create(caseId, kind, body);
      const [revisedCaseId, itemId] = revisions.exec(path)?.slice(1).map(Number) ?? [];
      if (revisedCaseId && method === 'GET') return history(revisedCaseId, kind, itemId);
      if (revisedCaseId && method === 'POST') return revise(revisedCaseId, kind, itemId, body);
    }
    const [calledCaseId, calledItemId] = CALL_ATTEMPTS.exec(path)?.slice(1).map(Number) ?? [];
    if (calledCaseId && method === 'POST') return logCall(calledCaseId, calledItemId, body);
    return undefined;
  };
}

/**
 * The fake API of stories and tests with the record calls added: a case's facts are read through the
 * other fakes (its details, then its protocol revision), as a client of the API would.
 */
export function fakeHttpClientWithRecords({
  records,
  revisedMeanwhile,
  onRequest,
  failures = {},
  user = buildUser(),
  ...api
}: FakeApi & CaseRecordsSeed): HttpClient {
  const others = fakeHttpClient({ ...api, user });
  const caseOf = async (caseId: number): Promise<RecordCaseFacts> => {
    const { data: found } = await others<CaseDetails>(API_PATHS.caseDetails(caseId));
    const protocol =
      found.protocolRevision === null
        ? undefined
        : await others<ProtocolRevision>(
            API_PATHS.protocolRevision(found.client.id, found.protocolRevision),
            {
              query: { kind: 'protocol' },
            },
          );
    const notificationRules = protocol?.data.notificationRules ?? [];
    const contacts =
      notificationRules.length === 0
        ? []
        : (await others<Contact[]>(API_PATHS.clientRecords(found.client.id, 'contacts'))).data;
    return {
      caseNumber: found.caseNumber,
      stage: found.stage,
      impedanceLimitKOhm: protocol?.data.impedanceLimitKOhm ?? DEFAULT_IMPEDANCE_LIMIT_KOHM,
      notificationRules,
      contacts,
    };
  };
  const recordsApi = fakeCaseRecordsApi({ records, revisedMeanwhile }, { user, caseOf });
  return async <T>(path: string, options: RequestOptions = {}) => {
    const request = { method: options.method ?? 'GET', path, query: options.query, body: options.body };
    onRequest?.(request);
    const key = `${request.method} ${path}`;
    const failure = failures[key];
    if (failure) throw failure;
    // A call left pending is the other fakes' to hold.
    if (api.pending?.includes(key)) return others<T>(path, options);
    const answer = await recordsApi(request);
    return answer ? answered<T>(request, answer) : others<T>(path, options);
  };
}

function raise(error: Error): never {
  throw error;
}
