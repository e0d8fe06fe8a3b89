import type { ClientHeader, RateInput, StatusInput } from '../../contract/billing';
import { monthsBetween } from '../../contract/billingMonths';
import { monthIn } from '../../contract/calendar';
import type { Caller } from '../../contract/ownWork';
import { findCycle, lockCycle, saveRate, saveStatus, storedCycles } from '../db/billing';
import { monthTotals } from '../db/billingHours';
import { closedMonthsChanged } from '../db/changedSinceClose';
import type { Db } from '../db/database';
import type { DbOrTx } from '../db/transaction';
import { cycleStatusRefusal, rateRefusal, runningLogsRefusal } from '../domain/billing/cycleStatus';
import { hoursOf } from '../domain/billing/money';
import { monthEnded, monthName, monthWindow } from '../domain/billing/months';
import { conflict, forbidden } from '../errors';
import { writeAudit } from './audit';
import { currentLines, cycleView, liveHoursOf, statementOf, totalsOf } from './billingStatements';
import { requireClientHeader } from './clients';

/**
 * Billing cycles (DESIGN §8 "Billing and reports"): a client's months from its first recording to now, the
 * statement of one, its rate, and its status (closing freezes the lines).
 */

interface BillingCycleSettings {
  db: Db;
  /** Open-log rules (DESIGN §4). */
  maxOpenLogHours: number;
  /** The clock. */
  clock: () => Date;
}

type StoredCycleRow = Awaited<ReturnType<typeof lockCycle>>;

/** 409: the cycle changed since the caller loaded it (optimistic locking). */
const staleCycle = (month: string, stored: { version: number } | undefined) =>
  conflict(
    `Cycle ${month} was changed by someone else (version ${stored?.version ?? 0}); reload it and try again`,
  );

const audit = writeAudit('billing');

export function createBillingCycles({ db, maxOpenLogHours, clock }: BillingCycleSettings) {
  /** The cycle as the API shows it, with the month's live figures while it is open. */
  const cycleOf = async (tx: DbOrTx, client: ClientHeader, month: string, now: Date, caller: Caller) => {
    const stored = await findCycle(tx, client.id, month);
    const [live] = await monthTotals(
      tx,
      { clientId: client.id, from: month, to: month },
      now,
      maxOpenLogHours,
    );
    return cycleView(month, stored, liveHoursOf(live), {
      roles: caller.roles,
      timeZone: client.timeZone,
      now,
    });
  };

  /**
   * One change of a client's billing cycle: in one transaction, the client (404), the cycle's row locked (a
   * rate and a status change of the same month never interleave), the change, and the cycle as it is after.
   */
  const changeCycle = (
    clientId: number,
    month: string,
    caller: Caller,
    change: (tx: DbOrTx, header: ClientHeader, stored: StoredCycleRow, now: Date) => Promise<void>,
  ) => {
    const now = clock();
    return db.transaction(async (tx) => {
      const { header } = await requireClientHeader(tx, clientId);
      await change(tx, header, await lockCycle(tx, header.id, month), now);
      return cycleOf(tx, header, month, now, caller);
    });
  };

  /** A month's billable hours by case, as they stand now. */
  async function billableHours(clientId: number, month: string) {
    const { header } = await requireClientHeader(db, clientId);
    const window = monthWindow(month, header.timeZone);
    const cases = await currentLines(db, header, month, clock(), maxOpenLogHours);
    return {
      client: header,
      month,
      periodStart: new Date(window.start).toISOString(),
      periodEnd: new Date(window.end).toISOString(),
      cases,
      totals: totalsOf(cases),
    };
  }

  /** The client's cycles, newest first, from its first recording (or stored cycle) to this month. */
  async function cyclesOf(clientId: number, caller: Caller) {
    const now = clock();
    const { header, firstRecording } = await requireClientHeader(db, clientId);
    const stored = await storedCycles(db, header.id);
    const thisMonth = monthIn(header.timeZone, now);
    const first = [
      firstRecording ? monthIn(header.timeZone, firstRecording) : thisMonth,
      ...stored.map((cycle) => cycle.month),
    ].sort()[0] as string;
    const last = [thisMonth, ...stored.map((cycle) => cycle.month)].sort().at(-1) as string;
    const totals = new Map(
      (await monthTotals(db, { clientId: header.id, from: first, to: last }, now, maxOpenLogHours)).map(
        (total) => [total.month, total],
      ),
    );
    const byMonth = new Map(stored.map((cycle) => [cycle.month, cycle]));
    const viewer = { roles: caller.roles, timeZone: header.timeZone, now };
    return monthsBetween(first, last)
      .reverse()
      .map((month) => cycleView(month, byMonth.get(month), liveHoursOf(totals.get(month)), viewer));
  }

  /** Every client's closed or invoiced months whose hours changed since they closed, newest first. */
  async function changedStatements() {
    const { cycles, differences } = await closedMonthsChanged(db, clock(), maxOpenLogHours);
    const byCycle = new Map<number, typeof differences>();
    for (const line of differences) byCycle.set(line.cycleId, [...(byCycle.get(line.cycleId) ?? []), line]);
    const changed = [...cycles.values()].flatMap((cycle) => {
      const cases = byCycle.get(cycle.cycleId) ?? [];
      if (cases.length === 0) return [];
      const currentMinutes = cases.reduce(
        (total, line) => total + line.currentMinutes - line.frozenMinutes,
        cycle.frozenMinutes,
      );
      return [
        {
          clientId: cycle.clientId,
          clientName: cycle.clientName,
          month: cycle.month,
          status: cycle.status,
          closedAt: cycle.closedAt.toISOString(),
          frozenMinutes: cycle.frozenMinutes,
          frozenHours: hoursOf(cycle.frozenMinutes),
          currentMinutes,
          currentHours: hoursOf(currentMinutes),
          cases: cases.length,
        },
      ];
    });
    return changed.sort((a, b) => b.month.localeCompare(a.month) || a.clientName.localeCompare(b.clientName));
  }

  /** One month's statement. */
  async function statement(clientId: number, month: string, caller: Caller) {
    const { header } = await requireClientHeader(db, clientId);
    const stored = await findCycle(db, header.id, month);
    return statementOf(db, header, month, stored, caller.roles, clock(), maxOpenLogHours);
  }

  /** The month's rate, unless it is closed (409) or changed since the caller loaded it (409). */
  const setRate = (clientId: number, month: string, caller: Caller, { rate, version }: RateInput) =>
    changeCycle(clientId, month, caller, async (tx, header, stored) => {
      const refused = stored && rateRefusal(month, stored.status);
      if (refused) throw conflict(refused);
      if (version !== undefined && version !== (stored?.version ?? 0)) throw staleCycle(month, stored);
      const saved = await saveRate(tx, header.id, month, rate, caller.username);
      await audit(tx, { user: caller }, 'billing.rate', header.id, { month, version: saved.version });
    });

  /** The month's next status: closing freezes its lines and needs no log running in it. */
  const setStatus = (clientId: number, month: string, caller: Caller, { status, version }: StatusInput) =>
    changeCycle(clientId, month, caller, async (tx, header, stored, now) => {
      const refusal = cycleStatusRefusal({
        month: monthName(month),
        from: stored?.status ?? 'open',
        to: status,
        hasRate: (stored?.rate ?? null) !== null,
        isAdmin: caller.roles.includes('admin'),
        monthEnded: monthEnded(month, header.timeZone, now.getTime()),
      });
      if (refusal?.status === 403) throw forbidden(refusal.message);
      if (refusal) throw conflict(refusal.message);
      if (!stored || version !== stored.version) throw staleCycle(month, stored);
      const lines = status === 'closed' ? await currentLines(tx, header, month, now, maxOpenLogHours) : [];
      const running = runningLogsRefusal(
        monthName(month),
        lines.filter((line) => line.openLog).map((line) => line.caseNumber),
      );
      if (running) throw conflict(running);
      const totals = totalsOf(lines);
      await saveStatus(tx, stored, status, caller.username, {
        minutes: totals.minutes,
        adjustMinutes: totals.adjustMinutes,
        cases: lines.filter((line) => line.minutes > 0 || line.adjustMinutes !== 0).length,
        lines,
      });
      await audit(tx, { user: caller }, `billing.${status}`, header.id, {
        month,
        from: stored.status,
        to: status,
        version: stored.version + 1,
      });
    });

  return { billableHours, cyclesOf, changedStatements, statement, setRate, setStatus };
}
