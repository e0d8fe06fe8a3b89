import { sql } from 'drizzle-orm';
import { exceptCases, liveCaseHours, runningCaseIds } from './caseHours';
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
  const { rows } = await db.execute<{
    client_id: number;
    month: string;
    billable: number | string;
    adjust: number | string;
    monitoring: number | string;
    cases: number | string;
  }>(sql`
    select client_id, month, sum(billable_minutes) as billable, sum(adjust_minutes) as adjust,
      sum(monitoring_minutes) as monitoring,
      count(*) filter (where billable_minutes > 0 or adjust_minutes <> 0) as cases
    from case_month_hours
    where month between ${from} and ${to} ${clientId === undefined ? sql`` : sql`and client_id = ${clientId}`}
      ${exceptCases('case_id', live)}
    group by client_id, month`);
  const totals = new Map<string, MonthTotal>(
    rows.map((row) => [
      key(Number(row.client_id), row.month),
      {
        clientId: Number(row.client_id),
        month: row.month,
        billableMinutes: Number(row.billable),
        adjustMinutes: Number(row.adjust),
        monitoringMinutes: Number(row.monitoring),
        cases: Number(row.cases),
      },
    ]),
  );
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
  const { rows } = await db.execute<{
    case_id: number;
    billable_minutes: number;
    adjust_minutes: number;
  }>(sql`
    select case_id, billable_minutes, adjust_minutes from case_month_hours
    where client_id = ${clientId} and month = ${month} ${exceptCases('case_id', live)}`);
  const minutes = new Map<number, { billable: number; adjust: number }>(
    rows.map((row) => [
      Number(row.case_id),
      { billable: Number(row.billable_minutes), adjust: Number(row.adjust_minutes) },
    ]),
  );
  const { caseRows } = await liveCaseHours(db, live, now, maxOpenLogHours);
  for (const row of caseRows) {
    if (row.month === month)
      minutes.set(row.caseId, { billable: row.billableMinutes, adjust: row.adjustMinutes });
  }
  return minutes;
}
