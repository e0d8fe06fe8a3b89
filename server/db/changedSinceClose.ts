import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CycleStatus } from '../../contract/billing';
import { liveCaseHours, runningCaseIds } from './caseHours';
import { billingCycleLines, billingCycles, caseMonthHours, cases, clients } from './schema';
import type { DbOrTx } from './transaction';

const cycle = alias(billingCycles, 'cycle');
const client = alias(clients, 'client');
const line = alias(billingCycleLines, 'line');
const hours = alias(caseMonthHours, 'hours');

/**
 * The closed and invoiced months whose hours moved since they closed (DESIGN §8 "Billing and reports"):
 * each frozen line against the case's hours of that month now, in one pass over every client, so billing's
 * home does not rebuild a statement per closed month.
 */

export interface ClosedCycle {
  cycleId: number;
  clientId: number;
  clientName: string;
  month: string;
  status: Exclude<CycleStatus, 'open'>;
  closedAt: Date;
  frozenMinutes: number;
}

/** A case whose line in a closed month differs from the frozen one. */
export interface CaseDifference {
  cycleId: number;
  caseId: number;
  frozenMinutes: number;
  currentMinutes: number;
}

type Row = {
  cycle_id: number;
  client_id: number;
  client_name: string;
  month: string;
  status: Exclude<CycleStatus, 'open'>;
  closed_at: Date | string;
  cycle_frozen: number | string;
  case_id: number;
  frozen_minutes: number | string;
  frozen_adjust: number | string;
  current_minutes: number | string;
  current_adjust: number | string;
};

/** A closed month's own columns, as `Row` names them. */
const closedColumns = sql`${cycle.clientId} as client_id, ${client.name} as client_name, ${cycle.month} as month,
  ${cycle.status} as status, ${cycle.closedAt} as closed_at,
  ${cycle.frozenMinutes} + ${cycle.frozenAdjustMinutes} as cycle_frozen`;

const cycleOf = (row: Row): ClosedCycle => ({
  cycleId: Number(row.cycle_id),
  clientId: Number(row.client_id),
  clientName: row.client_name,
  month: row.month,
  status: row.status,
  closedAt: new Date(row.closed_at),
  frozenMinutes: Number(row.cycle_frozen),
});

/**
 * The closed months with a case whose billable or adjustment minutes differ from its frozen line. The stored
 * hours of cases with a running log are stale, so those cases are compared with their live hours instead.
 */
export async function closedMonthsChanged(db: DbOrTx, now: Date, maxOpenLogHours?: number) {
  const live = await runningCaseIds(db);
  const liveOnly = live.length === 0 ? sql`false` : sql`case_id in ${live}`;
  const { rows } = await db.execute<Row>(sql`
    with closed as (
      select ${cycle.id} as id, ${cycle.clientId} as client_id, ${cycle.month} as month
      from ${billingCycles} ${cycle} where ${cycle.status} <> 'open'
    ), frozen_lines as (
      select closed.id as cycle_id, ${line.caseId} as case_id,
        coalesce((${line.line}->>'minutes')::int, 0) as minutes,
        coalesce((${line.line}->>'adjustMinutes')::int, 0) as adjust
      from closed join ${billingCycleLines} ${line} on ${line.cycleId} = closed.id
    ), now_lines as (
      select closed.id as cycle_id, ${hours.caseId} as case_id, ${hours.billableMinutes} as minutes,
        ${hours.adjustMinutes} as adjust
      from closed join ${caseMonthHours} ${hours}
        on ${hours.clientId} = closed.client_id and ${hours.month} = closed.month
      where true ${live.length === 0 ? sql`` : sql`and ${hours.caseId} not in ${live}`}
    ), differing as (
      select cycle_id, case_id, coalesce(frozen_lines.minutes, 0) as frozen_minutes,
        coalesce(frozen_lines.adjust, 0) as frozen_adjust, coalesce(now_lines.minutes, 0) as current_minutes,
        coalesce(now_lines.adjust, 0) as current_adjust
      from frozen_lines full join now_lines using (cycle_id, case_id)
      where coalesce(frozen_lines.minutes, 0) <> coalesce(now_lines.minutes, 0)
        or coalesce(frozen_lines.adjust, 0) <> coalesce(now_lines.adjust, 0)
        or ${liveOnly}
    )
    select differing.*, ${closedColumns}
    from differing join ${billingCycles} ${cycle} on ${cycle.id} = differing.cycle_id
    join ${clients} ${client} on ${client.id} = ${cycle.clientId}`);
  const cycles = new Map(rows.map((row) => [Number(row.cycle_id), cycleOf(row)]));
  const differences = new Map(
    rows.map((row) => [
      `${row.cycle_id} ${row.case_id}`,
      {
        cycleId: Number(row.cycle_id),
        caseId: Number(row.case_id),
        frozenMinutes: Number(row.frozen_minutes) + Number(row.frozen_adjust),
        currentMinutes: Number(row.current_minutes) + Number(row.current_adjust),
        frozenBillable: Number(row.frozen_minutes),
        frozenAdjust: Number(row.frozen_adjust),
        currentBillable: Number(row.current_minutes),
        currentAdjust: Number(row.current_adjust),
      },
    ]),
  );
  if (live.length > 0) {
    // A running case's live hours in a closed month, whether or not it had a frozen line there.
    const liveClosed = await closedCyclesOfCases(db, live);
    const { caseRows } = await liveCaseHours(db, live, now, maxOpenLogHours);
    for (const row of caseRows) {
      const cycle = liveClosed.get(`${row.clientId} ${row.month}`);
      if (!cycle) continue;
      cycles.set(cycle.cycleId, cycle);
      const key = `${cycle.cycleId} ${row.caseId}`;
      const frozen = differences.get(key) ?? {
        cycleId: cycle.cycleId,
        caseId: row.caseId,
        frozenMinutes: 0,
        frozenBillable: 0,
        frozenAdjust: 0,
      };
      differences.set(key, {
        ...frozen,
        currentMinutes: row.billableMinutes + row.adjustMinutes,
        currentBillable: row.billableMinutes,
        currentAdjust: row.adjustMinutes,
      });
    }
  }
  const changed = [...differences.values()].filter(
    (line) => line.frozenBillable !== line.currentBillable || line.frozenAdjust !== line.currentAdjust,
  );
  return {
    cycles,
    differences: changed.map(
      ({ cycleId, caseId, frozenMinutes, currentMinutes }): CaseDifference => ({
        cycleId,
        caseId,
        frozenMinutes,
        currentMinutes,
      }),
    ),
  };
}

/** The closed months of the clients of these cases, keyed `${clientId} ${month}`. */
async function closedCyclesOfCases(db: DbOrTx, caseIds: readonly number[]) {
  const { rows } = await db.execute<Row>(sql`
    select ${cycle.id} as cycle_id, ${closedColumns}
    from ${billingCycles} ${cycle} join ${clients} ${client} on ${client.id} = ${cycle.clientId}
    where ${cycle.status} <> 'open'
      and ${cycle.clientId} in (select ${cases.clientId} from ${cases} where ${cases.id} in ${caseIds})`);
  return new Map(rows.map((row) => [`${row.client_id} ${row.month}`, cycleOf(row)]));
}
