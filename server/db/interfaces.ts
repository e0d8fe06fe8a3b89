import { and, asc, desc, eq, gte, ilike, inArray, lte, ne, or, sql } from 'drizzle-orm';
import type {
  ClientInterface,
  IndexedPatient,
  InterfaceMessage,
  MessageListQuery,
} from '../../contract/interfaces';
import { casePatients, cases, clientInterfaces, interfaceMessages, interfacePatients } from './schema';
import { type DbOrTx, readAll } from './transaction';

/** SQL of the hospital interfaces (issue 32): settings, the patient index and the message log. */

type InterfaceRow = typeof clientInterfaces.$inferSelect;
export type InterfaceValues = Omit<InterfaceRow, 'clientId' | 'version' | 'updatedAt'>;

type Answered<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

/** A row as the API answers it: its times as ISO 8601 text, everything else as it is. */
function answered<T extends object>(row: T): Answered<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as Answered<T>;
}

export function toInterface(row: InterfaceRow): ClientInterface {
  const { fhirBearerTokenSealed, fhirClientSecretSealed, updatedBy: _by, ...rest } = row;
  return {
    ...answered(rest),
    reportKinds: rest.reportKinds as ClientInterface['reportKinds'],
    hasFhirBearerToken: fhirBearerTokenSealed !== null,
    hasFhirClientSecret: fhirClientSecretSealed !== null,
  };
}

export async function getInterface(db: DbOrTx, clientId: number): Promise<InterfaceRow | undefined> {
  const [row] = await db.select().from(clientInterfaces).where(eq(clientInterfaces.clientId, clientId));
  return row;
}

/** Writes the settings if they are still at `version` (0: none yet); undefined when someone else wrote first. */
export async function saveInterface(
  db: DbOrTx,
  clientId: number,
  version: number,
  values: InterfaceValues,
): Promise<InterfaceRow | undefined> {
  if (version === 0) {
    const [row] = await db
      .insert(clientInterfaces)
      .values({ clientId, ...values })
      .onConflictDoNothing()
      .returning();
    return row;
  }
  const [row] = await db
    .update(clientInterfaces)
    .set({ ...values, version: version + 1, updatedAt: new Date() })
    .where(and(eq(clientInterfaces.clientId, clientId), eq(clientInterfaces.version, version)))
    .returning();
  return row;
}

/** Who sent an inbound message, as its header says (MSH-3, MSH-4, MSH-10). */
export type InboundSender = { sendingApplication: string; sendingFacility: string; controlId: string };

/**
 * The head of every inbound statement: `sender`, the client whose inbound feed sends as this application
 * and facility (one whose facility is empty takes any the others do not), and `earlier`, the message of this control id that
 * client already had applied. Read in the statement that applies the message, never from a copy kept in
 * memory: a PUT of the settings on any instance holds for the very next message.
 */
const senderAndEarlier = (from: InboundSender) => sql`
  sender AS (
    SELECT client_id FROM ${clientInterfaces}
    WHERE inbound_enabled AND sending_application = ${from.sendingApplication}
      AND sending_facility IN (${from.sendingFacility}, '')
    ORDER BY sending_facility = '', client_id
    LIMIT 1
  ),
  earlier AS (
    SELECT m.ack_text FROM ${interfaceMessages} m JOIN sender ON m.client_id = sender.client_id
    WHERE m.direction = 'in' AND m.status = 'accepted' AND m.control_id = ${from.controlId}
  )`;

type SenderRow = { client_id: number | null; repeated: boolean; earlier_ack: string | null };

const senderColumns = sql`
  (SELECT client_id FROM sender) AS client_id,
  EXISTS (SELECT 1 FROM earlier) AS repeated,
  (SELECT ack_text FROM earlier LIMIT 1) AS earlier_ack`;

const senderOf = (row: SenderRow | undefined) => ({
  clientId: row?.client_id ?? null,
  /** The acknowledgement text of the same control id applied before, when it was. */
  earlier: row?.repeated ? { ackText: row.earlier_ack ?? '' } : undefined,
});

/** The client of the sender and whether it already had this control id applied, in one statement. */
export async function findSender(db: DbOrTx, from: InboundSender) {
  const { rows } = await db.execute<SenderRow>(sql`WITH ${senderAndEarlier(from)} SELECT ${senderColumns}`);
  return senderOf(rows[0]);
}

/**
 * An admission, update or transfer in one statement (no transaction): finds the sender and an earlier
 * message of the control id, and, when the control id is new and no open case of the client has this
 * patient, upserts the patient index (fields the message left out keep their value) and logs the message
 * as accepted with `ackText`. `applied` is false when it wrote nothing: the sender is unknown, the control
 * id was applied before, or open cases of the patient are to get revisions (the caller's transaction).
 * A repeat sent at the same moment makes the log's insert, and so the whole statement, fail as a unique
 * violation of `interface_messages_inbound_control_unique`.
 */
export async function indexPatientAtOnce(
  db: DbOrTx,
  from: InboundSender,
  patient: Partial<IndexedPatientValues> & { mrn: string },
  logged: { messageType: string; ackText: string; rawText: string },
) {
  const given = (Object.keys(patient) as (keyof typeof patient)[]).filter(
    (key) => patient[key] !== undefined,
  );
  const columns = given.map((key) => sql.identifier(interfacePatients[key].name));
  // Typed as their columns: a parameter in a SELECT list is otherwise taken as text.
  const values = given.map(
    (key) =>
      sql`${sql.param(patient[key], interfacePatients[key])}::${sql.raw(interfacePatients[key].getSQLType())}`,
  );
  const { rows } = await db.execute<SenderRow & { open_cases: boolean; applied: boolean }>(sql`
    WITH ${senderAndEarlier(from)},
    open_cases AS (
      SELECT 1 FROM ${casePatients} p
      JOIN ${cases} c ON c.id = p.case_id
      JOIN sender ON c.client_id = sender.client_id
      WHERE p.mrn = ${patient.mrn} AND c.stage <> 'closed'
    ),
    go AS (
      SELECT client_id FROM sender
      WHERE NOT EXISTS (SELECT 1 FROM earlier) AND NOT EXISTS (SELECT 1 FROM open_cases)
    ),
    indexed AS (
      INSERT INTO ${interfacePatients} (client_id, ${sql.join(columns, sql`, `)})
      SELECT client_id, ${sql.join(values, sql`, `)} FROM go
      ON CONFLICT (client_id, mrn) DO UPDATE SET
        ${sql.join(
          columns.map((column) => sql`${column} = excluded.${column}`),
          sql`, `,
        )}, merged_into = NULL, updated_at = now()
      RETURNING id
    ),
    logged AS (
      INSERT INTO ${interfaceMessages}
        (direction, client_id, message_type, transport, control_id, status, ack_code, ack_text, attempts, raw_text)
      SELECT 'in', client_id, ${logged.messageType}, 'mllp', ${from.controlId}, 'accepted', 'AA',
        ${logged.ackText}, 1, ${logged.rawText}
      FROM go
      WHERE EXISTS (SELECT 1 FROM indexed)
      RETURNING id
    )
    SELECT ${senderColumns},
      EXISTS (SELECT 1 FROM open_cases) AS open_cases,
      EXISTS (SELECT 1 FROM logged) AS applied`);
  const [row] = rows;
  return { ...senderOf(row), openCases: row?.open_cases === true, applied: row?.applied === true };
}

type PatientRow = typeof interfacePatients.$inferSelect;
export type IndexedPatientValues = Omit<PatientRow, 'id' | 'clientId' | 'mergedInto' | 'updatedAt'>;

function toIndexedPatient(row: PatientRow): IndexedPatient {
  const { id: _id, clientId: _client, mergedInto: _merged, updatedAt: _updated, ...rest } = row;
  return answered(rest);
}

/** Adds or updates the client's patient of this MRN; fields the message left empty keep their value. */
export async function upsertIndexedPatient(
  db: DbOrTx,
  clientId: number,
  values: Partial<IndexedPatientValues> & { mrn: string },
): Promise<PatientRow> {
  const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
  const [row] = await db
    .insert(interfacePatients)
    .values({ clientId, ...values })
    .onConflictDoUpdate({
      target: [interfacePatients.clientId, interfacePatients.mrn],
      set: { ...set, mergedInto: null, updatedAt: new Date() },
    })
    .returning();
  return row;
}

export async function getIndexedPatient(db: DbOrTx, clientId: number, mrn: string) {
  const [row] = await db
    .select()
    .from(interfacePatients)
    .where(and(eq(interfacePatients.clientId, clientId), eq(interfacePatients.mrn, mrn)));
  return row;
}

/** A40: the old MRN's row is kept, marked as merged into the surviving one. */
export async function markMerged(db: DbOrTx, clientId: number, oldMrn: string, intoMrn: string) {
  await db
    .update(interfacePatients)
    .set({ mergedInto: intoMrn, updatedAt: new Date() })
    .where(and(eq(interfacePatients.clientId, clientId), eq(interfacePatients.mrn, oldMrn)));
}

/** The client's current patients whose MRN or name starts with `q` (every one, newest first, without). */
export async function searchIndexedPatients(db: DbOrTx, clientId: number, q: string | undefined) {
  const like = `${(q ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select()
    .from(interfacePatients)
    .where(
      and(
        eq(interfacePatients.clientId, clientId),
        sql`${interfacePatients.mergedInto} is null`,
        q
          ? or(
              ilike(interfacePatients.mrn, like),
              ilike(interfacePatients.lastName, like),
              ilike(interfacePatients.firstName, like),
            )
          : undefined,
      ),
    )
    .orderBy(desc(interfacePatients.updatedAt), asc(interfacePatients.id))
    .limit(50);
  return rows.map(toIndexedPatient);
}

type MessageRow = typeof interfaceMessages.$inferSelect;
export type NewMessage = typeof interfaceMessages.$inferInsert;

export function toMessage(row: MessageRow, withRawText: boolean): InterfaceMessage {
  const { rawText, ...rest } = row;
  return { ...answered(rest), ...(withRawText ? { rawText } : {}) };
}

export async function insertMessage(db: DbOrTx, values: NewMessage): Promise<MessageRow> {
  const [row] = await db.insert(interfaceMessages).values(values).returning();
  return row;
}

export async function listMessages(db: DbOrTx, query: MessageListQuery) {
  const where = and(
    query.clientId === undefined ? undefined : eq(interfaceMessages.clientId, query.clientId),
    query.direction ? eq(interfaceMessages.direction, query.direction) : undefined,
    query.type
      ? ilike(interfaceMessages.messageType, `${query.type.replace(/[\\%_]/g, '\\$&')}%`)
      : undefined,
    query.status ? eq(interfaceMessages.status, query.status) : undefined,
    query.from ? gte(interfaceMessages.createdAt, new Date(query.from)) : undefined,
    query.to ? lte(interfaceMessages.createdAt, new Date(query.to)) : undefined,
  );
  const order = query.order === 'ASC' ? asc : desc;
  const [rows, [{ total }]] = await readAll(db, [
    () =>
      db
        .select()
        .from(interfaceMessages)
        .where(where)
        .orderBy(order(interfaceMessages[query.sort]), order(interfaceMessages.id))
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage),
    () => db.select({ total: sql<number>`count(*)::int` }).from(interfaceMessages).where(where),
  ]);
  return { rows: rows.map((row) => toMessage(row, query.withRawText === 'true')), total };
}

export async function getMessage(db: DbOrTx, id: number) {
  const [row] = await db.select().from(interfaceMessages).where(eq(interfaceMessages.id, id));
  return row;
}

/** Due again now, with its tries counted from zero. */
export async function requeueMessage(db: DbOrTx, id: number) {
  const [row] = await db
    .update(interfaceMessages)
    .set({ status: 'pending', attempts: 0, error: null, nextAttemptAt: new Date(), updatedAt: new Date() })
    .where(eq(interfaceMessages.id, id))
    .returning();
  return row;
}

/**
 * The outbound messages due, oldest first, at most `limit`, locked for this transaction; another
 * instance's sender skips them (`FOR UPDATE SKIP LOCKED`), so no message is sent twice.
 */
export async function claimDueMessages(db: DbOrTx, limit: number): Promise<MessageRow[]> {
  return db
    .select()
    .from(interfaceMessages)
    .where(
      and(
        eq(interfaceMessages.direction, 'out'),
        eq(interfaceMessages.status, 'pending'),
        lte(interfaceMessages.nextAttemptAt, new Date()),
      ),
    )
    .orderBy(asc(interfaceMessages.nextAttemptAt), asc(interfaceMessages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** The interface settings of these clients. */
export async function getInterfaces(db: DbOrTx, clientIds: number[]): Promise<InterfaceRow[]> {
  if (clientIds.length === 0) return [];
  return db.select().from(clientInterfaces).where(inArray(clientInterfaces.clientId, clientIds));
}

/** What one try of an outbound message left: `ackCode`/`ackText` only when acknowledged. */
export type SendingOutcome = {
  id: number;
  status: 'pending' | 'sent' | 'failed';
  attempts: number;
  ackCode?: string;
  ackText?: string;
  error: string | null;
  nextAttemptAt: Date | null;
};

/** Records the outcomes of a sending round, every message in one statement. */
export async function recordOutcomes(db: DbOrTx, outcomes: SendingOutcome[]) {
  if (outcomes.length === 0) return;
  const values = outcomes.map((outcome) => ({
    ...outcome,
    acked: outcome.ackCode !== undefined,
    nextAttemptAt: outcome.nextAttemptAt?.toISOString() ?? null,
  }));
  await db.execute(sql`
    UPDATE ${interfaceMessages} m SET
      status = v.status,
      attempts = v.attempts,
      ack_code = CASE WHEN v.acked THEN v."ackCode" ELSE m.ack_code END,
      ack_text = CASE WHEN v.acked THEN v."ackText" ELSE m.ack_text END,
      error = v.error,
      next_attempt_at = v."nextAttemptAt",
      updated_at = now()
    FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS v(
      id bigint, status text, attempts integer, acked boolean, "ackCode" text, "ackText" text, error text,
      "nextAttemptAt" timestamptz
    )
    WHERE m.id = v.id`);
}

/**
 * When the next outbound message not being sent right now falls due (locked ones, being sent by some
 * instance, are skipped); undefined when none waits.
 */
export async function nextDueAt(db: DbOrTx): Promise<Date | undefined> {
  const [row] = await db
    .select({ at: interfaceMessages.nextAttemptAt })
    .from(interfaceMessages)
    .where(and(eq(interfaceMessages.direction, 'out'), eq(interfaceMessages.status, 'pending')))
    .orderBy(asc(interfaceMessages.nextAttemptAt))
    .limit(1)
    .for('update', { skipLocked: true });
  return row?.at ?? undefined;
}

/** Outbound messages waiting to be sent and failed (for /metrics). */
export async function outboxCounts(db: DbOrTx): Promise<{ pending: number; failed: number }> {
  const rows = await db
    .select({ status: interfaceMessages.status, count: sql<number>`count(*)::int` })
    .from(interfaceMessages)
    .where(
      and(eq(interfaceMessages.direction, 'out'), inArray(interfaceMessages.status, ['pending', 'failed'])),
    )
    .groupBy(interfaceMessages.status);
  const count = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  return { pending: count('pending'), failed: count('failed') };
}

/** The open cases (not closed) of the client whose patient has this MRN. */
export async function openCasesOfPatient(db: DbOrTx, clientId: number, mrn: string): Promise<number[]> {
  const rows = await db
    .select({ caseId: casePatients.caseId })
    .from(casePatients)
    .innerJoin(cases, eq(cases.id, casePatients.caseId))
    .where(and(eq(cases.clientId, clientId), eq(casePatients.mrn, mrn), ne(cases.stage, 'closed')))
    .orderBy(asc(casePatients.caseId));
  return rows.map((row) => row.caseId);
}
