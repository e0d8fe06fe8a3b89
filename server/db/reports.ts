import { sql } from 'drizzle-orm';
import type { StoredCycle } from './billing';
import { exceptCases, liveCaseHours, runningCaseIds } from './caseHours';
import type { DbOrTx } from './transaction';

/** The reports' reads (DESIGN §8 "Billing and reports"): stored cycles of a range, monitoring hours. */

type Range = { clientId?: number; from: string; to: string };

const ofClient = (clientId: number | undefined) =>
  clientId === undefined ? sql`` : sql`and client_id = ${clientId}`;

/** The stored cycles of the months in range, keyed `${clientId} ${month}`. */
export async function cyclesInRange(db: DbOrTx, { clientId, from, to }: Range) {
  const { rows } = await db.execute<Record<string, unknown>>(sql`
    select id, client_id, month, status, rate, version, frozen_minutes, frozen_adjust_minutes, frozen_cases,
      closed_at, closed_by, invoiced_at, invoiced_by, updated_at, updated_by
    from billing_cycles where month between ${from} and ${to} ${ofClient(clientId)}`);
  const date = (value: unknown) => (value === null ? null : new Date(value as string));
  const number = (value: unknown) => (value === null ? null : Number(value));
  return new Map<string, StoredCycle>(
    rows.map((row) => [
      `${row.client_id} ${row.month}`,
      {
        id: Number(row.id),
        clientId: Number(row.client_id),
        month: String(row.month),
        status: row.status as StoredCycle['status'],
        rate: row.rate === null ? null : String(row.rate),
        version: Number(row.version),
        frozenMinutes: number(row.frozen_minutes),
        frozenAdjustMinutes: number(row.frozen_adjust_minutes),
        frozenCases: number(row.frozen_cases),
        closedAt: date(row.closed_at),
        closedBy: (row.closed_by as string | null) ?? null,
        invoicedAt: date(row.invoiced_at),
        invoicedBy: (row.invoiced_by as string | null) ?? null,
        updatedAt: date(row.updated_at) as Date,
        updatedBy: String(row.updated_by),
      },
    ]),
  );
}

export async function clientNames(db: DbOrTx, clientIds: readonly number[]) {
  if (clientIds.length === 0) return new Map<number, { name: string; code: string }>();
  const { rows } = await db.execute<{ id: number; name: string; code: string }>(sql`
    select id, name, code from clients where id in ${clientIds}`);
  return new Map(rows.map((row) => [Number(row.id), { name: row.name, code: row.code }]));
}

/** Each technologist's monitoring minutes per month: stored rows plus the cases counted live. */
export async function monitoringByTechnologist(db: DbOrTx, range: Range, now: Date) {
  const live = await runningCaseIds(db, range.clientId);
  const { rows } = await db.execute<{ technologist: string; month: string; minutes: number | string }>(sql`
    select technologist, month, sum(minutes) as minutes from technologist_month_hours
    where month between ${range.from} and ${range.to} ${ofClient(range.clientId)} ${exceptCases('case_id', live)}
    group by technologist, month`);
  const totals = new Map(
    rows.map((row) => [
      `${row.technologist} ${row.month}`,
      { technologist: row.technologist, month: row.month, minutes: Number(row.minutes) },
    ]),
  );
  const { technologistRows } = await liveCaseHours(db, live, now);
  for (const row of technologistRows) {
    if (row.month < range.from || row.month > range.to) continue;
    const key = `${row.technologist} ${row.month}`;
    const total = totals.get(key) ?? { technologist: row.technologist, month: row.month, minutes: 0 };
    total.minutes += row.minutes;
    totals.set(key, total);
  }
  return [...totals.values()];
}

/** A client's cases' monitoring minutes per month (the union of all each case's logs). */
export async function monitoringByCase(db: DbOrTx, range: Range & { clientId: number }, now: Date) {
  const live = await runningCaseIds(db, range.clientId);
  const { rows } = await db.execute<{
    case_id: number;
    case_number: string;
    month: string;
    minutes: number;
  }>(sql`
    select h.case_id, c.case_number, h.month, h.monitoring_minutes as minutes
    from case_month_hours h join cases c on c.id = h.case_id
    where h.client_id = ${range.clientId} and h.month between ${range.from} and ${range.to}
      and h.monitoring_minutes > 0 ${exceptCases('h.case_id', live)}`);
  const result = rows.map((row) => ({
    caseId: Number(row.case_id),
    caseNumber: row.case_number,
    month: row.month,
    minutes: Number(row.minutes),
  }));
  const { caseRows } = await liveCaseHours(db, live, now);
  const liveNumbers = await caseNumbers(db, live);
  for (const row of caseRows) {
    if (row.month < range.from || row.month > range.to || row.monitoringMinutes === 0) continue;
    result.push({
      caseId: row.caseId,
      caseNumber: liveNumbers.get(row.caseId) ?? '',
      month: row.month,
      minutes: row.monitoringMinutes,
    });
  }
  return result.sort((a, b) => a.caseNumber.localeCompare(b.caseNumber) || a.month.localeCompare(b.month));
}

async function caseNumbers(db: DbOrTx, caseIds: readonly number[]) {
  if (caseIds.length === 0) return new Map<number, string>();
  const { rows } = await db.execute<{ id: number; case_number: string }>(sql`
    select id, case_number from cases where id in ${caseIds}`);
  return new Map(rows.map((row) => [Number(row.id), row.case_number]));
}
