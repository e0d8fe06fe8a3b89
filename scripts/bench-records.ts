/**
 * `npm run bench:records -- --database-url postgres://…` (or BENCH_DATABASE_URL): how fast are a case's
 * clinical records at volume? Reads a database loaded by `npm run seed:large`, starts the real app against
 * it and times over HTTP with an administrator's real id token: the busiest monitoring case's time logs
 * (with the correction), events, impedances and case notes; many cases' time logs; an item's history; the
 * monitoring list (its overdue column reads the records). It also writes, on another monitoring case:
 * short time logs started and stopped one after the other by a technologist it assigns to the case (each
 * in the free time after their latest log on the case, within the recording: DESIGN §4), and impedance
 * measurements. Prints figures; asserts nothing.
 */
import { and, count, desc, eq, max, ne, sql } from 'drizzle-orm';
import { ELECTRODES_10_20 } from '../contract/electrodes';
import { API_PATHS } from '../contract/paths';
import type { TimeLog } from '../contract/timeLogs';
import type { Db } from '../server/db/database';
import { caseRecordItems, cases, caseTechnologists, caseTimeLogs } from '../server/db/schema';
import {
  benchArguments,
  runScript,
  shownUrl,
  timed,
  timedSteps,
  withBenchApp,
  withBenchDatabase,
} from './support/bench';

const CALLS = 200;
const PER_PAGE = 25;
/**
 * Each log the benchmark writes lasts this long, back to back, so all of them fit in the minute before the
 * run (or right after the technologist's latest log, within the minute the API allows a log to end ahead).
 */
const LOG_MS = 250;

/**
 * Who writes the benchmark's logs: a technologist the app's identity knows (only technologists own time
 * logs, DESIGN §4), where the seed's team is only names.
 */
const WRITER = 'tech1';

/**
 * Where the benchmark writes: the first monitoring case (by id, so every run writes on the same one), with
 * WRITER assigned to it (before the timing), and the end of WRITER's latest log on it (their logs may
 * overlap only across cases).
 */
async function writingTarget(db: Db) {
  const [target] = await db
    .select({ caseId: cases.id, caseNumber: cases.caseNumber })
    .from(cases)
    .where(eq(cases.stage, 'monitoring'))
    .orderBy(cases.id)
    .limit(1);
  if (!target) return undefined;
  await db
    .insert(caseTechnologists)
    .values({ caseId: target.caseId, username: WRITER, assignedBy: 'admin' })
    .onConflictDoNothing();
  const [{ lastEnd }] = await db
    .select({ lastEnd: max(caseTimeLogs.endAt) })
    .from(caseTimeLogs)
    .where(and(eq(caseTimeLogs.technologist, WRITER), eq(caseTimeLogs.caseId, target.caseId)));
  return { ...target, technologist: WRITER, lastEnd };
}

/** The monitoring case with the most time logs, other than the one written on. */
async function busiestMonitoringCase(db: Db, writtenCaseId: number) {
  const [busiest] = await db
    .select({ id: cases.id, caseNumber: cases.caseNumber, logs: count() })
    .from(cases)
    .innerJoin(caseTimeLogs, eq(caseTimeLogs.caseId, cases.id))
    .where(and(eq(cases.stage, 'monitoring'), ne(cases.id, writtenCaseId)))
    .groupBy(cases.id)
    .orderBy(desc(count()), cases.id)
    .limit(1);
  return busiest;
}

/** A time log with the most revisions (the seed gives a few two or three). */
async function mostRevisedTimeLog(db: Db) {
  const [item] = await db
    .select({ id: caseTimeLogs.itemId, caseId: caseTimeLogs.caseId, revisions: caseTimeLogs.revision })
    .from(caseTimeLogs)
    .orderBy(desc(caseTimeLogs.revision), caseTimeLogs.itemId)
    .limit(1);
  return item;
}

async function main() {
  const { databaseUrl } = benchArguments(
    'npm run bench:records -- --database-url postgres://user@host:5432/name',
  );
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  await withBenchDatabase(databaseUrl, async (database) => {
    const { db } = database;
    const written = await writingTarget(db);
    const busiest = written && (await busiestMonitoringCase(db, written.caseId));
    const revised = await mostRevisedTimeLog(db);
    if (!written || !busiest || !revised) {
      console.error(
        'The database has no monitoring case with time logs: load it first with `npm run seed:large -- --database-url …`.',
      );
      process.exitCode = 1;
      return;
    }
    const caseIds = (await db.select({ id: cases.id }).from(cases).orderBy(sql`random()`).limit(CALLS)).map(
      (row) => row.id,
    );
    const records = await db.$count(caseRecordItems);
    console.log(
      `${records} records. Reading case ${busiest.caseNumber} (${busiest.logs} time logs); writing on case ${written.caseNumber} as ${written.technologist}.\n`,
    );

    await withBenchApp(database, async (app) => {
      const read = (kind: string) => () => app.get(API_PATHS.caseRecords(busiest.id, kind));
      await timed(`GET time-logs (busiest case, with correction)`, read('time-logs'));
      await timed('GET events (busiest case)', read('events'));
      await timed('GET impedances (busiest case)', read('impedances'));
      await timed('GET case-notes (busiest case)', read('case-notes'));
      await timed(`GET time-logs (${caseIds.length} different cases)`, (call) =>
        app.get(API_PATHS.caseRecords(caseIds[call % caseIds.length], 'time-logs')),
      );
      await timed(`GET time-logs/{id}/revisions (${revised.revisions} revisions)`, () =>
        app.get(API_PATHS.caseRecordRevisions(revised.caseId, 'time-logs', revised.id)),
      );
      await timed(`GET cases/monitoring (page 1)`, () =>
        app.get(`${API_PATHS.caseStage('monitoring')}?perPage=${PER_PAGE}`),
      );
      await timed('GET cases/monitoring?perPage=100', () =>
        app.get(`${API_PATHS.caseStage('monitoring')}?perPage=100`),
      );

      let start = Math.max(written.lastEnd?.getTime() ?? 0, Date.now() - (CALLS + 1) * LOG_MS);
      await timedSteps(async (lap) => {
        const end = start + LOG_MS;
        const created = await app.post(API_PATHS.caseRecords(written.caseId, 'time-logs'), {
          technologist: written.technologist,
          start: new Date(start).toISOString(),
          activity: 'check',
        });
        lap('POST time-logs (start a log)');
        await app.post(
          API_PATHS.caseRecordRevisions(written.caseId, 'time-logs', (created.data as TimeLog)._id),
          {
            baseRevision: 1,
            end: new Date(end).toISOString(),
          },
        );
        lap('POST time-logs/{id}/revisions (stop it)');
        start = end;
      }, CALLS);
      const values = Object.fromEntries(
        ELECTRODES_10_20.map((electrode, index) => [electrode, 2 + (index % 5)]),
      );
      await timed('POST impedances', () =>
        app.post(API_PATHS.caseRecords(written.caseId, 'impedances'), {
          measuredAt: new Date().toISOString(),
          values,
          actionTaken: '',
        }),
      );
    });
  });
}

runScript(main);
