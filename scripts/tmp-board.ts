import { monthTotals } from '../server/db/billing';
import { liveCaseHours, runningCaseIds } from '../server/db/caseHours';
import { monitoringBoard } from '../server/db/cases';
import { openDatabase } from '../server/db/database';
import { stageCounts } from '../server/db/home';

const db = await openDatabase({
  databaseUrl: 'postgres://postgres@127.0.0.1:5432/vigil_seed',
  dataDir: '/tmp',
  poolMax: 4,
});
const ids = await runningCaseIds(db.db);
for (const [name, run] of [
  ['counts', () => stageCounts(db.db)],
  ['board', () => monitoringBoard(db.db)],
  ['totals', () => monthTotals(db.db, { from: '2026-09', to: '2026-11' }, new Date())],
  ['live', () => liveCaseHours(db.db, ids, new Date())],
] as const) {
  await run();
  const t = performance.now();
  for (let i = 0; i < 20; i++) await run();
  console.log(name, ((performance.now() - t) / 20).toFixed(1), 'ms');
}
await db.close();
