import { TZDate } from '@date-fns/tz';
import {
  type BillableCase,
  type BillableHours,
  type BillingCycle,
  billableHoursQuery,
  type ClientHeader,
  type CycleStatus,
  monthRangeQuery,
  rateInputSchema,
  type Statement,
  type StatementChange,
  statusInputSchema,
} from '../../contract/billing';
import type { ChangedStatement } from '../../contract/billingChanges';
import { addMonths, isUnrated, monthsBetween } from '../../contract/billingMonths';
import { monthIn } from '../../contract/calendar';
import type { MonitoringLevel, StudyType } from '../../contract/cases';
import type { CurrentUser } from '../../contract/chrome';
import type { HoursSummary, MonthFigures } from '../../contract/hourReports';
import { API_PATHS } from '../../contract/paths';
import { canAccess, rolesFromGroups } from '../../contract/roles';
import { cptCodes } from '../../server/domain/billing/cpt';
import { allowedCycleMoves, cycleStatusRefusal } from '../../server/domain/billing/cycleStatus';
import { amountCents, hoursOf, moneyOf, rateCents } from '../../server/domain/billing/money';
import { monthEnded, monthName, monthWindow } from '../../server/domain/billing/months';
import { professionalCodes } from '../../server/domain/billing/professional';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { buildClient } from './clientBuilders';
import { buildUser } from './fakeApi';
import { conflict, type FakeRequest, now, raiseNotFound, validate } from './fakeApiRules';
import type { ClientsSeed } from './fakeClientsApi';
import type { FakeHandler } from './HandlersHarness';

/**
 * The billing API in memory (DESIGN §8 "Billing and reports"), for stories and component tests: a client's
 * months, rates, status changes with the server's rules, statements that freeze at closing, and the hours
 * summary of the billing home. Hours and money come from the server's own domain functions.
 */

/** A month as the fake stores it; a month never touched is open, unrated, version 0. */
export interface StoredCycle {
  month: string;
  status: CycleStatus;
  rate: string | null;
  version: number;
  closedAt: string | null;
  closedBy: string | null;
  invoicedAt: string | null;
  invoicedBy: string | null;
  /** The lines as they were at closing; null while open. */
  frozenLines: BillableCase[] | null;
  changedSinceClose: StatementChange[];
}

interface BillingClientSeed {
  client: ClientHeader;
  /** The month of the client's first recording: its months run from there to now. */
  firstMonth: string;
  /** Each month's lines as the time logs and billing notes are now. */
  lines: Record<string, BillableCase[]>;
  cycles: StoredCycle[];
}

export interface BillingSeed {
  clients: BillingClientSeed[];
}

// Builders

/** An instant given as the wall-clock time of a zone, `YYYY-MM-DD HH:MM`, in UTC ISO form. */
function localTime(timeZone: string, text: string): string {
  const [year, month, day, hour, minute] = text.split(/[- :]/).map(Number) as number[];
  return new Date(new TZDate(year, month - 1, day, hour, minute, timeZone).getTime()).toISOString();
}

interface LineSpec {
  caseId: number;
  patientName: string;
  studyType: StudyType;
  hasVideo: boolean;
  monitoringLevel: MonitoringLevel;
  /** Recording start and end, wall-clock in the client's zone (`YYYY-MM-DD HH:MM`); end null: still recording. */
  start: string;
  end: string | null;
  /** Billable minutes inside the month: the union of the case's billable time logs, clipped. */
  minutes: number;
  adjustMinutes?: number;
  /** A running time log counts in the month (and is stale). */
  openLog?: boolean;
  staleLog?: boolean;
  /**
   * The case's signed daily reports and final: the line then carries the professional codes they earn (and
   * the periods none covers), worked out by the server's rules.
   */
  reports?: FakeReport[];
}

/** A signed report: its kind, signer and period (wall-clock in the client's zone; none: the whole recording). */
interface FakeReport {
  kind: 'daily' | 'final';
  signedBy: string;
  period?: [string, string];
}

/** A statement line of `month`, its CPT codes worked out by the server's rules from the recording. */
function buildLine(client: ClientHeader, month: string, spec: LineSpec): BillableCase {
  const recordingStart = localTime(client.timeZone, spec.start);
  const recordingEnd = spec.end && localTime(client.timeZone, spec.end);
  const adjustMinutes = spec.adjustMinutes ?? 0;
  const totalMinutes = spec.minutes + adjustMinutes;
  const study = {
    recordingStart: Date.parse(recordingStart),
    recordingEnd: recordingEnd ? Date.parse(recordingEnd) : Date.now(),
    timeZone: client.timeZone,
    hasVideo: spec.hasVideo,
    monitoringLevel: spec.monitoringLevel,
    hasHookupLog: true,
  };
  const cpt = cptCodes(study, month);
  const at = (local: string) => Date.parse(localTime(client.timeZone, local));
  const professional =
    spec.reports &&
    professionalCodes({
      study,
      month,
      reports: spec.reports.map(({ kind, signedBy, period }) => ({
        kind,
        signedBy,
        periodStart: period ? at(period[0]) : null,
        periodEnd: period ? at(period[1]) : null,
      })),
    });
  return {
    caseId: spec.caseId,
    caseNumber: `${client.code}-${spec.start.slice(0, 4)}-${String(spec.caseId).padStart(4, '0')}`,
    patientName: spec.patientName,
    mrn: `${client.code}${100_000 + spec.caseId * 37}`,
    stage: spec.end ? 'closed' : 'monitoring',
    studyType: spec.studyType,
    hasVideo: spec.hasVideo,
    monitoringLevel: spec.monitoringLevel,
    recordingStart,
    recordingEnd,
    minutes: spec.minutes,
    hours: hoursOf(spec.minutes),
    adjustMinutes,
    adjustHours: hoursOf(adjustMinutes),
    totalMinutes,
    totalHours: hoursOf(totalMinutes),
    openLog: spec.openLog ?? false,
    staleLog: spec.staleLog ?? false,
    cpt,
    ...(professional ? { professional } : {}),
  };
}

export const buildStoredCycle = (overrides: Partial<StoredCycle> & { month: string }): StoredCycle => ({
  status: 'open',
  rate: null,
  version: 0,
  closedAt: null,
  closedBy: null,
  invoicedAt: null,
  invoicedBy: null,
  frozenLines: null,
  changedSinceClose: [],
  ...overrides,
});

// The fake

const route = (path: string) =>
  new RegExp(`^${path.replace(':clientId', '(?<clientId>[^/]+)').replace(':month', '(?<month>[^/]+)')}$`);

const ROUTES = [
  ['cycles', route(API_PATHS.billingCycles(':clientId'))],
  ['statement', route(API_PATHS.billingCycle(':clientId', ':month'))],
  ['rate', route(API_PATHS.cycleRate(':clientId', ':month'))],
  ['status', route(API_PATHS.cycleStatus(':clientId', ':month'))],
  ['hours', route(API_PATHS.billableHours(':clientId'))],
] as const;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function totalsOf(lines: readonly BillableCase[], rate: string | null) {
  const minutes = sum(lines.map((line) => line.minutes));
  const adjustMinutes = sum(lines.map((line) => line.adjustMinutes));
  const totalMinutes = minutes + adjustMinutes;
  const cents = rate === null ? null : amountCents(totalMinutes, rateCents(rate));
  return {
    minutes,
    hours: hoursOf(minutes),
    adjustMinutes,
    adjustHours: hoursOf(adjustMinutes),
    totalMinutes,
    totalHours: hoursOf(totalMinutes),
    cents,
    amount: cents === null ? null : moneyOf(cents),
  };
}

/** Months without minutes or rate, e.g. before the client's first recording. */
const emptyFigures = (month: string): MonthFigures => ({
  month,
  minutes: 0,
  hours: '0.00',
  amount: null,
  rate: null,
  status: 'open',
  cases: 0,
});

/**
 * A stateful billing API over a copy of `seed`, acting for `user` (roles decide who may write, and who may
 * reopen an invoiced month). Answers GET cycles, GET statement, POST rate, POST status, GET hours summary
 * and GET the statements changed since close.
 */
export function fakeBillingHandler(seed: BillingSeed, user: CurrentUser = buildUser()): FakeHandler {
  const clients = structuredClone(seed.clients);
  const roles = rolesFromGroups(user.roles);

  const monthsOf = (entry: BillingClientSeed) =>
    monthsBetween(entry.firstMonth, monthIn(entry.client.timeZone)).reverse();
  const cycleOf = (entry: BillingClientSeed, month: string) =>
    entry.cycles.find((cycle) => cycle.month === month) ?? buildStoredCycle({ month });
  const linesOf = (entry: BillingClientSeed, cycle: StoredCycle) =>
    cycle.frozenLines ?? entry.lines[cycle.month] ?? [];

  function cycleView(entry: BillingClientSeed, cycle: StoredCycle): BillingCycle {
    const lines = linesOf(entry, cycle);
    const totals = totalsOf(lines, cycle.rate);
    const { frozenLines: _frozen, changedSinceClose: _changes, ...stored } = cycle;
    return {
      ...stored,
      id: cycle.month,
      minutes: totals.totalMinutes,
      hours: totals.totalHours,
      amount: totals.amount,
      cases: lines.length,
      allowedMoves: allowedCycleMoves(
        {
          month: monthName(cycle.month),
          status: cycle.status,
          hasRate: cycle.rate !== null,
          monthEnded: monthEnded(cycle.month, entry.client.timeZone, Date.now()),
        },
        roles,
      ),
    };
  }

  function statement(entry: BillingClientSeed, cycle: StoredCycle): Statement {
    const window = monthWindow(cycle.month, entry.client.timeZone);
    const lines = linesOf(entry, cycle);
    const { cents: _cents, ...totals } = totalsOf(lines, cycle.rate);
    return {
      client: entry.client,
      cycle: cycleView(entry, cycle),
      periodStart: new Date(window.start).toISOString(),
      periodEnd: new Date(window.end).toISOString(),
      lines,
      totals,
      frozen: cycle.frozenLines !== null,
      draft: cycle.status === 'open',
      changedSinceClose: cycle.changedSinceClose,
    };
  }

  /** GET billable-hours: the month's cases as they are now (a closed month's frozen lines aside). */
  function billableHours(entry: BillingClientSeed, query: unknown): BillableHours {
    const { month } = validate(billableHoursQuery, query);
    const window = monthWindow(month, entry.client.timeZone);
    const cases = entry.lines[month] ?? [];
    const { cents: _cents, amount: _amount, ...totals } = totalsOf(cases, null);
    return {
      client: entry.client,
      month,
      periodStart: new Date(window.start).toISOString(),
      periodEnd: new Date(window.end).toISOString(),
      cases,
      totals,
    };
  }

  function save(entry: BillingClientSeed, cycle: StoredCycle): BillingCycle {
    const saved = { ...cycle, version: cycle.version + 1 };
    entry.cycles = [...entry.cycles.filter(({ month }) => month !== cycle.month), saved];
    return cycleView(entry, saved);
  }

  function mayWrite() {
    if (!canAccess(roles, 'billing', 'edit'))
      throw toHttpError(403, { error: 'Your role may not change billing cycles' });
  }

  function checkVersion(cycle: StoredCycle, version: number) {
    if (version !== cycle.version)
      throw conflict(
        `Cycle ${cycle.month} was changed by someone else (version ${cycle.version}); reload it and try again`,
      );
  }

  function setRate(entry: BillingClientSeed, cycle: StoredCycle, body: unknown) {
    mayWrite();
    const input = validate(rateInputSchema, body);
    if (cycle.status !== 'open')
      throw conflict(`Cycle ${cycle.month} is ${cycle.status}: reopen it to change the rate`);
    // As the server: a rate sent without a version is taken (the first rate of a month has none to send).
    if (input.version !== undefined) checkVersion(cycle, input.version);
    return save(entry, { ...cycle, rate: moneyOf(rateCents(input.rate)) });
  }

  function setStatus(entry: BillingClientSeed, cycle: StoredCycle, body: unknown) {
    mayWrite();
    const { status, version } = validate(statusInputSchema, body);
    // The server's own rules, in its order: the move itself first, then the version.
    const refusal = cycleStatusRefusal({
      month: monthName(cycle.month),
      from: cycle.status,
      to: status,
      hasRate: cycle.rate !== null,
      isAdmin: roles.includes('admin'),
      monthEnded: monthEnded(cycle.month, entry.client.timeZone, Date.now()),
    });
    if (refusal) throw toHttpError(refusal.status, { error: refusal.message });
    checkVersion(cycle, version);
    const at = now();
    if (status === 'open')
      return save(entry, {
        ...cycle,
        status,
        closedAt: null,
        closedBy: null,
        invoicedAt: null,
        invoicedBy: null,
        frozenLines: null,
        changedSinceClose: [],
      });
    if (status === 'invoiced')
      return save(entry, { ...cycle, status, invoicedAt: at, invoicedBy: user.username });
    if (cycle.status === 'invoiced')
      return save(entry, { ...cycle, status, invoicedAt: null, invoicedBy: null });
    // Closing freezes the month's lines as they are now.
    return save(entry, {
      ...cycle,
      status,
      closedAt: at,
      closedBy: user.username,
      frozenLines: structuredClone(linesOf(entry, cycle)),
    });
  }

  function clientCall(request: FakeRequest) {
    for (const [name, pattern] of ROUTES) {
      const groups = pattern.exec(request.path)?.groups;
      if (!groups) continue;
      const entry = clients.find(({ client }) => String(client.id) === groups.clientId) ?? raiseNotFound();
      if (name === 'cycles')
        return request.method === 'GET'
          ? monthsOf(entry).map((month) => cycleView(entry, cycleOf(entry, month)))
          : undefined;
      if (name === 'hours') return request.method === 'GET' ? billableHours(entry, request.query) : undefined;
      if (!monthsOf(entry).includes(groups.month)) raiseNotFound();
      const cycle = cycleOf(entry, groups.month);
      if (name === 'statement') return request.method === 'GET' ? statement(entry, cycle) : undefined;
      if (request.method !== 'POST') return undefined;
      return name === 'rate' ? setRate(entry, cycle, request.body) : setStatus(entry, cycle, request.body);
    }
    return undefined;
  }

  function figuresOf(entry: BillingClientSeed, month: string) {
    if (!monthsOf(entry).includes(month)) return { figures: emptyFigures(month), cents: null };
    const cycle = cycleOf(entry, month);
    const view = cycleView(entry, cycle);
    const { cents } = totalsOf(linesOf(entry, cycle), cycle.rate);
    const { minutes, hours, amount, rate, status, cases } = view;
    return { figures: { month, minutes, hours, amount, rate, status, cases }, cents };
  }

  function totalsOver(entries: readonly { figures: MonthFigures; cents: number | null }[]) {
    const minutes = sum(entries.map(({ figures }) => figures.minutes));
    return {
      minutes,
      hours: hoursOf(minutes),
      amount: moneyOf(sum(entries.map(({ cents }) => cents ?? 0))),
      unratedMonths: entries.filter(({ figures }) => isUnrated(figures)).length,
      cases: sum(entries.map(({ figures }) => figures.cases)),
    };
  }

  function hoursSummary(query: unknown): HoursSummary {
    const { from, to } = validate(monthRangeQuery, query);
    const months = monthsBetween(from, to);
    const rows = clients
      .filter((entry) => entry.firstMonth <= to)
      .map((entry) => ({ entry, figures: months.map((month) => figuresOf(entry, month)) }));
    return {
      from,
      to,
      months,
      clients: rows.map(({ entry, figures }) => ({
        clientId: entry.client.id,
        clientName: entry.client.name,
        clientCode: entry.client.code,
        months: figures.map(({ figures: month }) => month),
        totals: totalsOver(figures),
      })),
      monthTotals: months.map((month, index) => {
        const { minutes, hours, amount, cases } = totalsOver(rows.map(({ figures }) => figures[index]));
        return { month, minutes, hours, amount, cases };
      }),
      totals: totalsOver(rows.flatMap(({ figures }) => figures)),
    };
  }

  /** The closed or invoiced months with changes since close, as the server lists them for billing's home. */
  function changedStatements(): ChangedStatement[] {
    return clients
      .flatMap((entry) =>
        entry.cycles
          .filter((cycle) => cycle.status !== 'open' && cycle.changedSinceClose.length > 0)
          .map((cycle) => {
            const frozen = totalsOf(linesOf(entry, cycle), cycle.rate).totalMinutes;
            const current = totalsOf(entry.lines[cycle.month] ?? [], cycle.rate).totalMinutes;
            return {
              clientId: entry.client.id,
              clientName: entry.client.name,
              month: cycle.month,
              status: cycle.status as ChangedStatement['status'],
              closedAt: cycle.closedAt ?? '',
              frozenMinutes: frozen,
              frozenHours: hoursOf(frozen),
              currentMinutes: current,
              currentHours: hoursOf(current),
              cases: cycle.changedSinceClose.length,
            };
          }),
      )
      .sort((a, b) => b.month.localeCompare(a.month) || a.clientName.localeCompare(b.clientName));
  }

  return (request) => {
    if (request.path === API_PATHS.changedStatements)
      return request.method === 'GET' ? { data: changedStatements() } : undefined;
    if (request.path === API_PATHS.hoursSummary)
      return request.method === 'GET' ? { data: hoursSummary(request.query) } : undefined;
    const answer = clientCall(request);
    return answer === undefined ? undefined : { data: answer };
  };
}

// Fixtures: three hospitals in two zones; months from June to November 2026

const BAYOU: ClientHeader = {
  id: 1,
  name: 'Bayou Memorial Hospital',
  code: 'BMH',
  timeZone: 'America/Chicago',
  address: '2100 Canal Street\nNew Orleans, LA 70112',
  currency: 'USD',
  billingPeriodStart: '00:00',
};
const NORTHSIDE: ClientHeader = {
  id: 2,
  name: 'Northside General Hospital',
  code: 'NSG',
  timeZone: 'America/New_York',
  address: '1200 Harbor Road\nBoston, MA 02110',
  currency: 'USD',
  billingPeriodStart: '00:00',
};
const LAKESHORE: ClientHeader = {
  id: 3,
  name: "Lakeshore Children's Hospital",
  code: 'LCH',
  timeZone: 'America/Chicago',
  address: '600 Lake Shore Drive\nChicago, IL 60611',
  currency: 'USD',
  billingPeriodStart: '00:00',
};

/** The same three as Clients API records, for the client's name on the cycles page. */
export const billingClientsData: ClientsSeed = {
  clients: [BAYOU, NORTHSIDE, LAKESHORE].map((client) => buildClient(client)),
};

type StudyKind = Pick<LineSpec, 'studyType' | 'hasVideo' | 'monitoringLevel'>;
const icu: StudyKind = { studyType: 'icu', hasVideo: true, monitoringLevel: 'continuous' };
const longTerm: StudyKind = { studyType: 'long-term', hasVideo: true, monitoringLevel: 'intermittent' };
const overnight: StudyKind = { studyType: 'long-term', hasVideo: false, monitoringLevel: 'continuous' };
const ambulatory: StudyKind = { studyType: 'ambulatory', hasVideo: false, monitoringLevel: 'unmonitored' };
const routine: StudyKind = { studyType: 'routine', hasVideo: false, monitoringLevel: 'unmonitored' };

/** A case's month in one line: who, what kind of study, the recording (local times), billable minutes. */
const study = (
  caseId: number,
  patientName: string,
  kind: StudyKind,
  [start, end]: [string, string | null],
  minutes: number,
  adjustMinutes = 0,
): LineSpec => ({ caseId, patientName, ...kind, start, end, minutes, adjustMinutes });

/**
 * October 2026 at Bayou, still open at 125.50: ICU video with continuous monitoring, a long-term study with
 * a billing-note adjustment, a routine EEG under 2 h, an ambulatory study, and a study that runs into
 * November across the end of daylight saving time.
 */
const BAYOU_OCTOBER: LineSpec[] = [
  study(41, 'Okafor, Grace', icu, ['2026-10-02 21:15', '2026-10-05 09:40'], 3565),
  {
    // Read day by day by two readers: each signed one daily report.
    ...study(42, 'Nguyen, Minh', longTerm, ['2026-10-08 07:30', '2026-10-09 19:00'], 2100, -60),
    reports: [
      { kind: 'daily', signedBy: 'rhea', period: ['2026-10-08 07:30', '2026-10-09 00:00'] },
      { kind: 'daily', signedBy: 'ada', period: ['2026-10-09 00:00', '2026-10-09 19:00'] },
    ],
  },
  study(43, 'Delacroix, Anne', routine, ['2026-10-12 10:00', '2026-10-12 11:20'], 80),
  study(44, 'Broussard, Luc', ambulatory, ['2026-10-14 08:00', '2026-10-16 08:00'], 240),
  // No report signed yet: both days unreported.
  { ...study(45, 'Thibodeaux, Marie', icu, ['2026-10-20 14:00', '2026-10-21 16:30'], 1590, 30), reports: [] },
  study(46, 'Landry, Paul', overnight, ['2026-10-30 18:00', '2026-11-01 06:00'], 1800),
];

/** September at Bayou as it was closed. */
const BAYOU_SEPTEMBER_AT_CLOSE: LineSpec[] = [
  study(31, 'Arceneaux, Ruth', icu, ['2026-09-04 20:00', '2026-09-06 08:00'], 2100),
  study(32, 'Guidry, Henri', longTerm, ['2026-09-15 09:00', '2026-09-16 21:00'], 1500),
  study(33, 'Fontenot, Claire', routine, ['2026-09-22 13:00', '2026-09-22 14:10'], 70),
];

/** After closing, Priya corrected a time log of case 32 (+90 min) and a billing note took 45 min off case 31. */
const BAYOU_SEPTEMBER_NOW: LineSpec[] = [
  { ...BAYOU_SEPTEMBER_AT_CLOSE[0], adjustMinutes: -45 },
  { ...BAYOU_SEPTEMBER_AT_CLOSE[1], minutes: 1590 },
  BAYOU_SEPTEMBER_AT_CLOSE[2],
];

/** The revisions saved after September closed, by case. */
const SEPTEMBER_REVISIONS: Record<number, StatementChange['revisions']> = {
  31: [
    { kind: 'billing-notes', itemId: 27, revision: 1, author: 'bill', createdAt: '2026-10-07T16:40:00.000Z' },
  ],
  32: [
    { kind: 'time-logs', itemId: 318, revision: 2, author: 'priya', createdAt: '2026-10-06T14:05:00.000Z' },
  ],
};

/** The cases whose minutes or adjustments differ between the frozen and the current lines. */
function changesSince(
  frozen: readonly BillableCase[],
  current: readonly BillableCase[],
  revisions: Record<number, StatementChange['revisions']>,
): StatementChange[] {
  return frozen.flatMap((line) => {
    const now = current.find(({ caseId }) => caseId === line.caseId);
    if (!now || (now.minutes === line.minutes && now.adjustMinutes === line.adjustMinutes)) return [];
    return [
      {
        caseId: line.caseId,
        caseNumber: line.caseNumber,
        frozenMinutes: line.minutes,
        currentMinutes: now.minutes,
        frozenAdjustMinutes: line.adjustMinutes,
        currentAdjustMinutes: now.adjustMinutes,
        revisions: revisions[line.caseId] ?? [],
      },
    ];
  });
}

/** Two ordinary studies of a month: an ICU night and a long-term study. */
const ordinaryMonth = (month: string, firstCaseId: number, [first, second]: [string, string]): LineSpec[] => [
  study(firstCaseId, first, icu, [`${month}-05 19:00`, `${month}-06 13:00`], 1065),
  study(firstCaseId + 1, second, longTerm, [`${month}-17 08:00`, `${month}-19 08:00`], 2820),
];

const monthLines = (client: ClientHeader, month: string, specs: readonly LineSpec[]) =>
  specs.map((spec) => buildLine(client, month, spec));

const linesFor = (client: ClientHeader, months: Record<string, LineSpec[]>) =>
  Object.fromEntries(
    Object.entries(months).map(([month, specs]) => [month, monthLines(client, month, specs)]),
  );

/** A month closed on the 3rd of the next, and invoiced on the 10th, by billing. */
const invoiced = (month: string, rate: string): StoredCycle =>
  buildStoredCycle({
    month,
    status: 'invoiced',
    rate,
    version: 4,
    closedAt: `${addMonths(month, 1)}-03T15:00:00.000Z`,
    closedBy: 'bill',
    invoicedAt: `${addMonths(month, 1)}-10T16:00:00.000Z`,
    invoicedBy: 'bill',
  });

/** A seeded closed month holds its lines as they were at closing: the current ones, unless given. */
const withFrozenLines = (client: BillingClientSeed): BillingClientSeed => ({
  ...client,
  cycles: client.cycles.map((cycle) =>
    cycle.status === 'open' || cycle.frozenLines
      ? cycle
      : { ...cycle, frozenLines: client.lines[cycle.month] ?? [] },
  ),
});

const bayouLines = linesFor(BAYOU, {
  '2026-06': ordinaryMonth('2026-06', 11, ['Hebert, Louise', 'Melancon, Roy']),
  '2026-07': ordinaryMonth('2026-07', 15, ['Boudreaux, Jean', 'Robichaux, Eva']),
  '2026-08': ordinaryMonth('2026-08', 21, ['Comeaux, Rene', 'Savoie, Lily']),
  '2026-09': BAYOU_SEPTEMBER_NOW,
  '2026-10': BAYOU_OCTOBER,
  '2026-11': [
    study(51, 'Prejean, Alma', icu, ['2026-11-16 22:00', '2026-11-18 10:00'], 2100),
    // A monitoring log left running for days: billed for one shift, the line marked open and stale.
    { ...study(52, 'Guidry, Theo', icu, ['2026-11-19 20:00', null], 960), openLog: true, staleLog: true },
  ],
});
const bayouSeptemberAtClose = monthLines(BAYOU, '2026-09', BAYOU_SEPTEMBER_AT_CLOSE);

const bayou: BillingClientSeed = withFrozenLines({
  client: BAYOU,
  firstMonth: '2026-06',
  lines: bayouLines,
  cycles: [
    invoiced('2026-06', '118.00'),
    invoiced('2026-07', '118.00'),
    invoiced('2026-08', '120.00'),
    buildStoredCycle({
      month: '2026-09',
      status: 'closed',
      rate: '120.00',
      version: 3,
      closedAt: '2026-10-03T15:20:00.000Z',
      closedBy: 'bill',
      frozenLines: bayouSeptemberAtClose,
      changedSinceClose: changesSince(bayouSeptemberAtClose, bayouLines['2026-09'], SEPTEMBER_REVISIONS),
    }),
    buildStoredCycle({ month: '2026-10', rate: '125.50', version: 2 }),
  ],
});

const northside: BillingClientSeed = withFrozenLines({
  client: NORTHSIDE,
  firstMonth: '2026-08',
  lines: linesFor(NORTHSIDE, {
    '2026-08': ordinaryMonth('2026-08', 7, ['Sullivan, Kate', 'Moreau, Ben']),
    '2026-09': ordinaryMonth('2026-09', 12, ['Walsh, Nora', 'Costa, Tiago']),
    '2026-10': ordinaryMonth('2026-10', 19, ['Ahmed, Sara', 'Kowalski, Jan']),
  }),
  cycles: [
    invoiced('2026-08', '110.00'),
    buildStoredCycle({
      month: '2026-09',
      status: 'closed',
      rate: '110.00',
      version: 2,
      closedAt: '2026-10-02T13:00:00.000Z',
      closedBy: 'bill',
    }),
  ],
});

const lakeshore: BillingClientSeed = {
  client: LAKESHORE,
  firstMonth: '2026-10',
  lines: linesFor(LAKESHORE, { '2026-10': ordinaryMonth('2026-10', 3, ['Rivera, Mateo', 'Olsen, Ida']) }),
  cycles: [],
};

/**
 * Bayou: June–August invoiced, September closed with changes since, October open at 125.50, November so
 * far. Northside: August invoiced, September closed, October with hours but no rate, November empty.
 * Lakeshore: its first month, October, with hours and no rate.
 */
export const billingSeed: BillingSeed = { clients: [bayou, northside, lakeshore] };

/** A service with no client recorded yet. */
export const noBillingSeed: BillingSeed = { clients: [] };
