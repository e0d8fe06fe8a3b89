import { and, eq, min, sql } from 'drizzle-orm';
import type { BillableCase, ClientHeader, CycleStatus } from '../../contract/billing';
import { frozenProfessional } from '../../contract/frozenLines';
import { preparedOnce } from './prepared';
import { billingCycleLines, billingCycles, cases, clients } from './schema';
import { subquery } from './subqueries';
import type { DbOrTx } from './transaction';

/** Billing's stored cycles (DESIGN §8 "Billing and reports"): rates, statuses, frozen lines; the client's header. */

/** When the client's first recording started: its months begin there. */
const first = subquery
  .select({ recording: min(cases.recordingStart).as('first_recording') })
  .from(cases)
  .where(eq(cases.clientId, clients.id))
  .as('first');

export async function clientHeader(db: DbOrTx, clientId: number) {
  const query = preparedOnce(db, 'client header', (name) =>
    db
      .select({
        id: clients.id,
        name: clients.name,
        code: clients.code,
        timeZone: clients.timeZone,
        address: clients.address,
        currency: clients.currency,
        billingPeriodStart: clients.billingPeriodStart,
        firstRecording: first.recording,
      })
      .from(clients)
      .leftJoinLateral(first, sql`true`)
      .where(eq(clients.id, sql.placeholder('clientId')))
      .prepare(name),
  );
  const [row] = await query.execute({ clientId });
  if (!row) return undefined;
  const { firstRecording, ...header } = row;
  return { header: header satisfies ClientHeader, firstRecording };
}

export type StoredCycle = typeof billingCycles.$inferSelect;

/** What a month's figures depend on in its stored cycle (the reports read no more than this). */
export type StoredFigures = Pick<
  StoredCycle,
  'status' | 'rate' | 'frozenMinutes' | 'frozenAdjustMinutes' | 'frozenCases'
>;

export async function storedCycles(db: DbOrTx, clientId: number): Promise<StoredCycle[]> {
  return db.select().from(billingCycles).where(eq(billingCycles.clientId, clientId));
}

/** The stored cycle, locked until the transaction ends. */
export async function lockCycle(db: DbOrTx, clientId: number, month: string) {
  const [row] = await db
    .select()
    .from(billingCycles)
    .where(and(eq(billingCycles.clientId, clientId), eq(billingCycles.month, month)))
    .for('update');
  return row;
}

export async function findCycle(db: DbOrTx, clientId: number, month: string) {
  const query = preparedOnce(db, 'billing cycle', (name) =>
    db
      .select()
      .from(billingCycles)
      .where(
        and(
          eq(billingCycles.clientId, sql.placeholder('clientId')),
          eq(billingCycles.month, sql.placeholder('month')),
        ),
      )
      .prepare(name),
  );
  const [row] = await query.execute({ clientId, month });
  return row;
}

/** Stores the rate: a first rate creates the cycle (version 1); otherwise the version goes up by one. */
export async function saveRate(
  db: DbOrTx,
  clientId: number,
  month: string,
  rate: string,
  username: string,
): Promise<StoredCycle> {
  const [row] = await db
    .insert(billingCycles)
    .values({ clientId, month, rate, updatedBy: username })
    .onConflictDoUpdate({
      target: [billingCycles.clientId, billingCycles.month],
      set: {
        rate,
        version: sql`${billingCycles.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: username,
      },
    })
    .returning();
  return row as StoredCycle;
}

export interface Frozen {
  minutes: number;
  adjustMinutes: number;
  cases: number;
  lines: readonly BillableCase[];
}

/** Moves the cycle to `status`; closing stores the frozen figures and lines, reopening drops them. */
export async function saveStatus(
  db: DbOrTx,
  cycle: StoredCycle,
  status: CycleStatus,
  username: string,
  frozen?: Frozen,
): Promise<StoredCycle> {
  const closing = cycle.status === 'open' && status === 'closed';
  const reopening = status === 'open';
  if (reopening) await db.delete(billingCycleLines).where(eq(billingCycleLines.cycleId, cycle.id));
  if (closing && frozen) {
    for (let start = 0; start < frozen.lines.length; start += 500) {
      await db
        .insert(billingCycleLines)
        .values(
          frozen.lines
            .slice(start, start + 500)
            .map((line) => ({ cycleId: cycle.id, caseId: line.caseId, line })),
        );
    }
  }
  const [row] = await db
    .update(billingCycles)
    .set({
      status,
      version: cycle.version + 1,
      updatedAt: sql`now()`,
      updatedBy: username,
      ...(closing && frozen
        ? {
            frozenMinutes: frozen.minutes,
            frozenAdjustMinutes: frozen.adjustMinutes,
            frozenCases: frozen.cases,
            closedAt: sql`now()`,
            closedBy: username,
          }
        : {}),
      ...(reopening
        ? {
            frozenMinutes: null,
            frozenAdjustMinutes: null,
            frozenCases: null,
            closedAt: null,
            closedBy: null,
          }
        : {}),
      ...(status === 'invoiced' ? { invoicedAt: sql`now()`, invoicedBy: username } : {}),
      ...(status !== 'invoiced' ? { invoicedAt: null, invoicedBy: null } : {}),
    })
    .where(eq(billingCycles.id, cycle.id))
    .returning();
  return row as StoredCycle;
}

/**
 * A line as stored: those frozen before running logs were marked lack the marks, and those frozen before
 * professional codes followed their signers keep them in the old shape.
 */
type FrozenLine = Omit<BillableCase, 'openLog' | 'staleLog' | 'professional'> &
  Partial<BillableCase> & { professional?: Parameters<typeof frozenProfessional>[0] };

export async function frozenLines(db: DbOrTx, cycleId: number): Promise<BillableCase[]> {
  const query = preparedOnce(db, 'frozen lines', (name) =>
    db
      .select({ line: billingCycleLines.line })
      .from(billingCycleLines)
      .where(eq(billingCycleLines.cycleId, sql.placeholder('cycleId')))
      .prepare(name),
  );
  const rows = await query.execute({ cycleId });
  return rows
    .map((row) => {
      const line = row.line as FrozenLine;
      return {
        openLog: false,
        staleLog: false,
        ...line,
        professional: frozenProfessional(line.professional),
      };
    })
    .sort((a, b) => a.caseNumber.localeCompare(b.caseNumber));
}
