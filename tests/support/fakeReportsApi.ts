import {
  type ClientHeader,
  type CycleStatus,
  type MonthRange,
  monthRangeQuery,
} from '../../contract/billing';
import { isUnrated, monthsBetween } from '../../contract/billingMonths';
import {
  type ClientHoursReport,
  type HoursSummary,
  type MonitoringHours,
  type MonthFigures,
  monitoringHoursQuery,
  type NotificationMonthRow,
  type ReportMonthRow,
} from '../../contract/hourReports';
import { hoursOf } from '../../contract/hours';
import { API_PATHS } from '../../contract/paths';
import { ORDER_PRIORITIES, type TurnaroundReport } from '../../contract/turnaround';
import { amountCents as centsAt, moneyOf, rateCents } from '../../server/domain/billing/money';
import { raiseNotFound, validate } from './fakeApiRules';
import type { FakeHandler } from './HandlersHarness';

/**
 * The three reporting calls over in-memory figures (DESIGN §8 "Billing and reports"): the fake server sums
 * as the real one does (whole minutes, cents rounded half-up once), so the pages only show what it sends.
 */

/** A case's time in one month, and how much of it each technologist logged (their logs overlap at hand-over). */
interface CaseMonth {
  caseId: number;
  caseNumber: string;
  clientId: number;
  month: string;
  minutes: number;
  technologists: Readonly<Record<string, number>>;
}

/** A client's billing cycle: its rate ("142.50" or none yet), status and billing-note adjustments. */
interface ClientCycle {
  clientId: number;
  month: string;
  rate: string | null;
  status: CycleStatus;
  adjustMinutes: number;
}

export interface ReportsSeed {
  clients: readonly ClientHeader[];
  technologists: readonly { username: string; name: string }[];
  cycles: readonly ClientCycle[];
  caseMonths: readonly CaseMonth[];
  /** How each client met its protocol's notifications, per month (the server reckons them from events). */
  notifications: readonly Omit<NotificationMonthRow, 'clientName'>[];
  /** How each client's reports were signed against the turnaround, per month they fell due. */
  reports: readonly Omit<ReportMonthRow, 'clientName'>[];
}

const hospital = (id: number, name: string, code: string, timeZone: string, address: string) => ({
  id,
  name,
  code,
  timeZone,
  address,
  currency: 'USD',
  billingPeriodStart: '00:00',
});

const CLIENTS: ClientHeader[] = [
  hospital(1, 'Northside General Hospital', 'NSG', 'America/New_York', '400 North Ave, Albany, NY'),
  hospital(2, "St. Brigid's Medical Center", 'SBM', 'America/Chicago', '12 Abbey Rd, Dubuque, IA'),
  hospital(3, "Lakeshore Children's Hospital", 'LCH', 'America/Chicago', '9 Shore Dr, Evanston, IL'),
  hospital(4, 'Mercy Valley Regional', 'MVR', 'America/Denver', '2100 Valley Blvd, Pueblo, CO'),
  hospital(5, 'Pacific Crest University Hospital', 'PCU', 'America/Los_Angeles', '1 Campus Way, Eugene, OR'),
  hospital(6, 'Harbor Point Medical Center', 'HPM', 'America/New_York', '77 Pier St, Portland, ME'),
  hospital(7, 'Summit Ridge Health', 'SRH', 'America/Phoenix', '5 Summit Rd, Flagstaff, AZ'),
  hospital(8, 'Riverbend Community Hospital', 'RCH', 'America/New_York', '30 Mill Ln, Bangor, ME'),
];

/** Per client: cases a month, rates in 2025 and from 2026, the first month monitored, months with no rate. */
const CONTRACTS: Record<number, { size: number; rates: [string, string]; since: string; noRate: string[] }> =
  {
    1: { size: 5, rates: ['142.50', '148.00'], since: '2025-01', noRate: [] },
    2: { size: 4, rates: ['138.00', '138.00'], since: '2025-01', noRate: [] },
    3: { size: 3, rates: ['155.25', '160.00'], since: '2025-01', noRate: [] },
    4: { size: 4, rates: ['129.75', '134.50'], since: '2025-01', noRate: ['2026-11'] },
    5: { size: 6, rates: ['147.50', '152.00'], since: '2025-01', noRate: [] },
    6: { size: 3, rates: ['135.00', '135.00'], since: '2025-01', noRate: ['2026-09', '2026-10'] },
    7: { size: 2, rates: ['150.00', '150.00'], since: '2025-01', noRate: ['2026-11'] },
    8: { size: 3, rates: ['125.50', '131.25'], since: '2025-06', noRate: [] },
  };

const TECHNOLOGISTS = [
  { username: 'priya', name: 'Priya Raman' },
  { username: 'marcus', name: 'Marcus Bell' },
  { username: 'lena', name: 'Lena Okafor' },
  { username: 'tomas', name: 'Tomás Herrera' },
  { username: 'aisha', name: 'Aisha Karim' },
  { username: 'jonah', name: 'Jonah Weiss' },
  { username: 'mei', name: 'Mei Tanaka' },
  { username: 'devon', name: 'Devon Price' },
  { username: 'sofia', name: 'Sofia Lindqvist' },
  { username: 'omar', name: 'Omar Haddad' },
];

/** The months the fixtures cover: January 2025 to November 2026, the month "now" is in for the tests. */
const SEEDED_MONTHS = monthsBetween('2025-01', '2026-11');

/** A small deterministic random source (mulberry32), so every run sees the same figures. */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

function statusOf(month: string, rated: boolean): CycleStatus {
  if (!rated || month === '2026-11') return 'open';
  return month === '2026-10' ? 'closed' : 'invoiced';
}

/** Cases of 36 to 96 hours, two technologists each; a month's last case sometimes runs into the next month. */
function buildReportsSeed(): ReportsSeed {
  const random = randomSource(2026);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
  const cycles: ClientCycle[] = [];
  const caseMonths: CaseMonth[] = [];
  let caseId = 100;
  for (const client of CLIENTS) {
    const contract = CONTRACTS[client.id];
    const sequence: Record<string, number> = {};
    for (const month of SEEDED_MONTHS.filter((seeded) => seeded >= contract.since)) {
      const rated = !contract.noRate.includes(month);
      const rate = rated ? contract.rates[month < '2026-01' ? 0 : 1] : null;
      const adjustMinutes = random() < 0.15 ? pick([-90, -30, 45, 120]) : 0;
      cycles.push({ clientId: client.id, month, rate, status: statusOf(month, rated), adjustMinutes });
      const count = contract.size - 1 + Math.floor(random() * 3);
      for (let index = 0; index < count; index += 1) {
        const year = month.slice(0, 4);
        sequence[year] = (sequence[year] ?? 0) + 1;
        const caseNumber = `${client.code}-${year}-${String(sequence[year]).padStart(4, '0')}`;
        const minutes = 5 * Math.round((2160 + random() * 3600) / 5);
        const [primary, secondary] = [pick(TECHNOLOGISTS), pick(TECHNOLOGISTS)];
        const split = index === count - 1 && month !== '2026-11' && random() < 0.5;
        const parts: [string, number][] = split
          ? [
              [month, Math.round(minutes * 0.7)],
              [
                SEEDED_MONTHS[SEEDED_MONTHS.indexOf(month) + 1] as string,
                minutes - Math.round(minutes * 0.7),
              ],
            ]
          : [[month, minutes]];
        caseId += 1;
        for (const [partMonth, partMinutes] of parts) {
          const technologists = { [primary.username]: Math.round(partMinutes * 0.6) };
          technologists[secondary.username] =
            (technologists[secondary.username] ?? 0) + Math.round(partMinutes * 0.5);
          caseMonths.push({
            caseId,
            caseNumber,
            clientId: client.id,
            month: partMonth,
            minutes: partMinutes,
            technologists,
          });
        }
      }
    }
  }
  return {
    clients: CLIENTS,
    technologists: TECHNOLOGISTS,
    cycles,
    caseMonths,
    notifications: notificationsOf(),
    reports: reportsOf(),
  };
}

/** The first two clients' reports each month: most signed on time, a late one every third month. */
function reportsOf(): ReportsSeed['reports'] {
  return CLIENTS.slice(0, 2).flatMap((client) =>
    SEEDED_MONTHS.map((month, index) => {
      const onTime = 10 + ((client.id + index) % 6);
      const late = index % 3 === 0 ? 1 : 0;
      const due = onTime + late;
      return {
        clientId: client.id,
        month,
        due,
        onTime,
        late,
        overdue: 0,
        pending: 0,
        onTimePercent: Math.round((onTime / due) * 1000) / 10,
      };
    }),
  );
}

/** The first three clients' notifications each month: mostly on time, now and then late or missed. */
function notificationsOf(): ReportsSeed['notifications'] {
  return CLIENTS.slice(0, 3).flatMap((client) =>
    SEEDED_MONTHS.map((month, index) => {
      const onTime = ((client.id + index) % 4) + 2;
      const late = index % 2;
      const overdue = client.id === 2 && index % 5 === 0 ? 1 : 0;
      const due = onTime + late + overdue;
      return {
        clientId: client.id,
        month,
        due,
        onTime,
        late,
        overdue,
        pending: 0,
        onTimePercent: Math.round((onTime / due) * 1000) / 10,
        medianDelayMinutes: 4 + (index % 5),
      };
    }),
  );
}

/** Eight client hospitals, ten technologists and their cases from January 2025 to November 2026. */
export const reportsSeed = buildReportsSeed();

/** The same clients and technologists before any case was monitored. */
export const emptyReportsSeed: ReportsSeed = {
  ...reportsSeed,
  cycles: [],
  caseMonths: [],
  notifications: [],
  reports: [],
};

/** "12.50" for 750 minutes: hundredths of an hour, rounded half-up. */
const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** The server's reckoning over the seed, for one range. */
function reckoner(seed: ReportsSeed, { from, to }: MonthRange) {
  const months = monthsBetween(from, to);
  const inRange = seed.caseMonths.filter(({ month }) => month >= from && month <= to);
  const casesOf = (clientId: number, month: string) =>
    inRange.filter((found) => found.clientId === clientId && found.month === month);

  /** A client's month; a month with no stored cycle is open, without a rate (DESIGN §8). */
  function monthOf(clientId: number, month: string): MonthFigures & { amountCents: number | null } {
    const cycle = seed.cycles.find((found) => found.clientId === clientId && found.month === month);
    const cases = casesOf(clientId, month);
    const minutes = Math.max(0, sum(cases.map((found) => found.minutes)) + (cycle?.adjustMinutes ?? 0));
    const rate = cycle?.rate ?? null;
    const amountCents = rate === null ? null : centsAt(minutes, rateCents(rate));
    const amount = amountCents === null ? null : moneyOf(amountCents);
    const status = cycle?.status ?? 'open';
    return {
      month,
      minutes,
      hours: hoursOf(minutes),
      amount,
      rate,
      status,
      cases: cases.length,
      amountCents,
    };
  }

  function totalsOf(figures: ReturnType<typeof monthOf>[], caseIds: readonly number[]) {
    const minutes = sum(figures.map((found) => found.minutes));
    return {
      minutes,
      hours: hoursOf(minutes),
      amount: moneyOf(sum(figures.map((found) => found.amountCents ?? 0))),
      unratedMonths: figures.filter(isUnrated).length,
      cases: new Set(caseIds).size,
    };
  }

  const withoutCents = ({ amountCents: _cents, ...figures }: ReturnType<typeof monthOf>) => figures;
  const clientsInRange = seed.clients.filter((client) =>
    inRange.some((found) => found.clientId === client.id),
  );
  return { months, inRange, monthOf, totalsOf, withoutCents, clientsInRange };
}

export function hoursSummary(seed: ReportsSeed, range: MonthRange): HoursSummary {
  const { months, inRange, monthOf, totalsOf, withoutCents, clientsInRange } = reckoner(seed, range);
  const clientRows = clientsInRange
    .map((client) => {
      const figures = months.map((month) => monthOf(client.id, month));
      const caseIds = inRange.filter((found) => found.clientId === client.id).map((found) => found.caseId);
      const { id, name, code } = client;
      return {
        clientId: id,
        clientName: name,
        clientCode: code,
        figures,
        totals: totalsOf(figures, caseIds),
      };
    })
    .sort((a, b) => a.clientName.localeCompare(b.clientName));
  const monthTotals = months.map((month, index) => {
    const figures = clientRows.map((client) => client.figures[index] as ReturnType<typeof monthOf>);
    const { minutes, hours, amount } = totalsOf(figures, []);
    return { month, minutes, hours, amount, cases: sum(figures.map((found) => found.cases)) };
  });
  return {
    ...range,
    months,
    clients: clientRows.map(({ figures, ...client }) => ({ ...client, months: figures.map(withoutCents) })),
    monthTotals,
    totals: totalsOf(
      clientRows.flatMap((client) => client.figures),
      inRange.map((found) => found.caseId),
    ),
  };
}

export function clientHoursReport(
  seed: ReportsSeed,
  client: ClientHeader,
  range: MonthRange,
): ClientHoursReport {
  const { months, inRange, monthOf, totalsOf, withoutCents } = reckoner(seed, range);
  const figures = months.map((month) => monthOf(client.id, month));
  const caseIds = inRange.filter((found) => found.clientId === client.id).map((found) => found.caseId);
  return { client, ...range, months: figures.map(withoutCents), totals: totalsOf(figures, caseIds) };
}

/** The first client's orders in the range's last month: three stat, one late; one urgent, on time. */
/**
 * The first client's orders in the range's last month, and every client's critical calls as the
 * notifications have them (one reached attempt each), in one client's months or all.
 */
function turnaroundOf(seed: ReportsSeed, range: MonthRange, client: ClientHeader | null): TurnaroundReport {
  const figures = (measured: number, met: number, medianMinutes: number | null) => ({
    measured,
    met,
    share: measured === 0 ? null : met / measured,
    medianMinutes,
  });
  const none = figures(0, 0, null);
  const months = new Map<string, TurnaroundReport['months'][number]>();
  for (const { medianDelayMinutes, clientId, clientName, month, ...tally } of monitoringHours(
    seed,
    range,
    client,
  ).notifications) {
    const made = tally.due + tally.pending;
    months.set(`${clientId} ${month}`, {
      clientId,
      clientName,
      month,
      orders: ORDER_PRIORITIES.map((priority) => ({ priority, orders: 0, hookup: none, firstReview: none })),
      calls: {
        ...tally,
        calls: made,
        medianMinutesToReach: medianDelayMinutes,
        attempts: made,
        attemptsPerCall: made > 0 ? 1 : null,
        escalations: 0,
      },
    });
  }
  const [first] = seed.clients;
  // The first client's orders this month; none before any case was monitored.
  if (first && seed.caseMonths.length > 0 && (client === null || client.id === first.id)) {
    const key = `${first.id} ${range.to}`;
    months.set(key, {
      clientId: first.id,
      clientName: first.name,
      month: range.to,
      orders: [
        { priority: 'stat', orders: 3, hookup: figures(3, 2, 50), firstReview: figures(2, 2, 35) },
        { priority: 'urgent', orders: 1, hookup: figures(1, 1, 95), firstReview: none },
        { priority: 'routine', orders: 0, hookup: none, firstReview: none },
      ],
      calls: months.get(key)?.calls ?? null,
    });
  }
  return {
    months: [...months.values()].sort(
      (a, b) => a.clientName.localeCompare(b.clientName) || a.month.localeCompare(b.month),
    ),
  };
}

export function monitoringHours(
  seed: ReportsSeed,
  range: MonthRange,
  client: ClientHeader | null,
): MonitoringHours {
  const { months, inRange } = reckoner(seed, range);
  const cases = inRange.filter((found) => client === null || found.clientId === client.id);
  const byClient = seed.clients.flatMap((found) =>
    months.flatMap((month) => {
      const minutes = sum(
        cases.filter((row) => row.clientId === found.id && row.month === month).map((row) => row.minutes),
      );
      return minutes > 0
        ? [{ clientId: found.id, clientName: found.name, month, minutes, hours: hoursOf(minutes) }]
        : [];
    }),
  );
  const byTechnologist = seed.technologists.flatMap(({ username, name }) =>
    months.flatMap((month) => {
      const minutes = sum(
        cases.filter((row) => row.month === month).map((row) => row.technologists[username] ?? 0),
      );
      return minutes > 0 ? [{ technologist: username, name, month, minutes, hours: hoursOf(minutes) }] : [];
    }),
  );
  const byCase =
    client === null
      ? []
      : cases.map(({ caseId, caseNumber, month, minutes }) => ({
          caseId,
          caseNumber,
          month,
          minutes,
          hours: hoursOf(minutes),
        }));
  const byClientAndMonth = <T extends { clientId: number; month: string }>(rows: readonly T[]) =>
    rows
      .filter(
        ({ month, clientId }) =>
          month >= range.from && month <= range.to && (!client || clientId === client.id),
      )
      .map((row) => ({ ...row, clientName: seed.clients.find(({ id }) => id === row.clientId)?.name ?? '' }))
      .sort((a, b) => a.clientName.localeCompare(b.clientName) || a.month.localeCompare(b.month));
  return {
    ...range,
    months,
    client,
    byClient,
    byTechnologist,
    byCase,
    notifications: byClientAndMonth(seed.notifications),
    reports: byClientAndMonth(seed.reports),
  };
}

const CLIENT_REPORT = new RegExp(`^${API_PATHS.clientHoursReport('(\\d+)')}/?$`);

/** Answers GET summary, a client's report and monitoring hours for the months in the query (400 when invalid). */
export function fakeReportsHandler(seed: ReportsSeed = reportsSeed): FakeHandler {
  const clientOf = (id: unknown) =>
    seed.clients.find((client) => String(client.id) === String(id)) ?? raiseNotFound();
  return ({ method, path, query }) => {
    if (method !== 'GET') return undefined;
    if (path === API_PATHS.hoursSummary)
      return { data: hoursSummary(seed, validate(monthRangeQuery, query)) };
    if (path === API_PATHS.monitoringHours) {
      const { clientId, ...range } = validate(monitoringHoursQuery, query);
      return { data: monitoringHours(seed, range, clientId === undefined ? null : clientOf(clientId)) };
    }
    if (path === API_PATHS.turnaround) {
      const { clientId: only, ...range } = validate(monitoringHoursQuery, query);
      return { data: turnaroundOf(seed, range, only === undefined ? null : clientOf(only)) };
    }
    const clientId = CLIENT_REPORT.exec(path)?.[1];
    if (clientId)
      return { data: clientHoursReport(seed, clientOf(clientId), validate(monthRangeQuery, query)) };
    return undefined;
  };
}

/**
 * Renders as for a user who asked for less motion: recharts then draws its bars at once instead of
 * animating them (jsdom has no `matchMedia`, and its animation frames never finish a chart). Returns the undo.
 */
export function preferReducedMotion() {
  const original = window.matchMedia;
  window.matchMedia = (media: string) =>
    ({
      media,
      matches: media.includes('prefers-reduced-motion: reduce'),
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}
