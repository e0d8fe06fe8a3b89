import { callFigures } from '../server/db/callFigures';
import { monitoringBoard } from '../server/db/monitoringBoard';
import { benchArguments, runScript, shownUrl, timed, withBenchDatabase } from './support/bench';

/**
 * The critical calls on the large seed (`npm run seed:large`): the operations board (which names whom to
 * call next after an unanswered call) and a year of monthly call figures of every client, median of each.
 */
runScript(async () => {
  const { databaseUrl } = benchArguments('tsx scripts/bench-calls.ts --database-url postgres://…');
  console.log(`Database: ${shownUrl(databaseUrl)}`);
  await withBenchDatabase(databaseUrl, async (database) => {
    const rows = await monitoringBoard(database.db, { maxOpenLogHours: 16 });
    console.log(
      `Board: ${rows.length} cases, ${rows.filter((row) => row.callNext).length} with a call to escalate`,
    );
    await timed(
      'board (GET /getHome2 query)',
      () => monitoringBoard(database.db, { maxOpenLogHours: 16 }),
      30,
    );
    const now = new Date();
    const to = now.toISOString().slice(0, 7);
    const from = `${now.getUTCFullYear() - 1}${to.slice(4)}`;
    await timed(`call figures ${from}..${to}, every client`, () => callFigures(database.db, from, to), 10);
  });
});
