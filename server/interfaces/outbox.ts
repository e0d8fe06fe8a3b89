import net from 'node:net';
import tls from 'node:tls';
import { Hl7Message } from '@medplum/core';
import { Hl7Connection } from '@medplum/hl7';
import { acnsFindingsSchema } from '../../contract/acns';
import type { InterfaceSettings } from '../config';
import { getCase } from '../db/cases';
import type { Database, Db } from '../db/database';
import {
  claimDueMessages,
  getInterface,
  getInterfaces,
  insertMessage,
  type NewMessage,
  nextDueAt,
  recordOutcomes,
  type SendingOutcome,
} from '../db/interfaces';
import { getPatient } from '../db/patientDetails';
import type { DbOrTx } from '../db/transaction';
import { listenOnChannel } from '../services/pgListener';
import { reportPdf } from './reportPdf';
import { buildFhirBundle, buildOru, fhirProblems, type ReportKind, type SignedReport } from './reports';
import type { SecretBox } from './secrets';

/**
 * The outbox (issue 32): signing a report writes its outbound messages in the signing's transaction; a
 * sender in every instance takes due rows with `FOR UPDATE SKIP LOCKED`, so two instances never send one
 * message twice, and retries with exponential backoff until the last try fails it.
 */

/** NOTIFYed by the commit of a statement that leaves an outbound message pending (migration 0018). */
const OUTBOX_CHANNEL = 'vigil_outbox';

const SECTIONS = [
  ['background', 'Background'],
  ['sleep', 'Sleep'],
  ['epileptiform', 'Epileptiform activity'],
  ['seizures', 'Seizures'],
  ['impression', 'Impression'],
] as const;

/** Queues the signed interpretation for each way out the client's interface sends its kind. */
export async function enqueueSignedReport(
  tx: DbOrTx,
  caseId: number,
  itemId: number,
  revision: number,
  fields: Record<string, unknown>,
) {
  const found = await getCase(tx, caseId);
  if (!found) return;
  const settings = await getInterface(tx, found.clientId);
  const kind = fields.kind as ReportKind;
  if (!settings?.reportKinds.includes(kind) || !(settings.mllpEnabled || settings.fhirEnabled)) return;
  const patient = await getPatient(tx, caseId);
  const report: SignedReport = {
    caseNumber: found.caseNumber,
    placerOrderNumber: found.placerOrderNumber,
    visitNumber: found.visitNumber,
    itemId,
    revision,
    kind,
    signedAt: String(fields.signedAt ?? new Date().toISOString()),
    signedBy: String(fields.signedBy ?? ''),
    periodStart: (fields.periodStart as string | null) ?? null,
    periodEnd: (fields.periodEnd as string | null) ?? null,
    sections: SECTIONS.map(([field, label]) => ({ label, text: String(fields[field] ?? '') })),
    findings: acnsFindingsSchema.parse({
      acnsBackground: fields.acnsBackground,
      patterns: fields.patterns,
      acnsSeizures: fields.acnsSeizures,
      seizureBurdenPercent: fields.seizureBurdenPercent,
    }),
    patient: {
      mrn: patient?.mrn ?? '',
      firstName: patient?.firstName ?? '',
      lastName: patient?.lastName ?? '',
      dateOfBirth: patient?.dateOfBirth ?? null,
      sex: patient?.sex ?? null,
      unit: patient?.unit ?? '',
      room: patient?.room ?? '',
    },
    receivingApplication: settings.sendingApplication,
    receivingFacility: settings.sendingFacility,
  };
  const pdf = await reportPdf(report);
  const base = { direction: 'out' as const, clientId: found.clientId, caseId, nextAttemptAt: new Date() };
  const controlId = `${found.caseNumber}-${itemId}-${revision}`;
  const rows: NewMessage[] = [];
  if (settings.mllpEnabled) {
    rows.push({
      ...base,
      messageType: 'ORU^R01',
      transport: 'mllp',
      controlId,
      status: 'pending',
      rawText: buildOru(report, controlId, pdf).toString(),
    });
  }
  if (settings.fhirEnabled) {
    const bundle = buildFhirBundle(report, found.clientId, pdf);
    const problems = (bundle.entry ?? []).flatMap((entry) =>
      entry.resource ? fhirProblems(entry.resource) : [],
    );
    rows.push({
      ...base,
      messageType: 'DiagnosticReport',
      transport: 'fhir',
      controlId,
      // A resource the R4 definitions refuse never leaves: it is failed at once, with why.
      status: problems.length > 0 ? 'failed' : 'pending',
      error: problems.length > 0 ? `Not valid FHIR R4: ${problems.join('; ')}` : null,
      rawText: JSON.stringify(bundle),
    });
  }
  for (const row of rows) await insertMessage(tx, row);
}

type Outcome = { ok: true; ackCode: string; ackText: string } | { ok: false; error: string };
type Settings = NonNullable<Awaited<ReturnType<typeof getInterface>>>;

/**
 * A connected socket to the peer, plain or TLS (verified against `ca`, the host's name or address checked
 * against the certificate). @medplum/hl7's `Hl7Client` only dials plain TCP; its `Hl7Connection`, which
 * frames MLLP, takes any connected socket, so both ways go through the library's connection.
 */
function connectPeer(host: string, port: number, useTls: boolean, ca: string[], timeoutMs: number) {
  return new Promise<net.Socket>((resolve, reject) => {
    const socket = useTls
      ? tls.connect({ host, port, ca, servername: net.isIP(host) ? undefined : host })
      : net.connect({ host, port });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`no connection within ${timeoutMs} ms`)));
    socket.once('error', fail);
    socket.once(useTls ? 'secureConnect' : 'connect', () => {
      socket.setTimeout(0);
      socket.off('error', fail);
      resolve(socket);
    });
  });
}

/** Messages one sending round claims at once and sends side by side. */
const ROUND_SIZE = 16;
/** Connections the sender keeps to one hospital's MLLP endpoint (and FHIR requests in flight to one server). */
const CONNECTIONS_PER_PEER = 4;
/** A kept MLLP connection unused this long is closed (interface engines close idle ones too). */
const IDLE_MS = 30_000;

type Kept = { connection: Hl7Connection; closed: Promise<never>; idle?: NodeJS.Timeout };

/**
 * The MLLP connections the sender keeps open between rounds, up to `CONNECTIONS_PER_PEER` per peer (host,
 * port, TLS), each with one message in flight at a time (an original-mode peer answers one after the
 * other); a connection idle for `IDLE_MS` is closed.
 */
class PeerConnections {
  private readonly open = new Map<string, Kept>();

  /** Sends on connection `slot` (0 … CONNECTIONS_PER_PEER - 1) of the peer, the only user of it meanwhile. */
  async exchange(
    settings: Settings,
    message: Hl7Message,
    options: InterfaceSettings,
    slot: number,
  ): Promise<Hl7Message> {
    const key = `${settings.mllpHost}:${settings.mllpPort}:${settings.mllpTls}:${slot}`;
    const kept = this.open.get(key);
    if (kept) {
      try {
        return await this.sendOn(key, kept, message, options.sendTimeoutMs);
      } catch (error) {
        // The peer may have closed a kept connection meanwhile: then once more on a new one.
        const lost = kept.connection.isClosed();
        this.drop(key);
        if (!lost) throw error;
      }
    }
    const socket = await connectPeer(
      settings.mllpHost,
      settings.mllpPort ?? 0,
      settings.mllpTls,
      options.tlsCa,
      options.sendTimeoutMs,
    );
    const connection = new Hl7Connection(socket);
    // A socket error rejects the pending send (below); the connection's own event is not needed.
    connection.addEventListener('error', () => undefined);
    // The library leaves a send pending when the peer closes: a close ends it at once.
    const closed = new Promise<never>((_resolve, reject) =>
      connection.addEventListener('close', () => reject(new Error('the hospital closed the connection'))),
    );
    closed.catch(() => undefined);
    const opened: Kept = { connection, closed };
    this.open.set(key, opened);
    try {
      return await this.sendOn(key, opened, message, options.sendTimeoutMs);
    } catch (error) {
      this.drop(key);
      throw error;
    }
  }

  private async sendOn(key: string, kept: Kept, message: Hl7Message, timeoutMs: number) {
    clearTimeout(kept.idle);
    const ack = await Promise.race([kept.connection.sendAndWait(message, { timeoutMs }), kept.closed]);
    kept.idle = setTimeout(() => this.drop(key), IDLE_MS);
    kept.idle.unref();
    return ack;
  }

  private drop(key: string) {
    const kept = this.open.get(key);
    if (!kept) return;
    clearTimeout(kept.idle);
    kept.connection.close().catch(() => undefined);
    this.open.delete(key);
  }

  async closeAll() {
    const all = [...this.open.values()];
    this.open.clear();
    for (const kept of all) clearTimeout(kept.idle);
    await Promise.all(all.map(({ connection }) => connection.close().catch(() => undefined)));
  }
}

async function sendMllp(
  settings: Settings,
  rawText: string,
  options: InterfaceSettings,
  peers: PeerConnections,
  slot: number,
): Promise<Outcome> {
  if (!settings.mllpEnabled || !settings.mllpHost || !settings.mllpPort)
    return { ok: false, error: 'HL7 over MLLP is off for this client' };
  try {
    const ack = await peers.exchange(settings, Hl7Message.parse(rawText), options, slot);
    const msa = ack.getSegment('MSA');
    const code = msa?.getField(1)?.toString() ?? '';
    const text = msa?.getField(3)?.toString() ?? '';
    if (code === 'AA' || code === 'CA') return { ok: true, ackCode: code, ackText: text };
    return {
      ok: false,
      error: `The hospital answered ${code || 'no acknowledgement code'}${text ? `: ${text}` : ''}`,
    };
  } catch (error) {
    return {
      ok: false,
      error: `Could not deliver over MLLP${settings.mllpTls ? ' (TLS)' : ''}: ${describe(error)}`,
    };
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return (error as NodeJS.ErrnoException).code ?? error.message.slice(0, 200);
  return 'unknown error';
}

async function accessToken(
  settings: Settings,
  box: SecretBox,
  timeoutMs: number,
): Promise<string | undefined> {
  if (settings.fhirBearerTokenSealed) return box.open(settings.fhirBearerTokenSealed);
  if (!settings.fhirClientSecretSealed || !settings.fhirTokenUrl) return undefined;
  const response = await fetch(settings.fhirTokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: settings.fhirClientId,
      client_secret: box.open(settings.fhirClientSecretSealed),
    }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!response.ok) throw new Error(`the token endpoint answered ${response.status}`);
  return ((await response.json()) as { access_token?: string }).access_token;
}

async function sendFhir(
  settings: Settings,
  box: SecretBox,
  rawText: string,
  timeoutMs: number,
): Promise<Outcome> {
  if (!settings.fhirEnabled || !settings.fhirBaseUrl)
    return { ok: false, error: 'FHIR is off for this client' };
  try {
    const token = await accessToken(settings, box, timeoutMs);
    const response = await fetch(settings.fhirBaseUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/fhir+json',
        accept: 'application/fhir+json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: rawText,
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    if (response.ok) return { ok: true, ackCode: String(response.status), ackText: response.statusText };
    return { ok: false, error: `The FHIR server answered ${response.status}` };
  } catch (error) {
    return { ok: false, error: `Could not deliver over FHIR: ${describe(error)}` };
  }
}

type Row = Awaited<ReturnType<typeof claimDueMessages>>[number];

/** Where a message goes: its peer's MLLP endpoint or FHIR server (messages to one peer share its connections). */
function peerOf(row: Row, target: Settings | undefined) {
  if (!target) return 'none';
  return row.transport === 'fhir'
    ? `fhir:${target.fhirBaseUrl}`
    : `mllp:${target.mllpHost}:${target.mllpPort}:${target.mllpTls}`;
}

/** What a try's outcome leaves on the message: sent, due again after a backoff, or failed after the last try. */
function afterTry(row: Row, outcome: Outcome, settings: InterfaceSettings): SendingOutcome {
  const attempts = row.attempts + 1;
  if (outcome.ok)
    return {
      id: row.id,
      status: 'sent',
      attempts,
      ackCode: outcome.ackCode,
      ackText: outcome.ackText,
      error: null,
      nextAttemptAt: null,
    };
  if (attempts >= settings.maxAttempts)
    return { id: row.id, status: 'failed', attempts, error: outcome.error, nextAttemptAt: null };
  const delay = settings.retryBaseMs * 2 ** (attempts - 1);
  return {
    id: row.id,
    status: 'pending',
    attempts,
    error: outcome.error,
    nextAttemptAt: new Date(Date.now() + delay),
  };
}

/**
 * One sending round: claims up to `ROUND_SIZE` due messages, sends them side by side (up to
 * `CONNECTIONS_PER_PEER` at once to one peer) while the messages of one case and transport go one after
 * the other, in the order they were queued (an addendum never overtakes its final), and records every
 * outcome in one statement. Answers how many it claimed.
 */
async function sendRound(
  db: Db,
  box: SecretBox,
  settings: InterfaceSettings,
  peers: PeerConnections,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await claimDueMessages(tx, ROUND_SIZE);
    if (rows.length === 0) return 0;
    const clientIds = [...new Set(rows.flatMap((row) => (row.clientId === null ? [] : [row.clientId])))];
    const targets = new Map((await getInterfaces(tx, clientIds)).map((row) => [row.clientId, row]));
    const targetOf = (row: Row) => (row.clientId === null ? undefined : targets.get(row.clientId));
    // Lanes: the messages of one case and transport, in order; lanes of one peer share its connections.
    const lanes = new Map<string, { peer: string; rows: Row[] }>();
    for (const row of rows) {
      const key = `${row.transport}:${row.caseId ?? `message ${row.id}`}`;
      const lane = lanes.get(key) ?? { peer: peerOf(row, targetOf(row)), rows: [] };
      lane.rows.push(row);
      lanes.set(key, lane);
    }
    const byPeer = new Map<string, Row[][]>();
    for (const lane of lanes.values()) byPeer.set(lane.peer, [...(byPeer.get(lane.peer) ?? []), lane.rows]);
    const outcomes: SendingOutcome[] = [];
    const sendOne = async (row: Row, slot: number) => {
      const target = targetOf(row);
      const outcome: Outcome = !target
        ? { ok: false, error: 'The client has no interface settings' }
        : row.transport === 'fhir'
          ? await sendFhir(target, box, row.rawText, settings.sendTimeoutMs)
          : await sendMllp(target, row.rawText, settings, peers, slot);
      outcomes.push(afterTry(row, outcome, settings));
    };
    await Promise.all(
      [...byPeer.values()].flatMap((waiting) =>
        Array.from({ length: Math.min(CONNECTIONS_PER_PEER, waiting.length) }, async (_, slot) => {
          for (let lane = waiting.shift(); lane; lane = waiting.shift())
            for (const row of lane) await sendOne(row, slot);
        }),
      ),
    );
    await recordOutcomes(tx, outcomes);
    return rows.length;
  });
}

/**
 * Sends what is due, round after round, whenever the outbox may have work: at start, when a
 * commit queued a message (the `vigil_outbox` notification, from any instance), and when the earliest
 * waiting message falls due (a retry's backoff). Without any of these it looks again only every
 * `sendIntervalMs` (30 s by default), so an instance with nothing configured does not poll the database.
 */
export function startSender(
  database: Database,
  box: SecretBox,
  settings: InterfaceSettings,
  onError: (error: unknown) => void,
  log: { warn(details: object, message: string): void },
) {
  const { db } = database;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const wakeIn = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void drain(), Math.max(ms, 0));
    timer.unref();
  };
  // Kept open from round to round (a report signed a second after another reuses its connection), each
  // closed when idle and all when the sender stops.
  const peers = new PeerConnections();
  const sendAll = async () => {
    do {
      again = false;
      let claimed = ROUND_SIZE;
      // A round that claimed fewer than it could took everything due then.
      while (!stopped && claimed === ROUND_SIZE) claimed = await sendRound(db, box, settings, peers);
    } while (again && !stopped);
    const due = await nextDueAt(db);
    wakeIn(Math.min(due ? due.getTime() - Date.now() : Infinity, settings.sendIntervalMs));
  };
  const drain = async () => {
    if (stopped) return;
    // A wake-up while sending makes the running round look once more before it sleeps.
    if (running) {
      again = true;
      return;
    }
    again = false;
    running = sendAll()
      .catch((error: unknown) => {
        onError(error);
        wakeIn(settings.sendIntervalMs);
      })
      .finally(() => {
        running = undefined;
        // Woken after the round last looked (while it closed): look again now, not at the next timer.
        if (again) void drain();
      });
  };
  const listener = listenOnChannel(
    database,
    OUTBOX_CHANNEL,
    'outbox',
    // Each new listening connection looks at once: what was queued while none listened is not missed.
    { onNotification: () => void drain(), onListening: async () => void drain() },
    log,
  );
  void drain();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await listener.close();
      await running;
      await peers.closeAll();
    },
  };
}
