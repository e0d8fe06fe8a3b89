import {
  type InterfaceInput,
  interfaceInputSchema,
  interfaceSchema,
  type MessageListQuery,
} from '../../contract/interfaces';
import { recordAudit } from '../db/audit';
import type { Db } from '../db/database';
import {
  getInterface,
  getMessage,
  listMessages,
  requeueMessage,
  saveInterface,
  searchIndexedPatients,
  toInterface,
  toMessage,
} from '../db/interfaces';
import type { DbOrTx, Tx } from '../db/transaction';
import { conflict, notFound } from '../errors';
import type { SecretBox } from '../interfaces/secrets';
import type { Writer } from './audit';
import { auditClientWrite, requireClient } from './clients';

/**
 * Hospital interfaces (issue 32): a client's settings (its secrets sealed, never answered nor logged) and
 * patient index, and the message log, whose raw text is patient data: reading it is audited.
 */

/** A client with no settings yet answers the defaults at version 0. */
const noSettings = (clientId: number) => ({
  ...interfaceSchema.parse({
    clientId,
    ...interfaceInputSchema.parse({ version: 0 }),
    mllpPort: null,
    hasFhirBearerToken: false,
    hasFhirClientSecret: false,
    version: 0,
    updatedAt: null,
  }),
});

/** The client's interface settings (404 for an unknown client). */
export async function readInterface(db: Db, clientId: number) {
  await requireClient(db, clientId);
  const row = await getInterface(db, clientId);
  return row ? toInterface(row) : noSettings(clientId);
}

/**
 * Saves the client's settings when `version` is still the current one (undefined otherwise). A secret left
 * out is kept, '' clears it, anything else is sealed.
 */
export async function saveInterfaceSettings(
  tx: Tx,
  box: SecretBox,
  request: Writer,
  clientId: number,
  { version, fhirBearerToken, fhirClientSecret, ...fields }: InterfaceInput,
) {
  const before = await getInterface(tx, clientId);
  if ((before?.version ?? 0) !== version) return undefined;
  // Left out: kept; '': cleared; else sealed. The value itself is never answered nor logged.
  const sealed = (sent: string | undefined, kept: string | null | undefined) =>
    sent === undefined ? (kept ?? null) : sent === '' ? null : box.seal(sent);
  const row = await saveInterface(tx, clientId, version, {
    ...fields,
    fhirBearerTokenSealed: sealed(fhirBearerToken, before?.fhirBearerTokenSealed),
    fhirClientSecretSealed: sealed(fhirClientSecret, before?.fhirClientSecretSealed),
    updatedBy: request.user.username,
  });
  if (!row) return undefined;
  await auditClientWrite(tx, request, 'client.interface', clientId, {
    before: { version },
    after: { version: row.version },
    secretsChanged: fhirBearerToken !== undefined || fhirClientSecret !== undefined,
  });
  return toInterface(row);
}

/** The client's indexed patients matching `q`; the read is audited. */
export async function searchPatients(db: Db, request: Writer, clientId: number, q: string | undefined) {
  await requireClient(db, clientId);
  const rows = await searchIndexedPatients(db, clientId, q);
  await recordAudit(db, {
    actor: request.user.username,
    action: 'read',
    resource: 'clients.patients',
    resourceId: String(clientId),
    outcome: 'ok',
    details: { call: 'GET patients', count: rows.length },
  });
  return { rows, total: rows.length };
}

/** A page of the message log; reading raw text is audited like any read of a case. */
export async function listInterfaceMessages(db: Db, request: Writer, query: MessageListQuery) {
  const found = await listMessages(db, query);
  // The raw text is patient data: reading it is audited like any read of a case.
  if (query.withRawText === 'true' && found.rows.length > 0)
    await recordAudit(db, {
      actor: request.user.username,
      action: 'read',
      resource: 'interfaces.messages',
      outcome: 'ok',
      details: { call: 'GET raw messages', messageIds: found.rows.map((row) => row.id).slice(0, 200) },
    });
  return found;
}

const messageNotFound = (id: number) => notFound(`Message ${id} not found`);

/** One message with its raw text (404 when unknown); the read is audited. */
export async function readMessage(db: Db, request: Writer, id: number) {
  const row = await getMessage(db, id);
  if (!row) throw messageNotFound(id);
  await recordAudit(db, {
    actor: request.user.username,
    action: 'read',
    resource: 'interfaces.messages',
    resourceId: String(id),
    outcome: 'ok',
    details: { call: 'GET raw message', messageIds: [id] },
  });
  return toMessage(row, true);
}

/** Queues one of Vigil's outgoing messages to be sent again (404 when unknown, 409 when not Vigil's or pending). */
export async function resendMessage(tx: DbOrTx, request: Writer, id: number) {
  const found = await getMessage(tx, id);
  if (!found) throw messageNotFound(id);
  if (found.direction !== 'out')
    throw conflict('Only messages Vigil sends can be sent again; the hospital resends its own');
  if (found.status === 'pending') throw conflict('This message is already waiting to be sent');
  const requeued = await requeueMessage(tx, id);
  await recordAudit(tx, {
    actor: request.user.username,
    action: 'interfaces.message.resend',
    resource: 'interfaces.messages',
    resourceId: String(id),
    outcome: 'ok',
    details: { before: { status: found.status } },
  });
  return toMessage(requeued, false);
}
