/**
 * `npm run bench:interfaces -- --database-url postgres://…` (or BENCH_DATABASE_URL): how fast are the
 * hospital interfaces (issue 32) on PostgreSQL? Starts the real app with its HL7 v2 listener, makes a
 * client of its own and sets up its interface through the API, then:
 * (a) inbound: ADT^A01 admissions sent over MLLP with @medplum/hl7's client, each waiting for its ACK
 *     (as an interface engine does), from one connection and from several at once: acknowledged per second;
 * (b) outbound: signed final reports of 20 cases queued through the function the signing transaction calls (PDF,
 *     ORU^R01, outbox row, committed), to a local MLLP peer that acknowledges AA: the time from each
 *     report's commit to the peer's acknowledgement, p50/p99, with the reports queued at a steady pace and
 *     then all at once.
 * `--quick` sends 300 messages and 300 reports instead of 1,000 each.
 * Writes into the database it is given (a client named "Bench interfaces …", its patients and cases).
 * Prints figures and the machine's load (`uptime`); asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import type { AddressInfo, Server } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Hl7Message } from '@medplum/core';
import { Hl7Client, Hl7Server } from '@medplum/hl7';
import { API_PATHS } from '../contract/paths';
import { enqueueSignedReport } from '../server/interfaces/outbox';
import { benchArguments, runScript, shownUrl, withBenchApp, withBenchDatabase } from './support/bench';

const { databaseUrl, quick } = benchArguments(
  'npm run bench:interfaces -- --database-url postgres://… [--quick]',
  ['quick'],
);
/** `--quick`: fewer messages and reports (a before/after check in about a minute), same paces. */
const INBOUND_MESSAGES = quick ? 300 : 1_000;
const CONNECTIONS = quick ? [1, 8] : [1, 4, 8];
const REPORTS = quick ? 300 : 1_000;
/** The cases the reports are spread over. */
const REPORT_CASES = 20;
/** Reports queued per second in the paced run (a busy service signs far fewer). */
const PACED_PER_SECOND = 50;

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const at = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];

function admission(facility: string, controlId: string, mrn: string) {
  return Hl7Message.parse(
    [
      `MSH|^~\\&|BENCH|${facility}|VIGIL|VIGIL|20260301080000||ADT^A01^ADT_A01|${controlId}|P|2.5.1`,
      `PID|1||${mrn}^^^${facility}^MR||Bench^Patient${mrn}||19800214|F`,
      `PV1|1|I|ICU^${mrn.slice(-2)}^1||||||||||||||||V${mrn}`,
    ].join('\r'),
  );
}

/** Sends `total` admissions over `connections` connections, each waiting for its ACK; answers per second. */
async function inbound(port: number, facility: string, run: string, total: number, connections: number) {
  const clients = Array.from({ length: connections }, () => new Hl7Client({ host: '127.0.0.1', port }));
  let refused = 0;
  const start = performance.now();
  await Promise.all(
    clients.map(async (client, index) => {
      for (let n = index; n < total; n += connections) {
        const id = `${run}-${connections}-${n}`;
        const ack = await client.sendAndWait(admission(facility, id, `M${id}`), { timeoutMs: 30_000 });
        if (ack.getSegment('MSA')?.getField(1)?.toString() !== 'AA') refused += 1;
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  await Promise.all(clients.map((client) => client.close()));
  return { perSecond: total / seconds, refused };
}

async function main() {
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  console.log(`Load before: ${uptime()}`);

  // The hospital's MLLP endpoint: acknowledges AA and notes when, by control id.
  const ackedAt = new Map<string, number>();
  const peer = new Hl7Server((connection) => {
    connection.addEventListener('message', (event) => {
      connection.send(event.message.buildAck({ ackCode: 'AA' }));
      ackedAt.set(event.message.getSegment('MSH')?.getField(10)?.toString() ?? '', performance.now());
    });
  });
  await peer.start(0);
  const peerPort = ((peer.server as Server).address() as AddressInfo).port;

  await withBenchDatabase(databaseUrl, async (database) => {
    await withBenchApp(
      database,
      async (app) => {
        const run = Date.now().toString(36).toUpperCase();
        const facility = `BENCH-${run}`;
        const created = await app.post(API_PATHS.clients, {
          name: `Bench interfaces ${run}`,
          code: `B${run.slice(-5)}`,
          timeZone: 'UTC',
        });
        const clientId = (created.data as { id: number }).id;
        await app.put(API_PATHS.clientInterface(clientId), {
          version: 0,
          inboundEnabled: true,
          sendingApplication: 'BENCH',
          sendingFacility: facility,
          mllpEnabled: true,
          mllpHost: '127.0.0.1',
          mllpPort: peerPort,
          reportKinds: ['final'],
        });

        // (a) Inbound admissions.
        const port = app.mllpPort ?? 0;
        await inbound(port, facility, `${run}W`, 50, 1); // warm-up
        for (const connections of CONNECTIONS) {
          const { perSecond, refused } = await inbound(port, facility, run, INBOUND_MESSAGES, connections);
          console.log(
            `Inbound ADT^A01 over MLLP, ${String(connections).padStart(2)} connection(s): ${perSecond.toFixed(0).padStart(5)} acknowledged/s (${INBOUND_MESSAGES} messages${refused ? `, ${refused} not AA` : ''})`,
          );
        }

        // (b) Outbound reports: cases of the client (a service signs for many patients at once; the reports
        // of one case go out in order), their reports signed and queued as the signing does.
        const reportCases: { id: number; caseNumber: string }[] = [];
        for (let n = 0; n < REPORT_CASES; n += 1) {
          const intake = await app.post(API_PATHS.cases, {
            clientId,
            studyType: 'long-term',
            hasVideo: true,
            monitoringLevel: 'continuous',
            patient: {
              mrn: `R${run}-${n}`,
              firstName: 'Report',
              lastName: 'Bench',
              dateOfBirth: '1980-02-14',
            },
          });
          reportCases.push(intake.data as { id: number; caseNumber: string });
        }
        let itemId = 0;
        const enqueue = async () => {
          itemId += 1;
          const id = itemId;
          const { id: caseId, caseNumber } = reportCases[id % REPORT_CASES];
          await database.db.transaction((tx) =>
            enqueueSignedReport(tx, caseId, id, 1, {
              kind: 'final',
              signedAt: new Date().toISOString(),
              signedBy: 'reader1',
              background: 'Continuous, reactive 8 Hz background.',
              impression: `Normal continuous video EEG, report ${id}.`,
            }),
          );
          return { controlId: `${caseNumber}-${id}-1`, committedAt: performance.now() };
        };
        const latencies = async (queued: { controlId: string; committedAt: number }[]) => {
          const deadline = Date.now() + 120_000;
          while (queued.some((one) => !ackedAt.has(one.controlId)) && Date.now() < deadline) await sleep(20);
          const times = queued
            .filter((one) => ackedAt.has(one.controlId))
            .map((one) => (ackedAt.get(one.controlId) ?? 0) - one.committedAt)
            .sort((a, b) => a - b);
          return { times, missing: queued.length - times.length };
        };
        const print = (label: string, { times, missing }: { times: number[]; missing: number }) =>
          console.log(
            `${label.padEnd(44)} p50 ${at(times, 0.5).toFixed(0).padStart(5)} ms   p99 ${at(times, 0.99).toFixed(0).padStart(5)} ms   max ${times.at(-1)?.toFixed(0).padStart(5)} ms${missing ? `   (${missing} not acknowledged in 120 s)` : ''}`,
          );

        await latencies([await enqueue()]); // warm-up: definitions, fonts, connections
        const paced: { controlId: string; committedAt: number }[] = [];
        const pacedStart = performance.now();
        for (let n = 0; n < REPORTS; n += 1) {
          const due = pacedStart + (n * 1000) / PACED_PER_SECOND;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          paced.push(await enqueue());
        }
        print(`Outbound ${REPORTS} reports at ${PACED_PER_SECOND}/s, commit→ACK`, await latencies(paced));

        const burst: { controlId: string; committedAt: number }[] = [];
        const burstStart = performance.now();
        for (let n = 0; n < REPORTS; n += 1) burst.push(await enqueue());
        const queuedIn = performance.now() - burstStart;
        const burstResult = await latencies(burst);
        const drained = Math.max(...burst.map((one) => ackedAt.get(one.controlId) ?? 0)) - burstStart;
        print(`Outbound ${REPORTS} reports at once, commit→ACK`, burstResult);
        console.log(
          `  (queued in ${(queuedIn / 1000).toFixed(1)} s; all acknowledged after ${(drained / 1000).toFixed(1)} s: ${((REPORTS * 1000) / drained).toFixed(0)} sent/s)`,
        );
      },
      { HL7_MLLP_PORT: '0' },
    );
  });
  await peer.stop({ forceDrainTimeoutMs: 0 });
  console.log(`Load after: ${uptime()}`);
}

runScript(main);
