import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billableHoursQuery,
  billableHoursSchema,
  billingCycleSchema,
  type ClientHeader,
  clientParams,
  cycleParams,
  monthsBetween,
  rateInputSchema,
  statementSchema,
  statusInputSchema,
} from '../../../contract/billing';
import { changedStatementSchema } from '../../../contract/billingChanges';
import { monthIn } from '../../../contract/calendar';
import { envelope } from '../../../contract/envelope';
import { API_PATHS } from '../../../contract/paths';
import type { Role } from '../../../contract/roles';
import { DEFAULT_MAX_OPEN_LOG_HOURS, type MonitoringSettings } from '../../../contract/timeLogs';
import { recordWrite } from '../../db/audit';
import { findCycle, lockCycle, saveRate, saveStatus, storedCycles } from '../../db/billing';
import { monthTotals } from '../../db/billingHours';
import { closedMonthsChanged } from '../../db/changedSinceClose';
import type { Db } from '../../db/database';
import type { DbOrTx } from '../../db/transaction';
import { cycleStatusRefusal, rateRefusal, runningLogsRefusal } from '../../domain/billing/cycleStatus';
import { hoursOf } from '../../domain/billing/money';
import { monthEnded, monthName, monthWindow } from '../../domain/billing/months';
import { conflict, forbidden } from '../../errors';
import {
  currentLines,
  cycleView,
  liveHoursOf,
  statementOf,
  totalsOf,
} from '../../services/billingStatements';
import { requireClientHeader } from '../clients/shared';
import { ok, readsPatientData, requires } from '../reply';

/**
 * Billing cycles and statements (DESIGN §8 "Billing and reports"): a client's months from its first
 * recording to now, the statement of one, its rate, and its status (closing freezes the lines).
 */

const tags = ['billing'];

export interface BillingRouteOptions {
  db: Db;
  /** Open-log rules (DESIGN §4); the defaults when a test leaves them out. */
  monitoring?: MonitoringSettings;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
}

/** 409: the cycle changed since the caller loaded it (optimistic locking). */
const staleCycle = (month: string, stored: { version: number } | undefined) =>
  conflict(
    `Cycle ${month} was changed by someone else (version ${stored?.version ?? 0}); reload it and try again`,
  );

const audit = (tx: DbOrTx, request: FastifyRequest, action: string, clientId: number, details: object) =>
  recordWrite(tx, request.user.username, 'billing', action, clientId, details as Record<string, unknown>);

export const billingRoutes: FastifyPluginAsyncZod<BillingRouteOptions> = async (
  app,
  { db, monitoring, now: clock = () => new Date() },
) => {
  const maxOpenLogHours = monitoring?.maxOpenLogHours ?? DEFAULT_MAX_OPEN_LOG_HOURS;
  /** The cycle as the API shows it, with the month's live figures while it is open. */
  const cycleOf = async (
    db: DbOrTx,
    client: ClientHeader,
    month: string,
    now: Date,
    roles: readonly Role[],
  ) => {
    const stored = await findCycle(db, client.id, month);
    const [live] = await monthTotals(
      db,
      { clientId: client.id, from: month, to: month },
      now,
      maxOpenLogHours,
    );
    return cycleView(month, stored, liveHoursOf(live), { roles, timeZone: client.timeZone, now });
  };

  /**
   * One change of a client's billing cycle: in one transaction, the client (404), the cycle's row locked (a
   * rate and a status change of the same month never interleave), the change, and the cycle as it is after.
   */
  const changeCycle = (
    request: FastifyRequest<{ Params: { clientId: number; cycleId: string } }>,
    change: (
      tx: DbOrTx,
      header: ClientHeader,
      stored: Awaited<ReturnType<typeof lockCycle>>,
      now: Date,
    ) => Promise<void>,
  ) => {
    const month = request.params.cycleId;
    const now = clock();
    return db.transaction(async (tx) => {
      const { header } = await requireClientHeader(tx, request.params.clientId);
      await change(tx, header, await lockCycle(tx, header.id, month), now);
      return cycleOf(tx, header, month, now, request.user.roles);
    });
  };

  app.get(
    API_PATHS.billableHours(':clientId'),
    {
      config: readsPatientData('billing', 'show', 'case-list'),
      schema: {
        tags,
        params: clientParams,
        querystring: billableHoursQuery,
        response: { 200: envelope(billableHoursSchema) },
      },
    },
    async (request) => {
      const { header } = await requireClientHeader(db, request.params.clientId);
      const { month } = request.query;
      const window = monthWindow(month, header.timeZone);
      const cases = await currentLines(db, header, month, clock(), maxOpenLogHours);
      return ok({
        client: header,
        month,
        periodStart: new Date(window.start).toISOString(),
        periodEnd: new Date(window.end).toISOString(),
        cases,
        totals: totalsOf(cases),
      });
    },
  );

  app.get(
    API_PATHS.billingCycles(':clientId'),
    {
      config: requires('billing', 'list'),
      schema: { tags, params: clientParams, response: { 200: envelope(z.array(billingCycleSchema)) } },
    },
    async (request) => {
      const now = clock();
      const { header, firstRecording } = await requireClientHeader(db, request.params.clientId);
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
      const viewer = { roles: request.user.roles, timeZone: header.timeZone, now };
      const cycles = monthsBetween(first, last)
        .reverse()
        .map((month) => {
          const live = totals.get(month);
          return cycleView(month, byMonth.get(month), liveHoursOf(live), viewer);
        });
      return ok(cycles);
    },
  );

  app.get(
    API_PATHS.changedStatements,
    {
      config: requires('billing', 'list'),
      schema: {
        tags,
        summary: "Read every client's closed or invoiced months whose hours changed since they closed",
        response: { 200: envelope(z.array(changedStatementSchema)) },
      },
    },
    async () => {
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
      return ok(
        changed.sort((a, b) => b.month.localeCompare(a.month) || a.clientName.localeCompare(b.clientName)),
      );
    },
  );

  app.get(
    API_PATHS.billingCycle(':clientId', ':cycleId'),
    {
      config: readsPatientData('billing', 'show', 'case-list'),
      schema: { tags, params: cycleParams, response: { 200: envelope(statementSchema) } },
    },
    async (request) => {
      const { header } = await requireClientHeader(db, request.params.clientId);
      const month = request.params.cycleId;
      return ok(
        await statementOf(
          db,
          header,
          month,
          await findCycle(db, header.id, month),
          request.user.roles,
          clock(),
          maxOpenLogHours,
        ),
      );
    },
  );

  app.post(
    API_PATHS.cycleRate(':clientId', ':cycleId'),
    {
      config: requires('billing', 'edit'),
      schema: {
        tags,
        params: cycleParams,
        body: rateInputSchema,
        response: { 200: envelope(billingCycleSchema) },
      },
    },
    async (request) => {
      const month = request.params.cycleId;
      const { rate, version } = request.body;
      const cycle = await changeCycle(request, async (tx, header, stored) => {
        const refused = stored && rateRefusal(month, stored.status);
        if (refused) throw conflict(refused);
        if (version !== undefined && version !== (stored?.version ?? 0)) throw staleCycle(month, stored);
        const saved = await saveRate(tx, header.id, month, rate, request.user.username);
        await audit(tx, request, 'billing.rate', header.id, { month, version: saved.version });
      });
      return ok(cycle);
    },
  );

  app.post(
    API_PATHS.cycleStatus(':clientId', ':cycleId'),
    {
      config: requires('billing', 'edit'),
      schema: {
        tags,
        params: cycleParams,
        body: statusInputSchema,
        response: { 200: envelope(billingCycleSchema) },
      },
    },
    async (request) => {
      const month = request.params.cycleId;
      const { status, version } = request.body;
      const cycle = await changeCycle(request, async (tx, header, stored, now) => {
        const refusal = cycleStatusRefusal({
          month: monthName(month),
          from: stored?.status ?? 'open',
          to: status,
          hasRate: (stored?.rate ?? null) !== null,
          isAdmin: request.user.roles.includes('admin'),
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
        await saveStatus(tx, stored, status, request.user.username, {
          minutes: totals.minutes,
          adjustMinutes: totals.adjustMinutes,
          cases: lines.filter((line) => line.minutes > 0 || line.adjustMinutes !== 0).length,
          lines,
        });
        await audit(tx, request, `billing.${status}`, header.id, {
          month,
          from: stored.status,
          to: status,
          version: stored.version + 1,
        });
      });
      return ok(cycle);
    },
  );
};
