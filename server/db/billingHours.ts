import { and, between, eq, sql, sum } from 'drizzle-orm';
import { liveCaseHours, runningCaseIds } from './caseHours';
import { isNoneOf, preparedOnce } from './prepared';
import { caseMonthHours } from './schema';
import type { DbOrTx } from './transaction';

/**
 * Billing's hours per client and month, and per case of a month: the stored rows of the cases without a
 * running log, plus the live ones.
 */

export interface MonthTotal {
  clientId: number;
  month: string;
  billableMinutes: number;
  adjustMinutes: number;
  monitoringMinutes: number;
  cases: number;
}

const key = (clientId: number, month: string) => `${clientId} ${month}`;

/**
 * Hours per client and month in [from, to] (of one client, or of every client): the stored rows of the
 * cases without a running log, summed by the database, plus the cases with one, counted live until `now`.
 */
export async function monthTotals(
  db: DbOrTx,
  { clientId, from, to }: { clientId?: number; from: string; to: string },
  now: Date,
  maxOpenLogHours?: number,
): Promise<MonthTotal[]> {
  const live = await runningCaseIds(db, clientId);
  const query = preparedOnce(db, clientId === undefined ? 'month totals' : 'month totals of client', (name) =>
    db
      .select({
        clientId: caseMonthHours.clientId,
        month: caseMonthHours.month,
        billableMinutes: sum(caseMonthHours.billableMinutes).mapWith(Number),
        adjustMinutes: sum(caseMonthHours.adjustMinutes).mapWith(Number),
        monitoringMinutes: sum(caseMonthHours.monitoringMinutes).mapWith(Number),
        cases: sql`count(*) filter (
          where ${caseMonthHours.billableMinutes} > 0 or ${caseMonthHours.adjustMinutes} <> 0
        )`.mapWith(Number),
      })
      .from(caseMonthHours)
      .where(
        and(
          between(caseMonthHours.month, sql.placeholder('from'), sql.placeholder('to')),
          clientId === undefined ? undefined : eq(caseMonthHours.clientId, sql.placeholder('clientId')),
          isNoneOf(caseMonthHours.caseId, 'live'),
        ),
      )
      .groupBy(caseMonthHours.clientId, caseMonthHours.month)
      .prepare(name),
  );
  const rows = await query.execute({ clientId, from, to, live });
  const totals = new Map<string, MonthTotal>(rows.map((row) => [key(row.clientId, row.month), row]));
  const { caseRows } = await liveCaseHours(db, live, now, maxOpenLogHours);
  for (const row of caseRows) {
    if (row.month < from || row.month > to) continue;
    const total = totals.get(key(row.clientId, row.month)) ?? {
      clientId: row.clientId,
      month: row.month,
      billableMinutes: 0,
      adjustMinutes: 0,
      monitoringMinutes: 0,
      cases: 0,
    };
    total.billableMinutes += row.billableMinutes;
    total.adjustMinutes += row.adjustMinutes;
    total.monitoringMinutes += row.monitoringMinutes;
    if (row.billableMinutes > 0 || row.adjustMinutes !== 0) total.cases += 1;
    totals.set(key(row.clientId, row.month), total);
  }
  return [...totals.values()];
}

/** Each case's minutes in a client's month (stored, or live for a case with a running log). */
export async function caseMinutesInMonth(
  db: DbOrTx,
  clientId: number,
  month: string,
  now: Date,
  maxOpenLogHours?: number,
) {
  const live = await runningCaseIds(db, clientId);
  const query = preparedOnce(db, 'stored case minutes', (name) =>
    db
      .select({
        caseId: caseMonthHours.caseId,
        billable: caseMonthHours.billableMinutes,
        adjust: caseMonthHours.adjustMinutes,
      })
      .from(caseMonthHours)
      .where(
        and(
          eq(caseMonthHours.clientId, sql.placeholder('clientId')),
          eq(caseMonthHours.month, sql.placeholder('month')),
          isNoneOf(caseMonthHours.caseId, 'live'),
        ),
      )
      .prepare(name),
  );
  const rows = await query.execute({ clientId, month, live });
  const minutes = new Map(rows.map(({ caseId, ...row }) => [caseId, row]));
  const { caseRows } = await liveCaseHours(db, live, now, maxOpenLogHours);
  for (const row of caseRows) {
    if (row.month === month)
      minutes.set(row.caseId, { billable: row.billableMinutes, adjust: row.adjustMinutes });
  }
  return minutes;
}
