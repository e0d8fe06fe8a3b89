/**
 * `npm run bench:live`: live updates across two instances on one PostgreSQL (issue 36). Starts two servers
 * sharing the database and the identity, opens 500 streams of GET /events split across them, writes 20
 * cases a second through the first and prints the events delivered per second, the write→receive p50/p99
 * (from the write sent to the event read by a stream; target p99 < 1 s) and the memory per open stream
 * (each server's RSS after the streams opened, less before, over its streams).
 *
 *   DATABASE_URL=postgres://… npm run bench:live -- [--streams 500] [--rate 20] [--seconds 15] [--port 7610]
 *     [--clients 1] [--profile DIR]
 *
 * --port: the first of the three ports it listens on; --clients: the cases are taken in for this many
 * clients in turn (one client's intakes wait for each other on its case-number counter, so at one client
 * the writes themselves queue on a busy machine: the write and fan-out lines tell the two apart);
 * --profile: each server writes a V8 CPU profile there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { STREAM_EVENTS } from '../contract/changeEvents';
import { API_PATHS } from '../contract/paths';
import { runScript, shownUrl } from './support/bench';
import { startServer } from './support/loadTarget';

const API = '/api';
const { values } = parseArgs({
  options: {
    streams: { type: 'string', default: '500' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '15' },
    port: { type: 'string', default: '7610' },
    clients: { type: 'string', default: '1' },
    profile: { type: 'string' },
  },
});
/** Ports within the range kept for this bench (by default). */
const BASE_PORT = Number(values.port);
const PORTS = { first: BASE_PORT, firstIdentity: BASE_PORT + 1, second: BASE_PORT + 2 };
const STREAMS = Number(values.streams);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const CLIENTS = Number(values.clients);

/** The resident memory of a process, in bytes (Linux). */
function rssOf(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes * 1024;
}

type Server = Awaited<ReturnType<typeof startServer>>;

/**
 * One open stream: calls `onChange(caseId, receivedAt, sinceWrittenMs)` for each change of a case, the last
 * the time since its transaction wrote it (the database's clock, on this machine: the fan-out's share).
 */
async function openStream(
  server: Server,
  onChange: (caseId: number, at: number, sinceWrittenMs: number) => void,
) {
  const aborted = new AbortController();
  const response = await fetch(`${server.address}${API}${API_PATHS.events}`, {
    headers: { authorization: server.token, accept: 'text/event-stream' },
    signal: aborted.signal,
  });
  if (!response.ok || !response.body) throw new Error(`A stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!message.includes(`event: ${STREAM_EVENTS.change}`)) continue;
          const data = /^data: (.*)$/m.exec(message)?.[1];
          const change = data ? (JSON.parse(data) as { caseId?: number; at: string }) : undefined;
          if (change?.caseId !== undefined)
            onChange(change.caseId, performance.now(), Date.now() - Date.parse(change.at));
        }
      }
    } catch {
      // closed
    }
  })();
  return { close: () => aborted.abort(), reading };
}

const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl?.startsWith('postgres')) throw new Error('Set DATABASE_URL to a PostgreSQL database');
  console.log(
    `bench:live on ${shownUrl(databaseUrl)}: ${STREAMS} streams, ${RATE} writes/s for ${SECONDS} s, ${CLIENTS} client(s)`,
  );
  const env = { CONNECTIONS_PER_ADDRESS: String(STREAMS * 2) };
  const workDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-live-')));
  const first = await startServer(databaseUrl, workDirs[0], {
    logLevel: 'warn',
    profile: values.profile,
    env,
    port: PORTS.first,
    identityPort: PORTS.firstIdentity,
  });
  // The second instance verifies the first's identity: one pool, as behind one load balancer.
  const second = await startServer(databaseUrl, workDirs[1], {
    logLevel: 'warn',
    profile: values.profile,
    port: PORTS.second,
    env: {
      ...env,
      COGNITO_USER_POOL_ID: first.cognito.userPoolId,
      COGNITO_USER_POOL_CLIENT_ID: first.cognito.userPoolClientId,
      COGNITO_USER_POOL_ENDPOINT: first.cognito.userPoolEndpoint,
    },
  });
  const servers = [first, second];
  const post = async (pathName: string, body: unknown) => {
    const response = await fetch(`${first.address}${API}${pathName}`, {
      method: 'POST',
      headers: { authorization: first.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`POST ${pathName} answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { data: { id: number } }).data;
  };
  try {
    const stamp = Date.now().toString(36).slice(-5).toUpperCase();
    const clients: { id: number }[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const code = `L${stamp}${i.toString(36).toUpperCase()}`;
      clients.push(await post(API_PATHS.clients, { name: `Live bench ${code}`, code, timeZone: 'UTC' }));
    }
    let taken = 0;
    const intake = () =>
      post(API_PATHS.cases, {
        clientId: clients[taken++ % CLIENTS].id,
        studyType: 'routine',
        hasVideo: false,
        monitoringLevel: 'continuous',
      });
    await intake(); // warm-up: first-use costs are not what is measured

    const before = servers.map((server) => rssOf(server.child.pid as number));
    /** When each case's write was sent, and when the streams received it (which may be before its answer). */
    const written = new Map<number, number>();
    const answered: number[] = [];
    const received: { caseId: number; at: number; sinceWrittenMs: number }[] = [];
    const onChange = (caseId: number, at: number, sinceWrittenMs: number) =>
      void received.push({ caseId, at, sinceWrittenMs });
    const streams = [];
    for (let i = 0; i < STREAMS; i++) streams.push(await openStream(servers[i % 2], onChange));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const after = servers.map((server) => rssOf(server.child.pid as number));

    const load = os.loadavg();
    const started = performance.now();
    const writes: Promise<void>[] = [];
    for (let i = 0; i < RATE * SECONDS; i++) {
      const due = started + (i * 1000) / RATE;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())));
      const sentAt = performance.now();
      writes.push(
        intake().then((created) => {
          written.set(created.id, sentAt);
          answered.push(performance.now() - sentAt);
        }),
      );
    }
    await Promise.all(writes);
    // What is still on its way, however long (the figures say how late it was).
    const expected = RATE * SECONDS * STREAMS;
    const delivered = () => received.filter((receipt) => written.has(receipt.caseId)).length;
    for (let waited = 0; delivered() < expected && waited < 30_000; waited += 250)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const elapsed = (performance.now() - started) / 1000;
    for (const stream of streams) stream.close();

    const latencies = received
      .flatMap(({ caseId, at }) => {
        const sent = written.get(caseId);
        return sent === undefined ? [] : [at - sent];
      })
      .sort((a, b) => a - b);
    const fanOut = received
      .filter((receipt) => written.has(receipt.caseId))
      .map((receipt) => receipt.sinceWrittenMs)
      .sort((a, b) => a - b);
    answered.sort((a, b) => a - b);
    const perStream = servers.map((_, i) => (after[i] - before[i]) / Math.ceil(STREAMS / 2) / 1024);
    console.log(
      `events delivered         ${latencies.length} of ${expected} (${(latencies.length / elapsed).toFixed(0)} events/s)`,
    );
    console.log(
      `write→receive            (from the write sent) p50 ${percentile(latencies, 0.5).toFixed(1)} ms   p99 ${percentile(latencies, 0.99).toFixed(1)} ms   max ${latencies.at(-1)?.toFixed(1)} ms (target p99 < 1000 ms)`,
    );
    console.log(
      `of which the write        (sent→answered) p50 ${percentile(answered, 0.5).toFixed(1)} ms   p99 ${percentile(answered, 0.99).toFixed(1)} ms`,
    );
    console.log(
      `and the fan-out          (written in the database→received) p50 ${percentile(fanOut, 0.5).toFixed(1)} ms   p99 ${percentile(fanOut, 0.99).toFixed(1)} ms`,
    );
    console.log(
      `memory per open stream   ${perStream.map((kb) => `${kb.toFixed(1)} KiB`).join(' / ')} (first / second instance)`,
    );
    console.log(
      `load average at start    ${load.map((value) => value.toFixed(2)).join(' ')}; now ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    for (const server of servers) server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    for (const dir of workDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

runScript(main);
