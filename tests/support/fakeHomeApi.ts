import type { CurrentUser, NavigationItem } from '../../contract/chrome';
import type {
  BoardCase,
  Home,
  Home2,
  HomeCase,
  OpenTimeLog,
  ReportDue,
  StageCounts,
} from '../../contract/home';
import { hoursOf } from '../../contract/hours';
import { API_PATHS } from '../../contract/paths';
import type { Role } from '../../contract/roles';
import { type TimeLog, timeLogCreateSchema, timeLogRevisionSchema } from '../../contract/timeLogs';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { buildClockCase, buildTechnologist } from './caseBuilders';
import { buildUser, menuForRole } from './fakeApi';
import { conflict, type FakeRequest, now, validate } from './fakeApiRules';
import type { FakeHandler } from './HandlersHarness';

/**
 * The home page's calls over in-memory data (DESIGN §8 "Home"): GET /getHome, GET /getHome2 and the
 * revision that stops the caller's running time log. Times are relative to when the module loads, so a
 * story always shows a log that has run for a while and checks that are due or overdue now.
 */

const MINUTE = 60_000;
/**
 * When the module's times were taken: a test that reads them as "due in 10 min" holds the clock there, since
 * a busy machine can take minutes to reach it after the module loads.
 */
export const HOME_FIXTURES_AT = Date.now();
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

export const buildStageCounts = (overrides: Partial<StageCounts> = {}): StageCounts => ({
  intake: 3,
  monitoring: 8,
  preview: 4,
  reviewed: 5,
  closed: 212,
  ...overrides,
});

const buildHomeCase = (overrides: Partial<HomeCase> = {}): HomeCase => ({
  id: 101,
  caseNumber: 'NSG-2026-0042',
  clientName: 'Northside General Hospital',
  stage: 'monitoring',
  patientName: 'Okafor, Grace',
  monitoringLevel: 'continuous',
  recordingStart: minutesAgo(14 * 60),
  clientTimeZone: 'America/Denver',
  role: 'technologist',
  ...overrides,
});

export const buildOpenTimeLog = (overrides: Partial<OpenTimeLog> = {}): OpenTimeLog => ({
  itemId: 7,
  revision: 1,
  caseId: 101,
  caseNumber: 'NSG-2026-0042',
  stage: 'monitoring',
  start: minutesAgo(95),
  activity: 'monitoring',
  clientTimeZone: 'America/Denver',
  stale: false,
  ...overrides,
});

/** A report the caller owes as the home page lists it: by default Northside's preliminary, due in 3 hours. */
const buildReportDue = (overrides: Partial<ReportDue> = {}): ReportDue => ({
  caseId: 88,
  caseNumber: 'NSG-2026-0038',
  stage: 'preview',
  clientName: 'Northside General Hospital',
  clientTimeZone: 'America/Denver',
  kind: 'prelim',
  periodStart: null,
  periodEnd: null,
  dueBy: minutesAgo(-3 * 60),
  overdue: false,
  unbilled: false,
  ...overrides,
});

/**
 * A case in monitoring as the board sends it. The rule's outcome follows from the last check and the
 * interval unless overridden, as the server computes it (DESIGN §4): due one interval after the last check.
 */
const buildBoardCase = (overrides: Partial<BoardCase> = {}): BoardCase => {
  const base = {
    id: 101,
    caseNumber: 'NSG-2026-0042',
    clientName: 'Northside General Hospital',
    clientTimeZone: 'America/Denver',
    patientName: 'Okafor, Grace',
    monitoringLevel: 'continuous' as const,
    technologists: ['priya'],
    recordingStart: minutesAgo(14 * 60),
    lastCheckAt: minutesAgo(20),
    checkIntervalMinutes: 60,
    watched: false,
    recordingEnded: false,
    staleOpenLogs: [],
    notificationsOverdue: 0,
    pendingNotificationsDueBy: [],
    reportsOverdue: 0,
    callNext: null,
    ...overrides,
  };
  const nextCheckBy =
    base.watched || base.recordingEnded || base.lastCheckAt === null
      ? null
      : new Date(Date.parse(base.lastCheckAt) + base.checkIntervalMinutes * MINUTE).toISOString();
  const overdueSince = nextCheckBy !== null && Date.parse(nextCheckBy) < Date.now() ? nextCheckBy : null;
  return {
    nextCheckBy,
    overdueSince,
    overdue: overdueSince !== null,
    notificationsPending: base.pendingNotificationsDueBy.length,
    ...base,
  };
};

/** A month's billable time as the server sends it: whole minutes, and hours written with 2 places. */
const monthHours = (minutes: number) => ({ minutes, hours: hoursOf(minutes) });

/** Priya Raman's shift: two cases in monitoring and one in intake; her monitoring log runs on the first. */
export const technologistHome: Home = {
  stageCounts: buildStageCounts(),
  myCases: [
    buildHomeCase(),
    buildHomeCase({
      id: 104,
      caseNumber: 'BMH-2026-0031',
      clientName: 'Bayside Memorial Hospital',
      patientName: 'Haddad, Samir',
      monitoringLevel: 'intermittent',
      recordingStart: minutesAgo(30 * 60),
    }),
    buildHomeCase({
      id: 109,
      caseNumber: 'SAC-2026-0007',
      clientName: "St. Anne's Children's Hospital",
      stage: 'intake',
      patientName: 'Lindqvist, Elsa',
      recordingStart: null,
    }),
  ],
  openTimeLogs: [buildOpenTimeLog()],
  reportsDue: [],
};

/** Dr. Rhea Sandoval reads two recordings that wait in preview; readers log no time. */
export const readerHome: Home = {
  stageCounts: buildStageCounts(),
  myCases: [
    buildHomeCase({
      id: 88,
      caseNumber: 'NSG-2026-0038',
      stage: 'preview',
      patientName: 'Castillo, Marta',
      recordingStart: minutesAgo(3 * 24 * 60),
      role: 'reader',
    }),
    buildHomeCase({
      id: 91,
      caseNumber: 'BMH-2026-0029',
      clientName: 'Bayside Memorial Hospital',
      stage: 'preview',
      patientName: 'Dubois, Henri',
      monitoringLevel: 'intermittent',
      recordingStart: minutesAgo(2 * 24 * 60),
      role: 'reader',
    }),
  ],
  openTimeLogs: [],
  // Henri Dubois's daily report for the day before yesterday is overdue, and no signed report bills its day;
  // Marta Castillo's final is due.
  reportsDue: [
    buildReportDue({
      caseId: 91,
      caseNumber: 'BMH-2026-0029',
      clientName: 'Bayside Memorial Hospital',
      clientTimeZone: 'America/New_York',
      kind: 'daily',
      periodStart: '2026-11-22T05:00:00.000Z',
      periodEnd: '2026-11-23T05:00:00.000Z',
      dueBy: '2026-11-24T05:00:00.000Z',
      overdue: true,
      unbilled: true,
    }),
    buildReportDue({ kind: 'final', dueBy: minutesAgo(-5 * 60) }),
  ],
};

/** Someone with no case of their own and no log running (an administrator, billing staff). */
const nothingOfMyOwn: Home = {
  stageCounts: buildStageCounts(),
  myCases: [],
  openTimeLogs: [],
  reportsDue: [],
};

/**
 * Eight cases in monitoring, listed as they come so the page has to put the overdue first: two overdue (one
 * checked 95 minutes ago on an hourly protocol, one never checked two hours into its recording), one
 * watched, one whose recording ended, one due in ten minutes with a stale open log, the rest due later; one
 * with a notification overdue and two pending, one with a notification falling due in three minutes, one
 * (the stale log's) with a report overdue.
 */
export const operationsBoard: Home2 = {
  stageCounts: buildStageCounts(),
  monitoring: [
    buildBoardCase({ watched: true }),
    buildBoardCase({
      id: 104,
      caseNumber: 'BMH-2026-0031',
      clientName: 'Bayside Memorial Hospital',
      clientTimeZone: 'America/New_York',
      patientName: 'Haddad, Samir',
      monitoringLevel: 'intermittent',
      lastCheckAt: minutesAgo(45),
      checkIntervalMinutes: 120,
    }),
    buildBoardCase({
      id: 97,
      caseNumber: 'NSG-2026-0040',
      patientName: 'Nakamura, Kenji',
      technologists: ['marcus'],
      lastCheckAt: minutesAgo(95),
    }),
    buildBoardCase({
      id: 99,
      caseNumber: 'SAC-2026-0006',
      clientName: "St. Anne's Children's Hospital",
      patientName: 'Moreau, Lucie',
      technologists: ['marcus', 'priya'],
      lastCheckAt: minutesAgo(10),
      checkIntervalMinutes: 30,
      notificationsOverdue: 1,
      pendingNotificationsDueBy: [minutesAgo(-4), minutesAgo(-25)],
    }),
    buildBoardCase({
      id: 102,
      caseNumber: 'BMH-2026-0032',
      clientName: 'Bayside Memorial Hospital',
      clientTimeZone: 'America/New_York',
      patientName: 'Osei, Kwame',
      monitoringLevel: 'intermittent',
      technologists: ['priya', 'tomas'],
      recordingStart: minutesAgo(120),
      lastCheckAt: minutesAgo(120),
      checkIntervalMinutes: 90,
    }),
    buildBoardCase({
      id: 103,
      caseNumber: 'NSG-2026-0043',
      patientName: 'Fischer, Anna',
      technologists: ['tomas'],
      recordingStart: minutesAgo(15),
      lastCheckAt: minutesAgo(15),
      pendingNotificationsDueBy: [minutesAgo(-3)],
    }),
    buildBoardCase({
      id: 95,
      caseNumber: 'SAC-2026-0005',
      clientName: "St. Anne's Children's Hospital",
      patientName: 'Ruiz, Mateo',
      monitoringLevel: 'unmonitored',
      technologists: [],
      lastCheckAt: minutesAgo(3 * 60),
      checkIntervalMinutes: 120,
      recordingEnded: true,
    }),
    buildBoardCase({
      id: 98,
      caseNumber: 'NSG-2026-0041',
      patientName: 'Kowalski, Piotr',
      monitoringLevel: 'intermittent',
      technologists: ['marcus'],
      recordingStart: minutesAgo(20 * 60),
      lastCheckAt: minutesAgo(50),
      reportsOverdue: 1,
      staleOpenLogs: [{ technologist: 'marcus', activity: 'monitoring', start: minutesAgo(18 * 60) }],
    }),
  ],
  // 1284.50 h against 1402.25 h.
  billableHours: { thisMonth: monthHours(77_070), lastMonth: monthHours(84_135) },
  clocks: [
    buildClockCase({ kind: 'hookup', dueBy: minutesAgo(25), metAt: null, breachedByMinutes: 25 }),
    {
      id: 97,
      caseNumber: 'NSG-2026-0040',
      stage: 'monitoring',
      clientName: 'Northside General Hospital',
      clientTimeZone: 'America/New_York',
      patientName: 'Nakamura, Kenji',
      priority: 'urgent',
      nearest: { kind: 'first-review', dueBy: minutesAgo(-40), metAt: null, breachedByMinutes: null },
      clocks: [
        { kind: 'hookup', dueBy: minutesAgo(200), metAt: minutesAgo(230), breachedByMinutes: null },
        { kind: 'first-review', dueBy: minutesAgo(-40), metAt: null, breachedByMinutes: null },
      ],
    },
  ],
};

/** The board's technologists, as GET technologists names them. */
export const BOARD_TECHNOLOGISTS = [
  buildTechnologist({ username: 'priya', name: 'Priya Raman' }),
  buildTechnologist({ username: 'marcus', name: 'Marcus Bell' }),
  buildTechnologist({ username: 'tomas', name: 'Tomás Ortega' }),
];

export interface HomeSeed {
  home: Home;
  /** The operations board, or 'refused' when the caller's role may not see it (the server answers 403). */
  board: Home2 | 'refused';
  /** The caller's username, the technologist of the log they stop. */
  username?: string;
  /** Someone revises the running log just before the first Stop arrives, which is then refused (409). */
  revisedMeanwhile?: boolean;
}

/** A time log as the server answers a write of it, the caller's. */
const timeLogReply = (
  username: string,
  fields: Pick<TimeLog, '_id' | 'revision' | 'start' | 'end' | 'activity'>,
): { data: TimeLog } => ({
  data: {
    author: username,
    createdAt: now(),
    voided: false,
    voidReason: '',
    technologist: username,
    billable: true,
    caseNoteIds: [],
    stale: false,
    latestEnd: null,
    ...fields,
  },
});

/**
 * Answers GET /getHome, GET /getHome2, GET technologists (their names), the POST that stops one of the running logs (its next revision;
 * after it /getHome lists it no more) and the board's "Log check" (a check log on a board case: the case's
 * last check moves to its end, as the server counts a check; refused with 403 for someone not among the case's technologists, as the
 * time-log rules refuse it). HandlersHarness tells `onRequest` only of the requests a handler answers, so
 * `onRefused` is told of the ones this handler refuses (403, 409): a test can see a request that failed.
 */
export function fakeHomeHandler(seed: HomeSeed, onRefused?: (request: FakeRequest) => void): FakeHandler {
  const username = seed.username ?? 'priya';
  let openTimeLogs = seed.home.openTimeLogs;
  let board = seed.board;
  let revisedMeanwhile = seed.revisedMeanwhile ?? false;
  let nextItemId = 900;
  const refuse = (request: FakeRequest, error: Error): never => {
    onRefused?.(request);
    throw error;
  };

  function stop(request: FakeRequest, running: OpenTimeLog) {
    const { end, baseRevision } = validate(timeLogRevisionSchema, request.body);
    const log = revisedMeanwhile ? { ...running, revision: running.revision + 1 } : running;
    revisedMeanwhile = false;
    openTimeLogs = openTimeLogs.map((entry) => (entry.itemId === log.itemId ? log : entry));
    if (baseRevision !== log.revision)
      refuse(
        request,
        conflict(
          `This record was revised by someone else meanwhile (now revision ${log.revision}); reload and try again.`,
        ),
      );
    openTimeLogs = openTimeLogs.filter((entry) => entry.itemId !== log.itemId);
    return timeLogReply(username, {
      _id: log.itemId,
      revision: log.revision + 1,
      start: log.start,
      end: end ?? now(),
      activity: log.activity as TimeLog['activity'],
    });
  }

  function logCheck(request: FakeRequest, home2: Home2, checked: BoardCase) {
    const { start, end, activity } = validate(timeLogCreateSchema, request.body);
    if (!checked.technologists.includes(username))
      refuse(
        request,
        toHttpError(403, { error: `Only the technologists of ${checked.caseNumber} log its time` }),
      );
    const { nextCheckBy: _next, overdueSince: _since, overdue: _overdue, ...rest } = checked;
    const at = start ?? now();
    board = {
      ...home2,
      monitoring: home2.monitoring.map((row) =>
        row.id === checked.id ? buildBoardCase({ ...rest, lastCheckAt: end ?? at }) : row,
      ),
    };
    nextItemId += 1;
    return timeLogReply(username, { _id: nextItemId, revision: 1, start: at, end, activity });
  }

  return (request) => {
    const { method, path } = request;
    if (method === 'GET' && path === API_PATHS.home) return { data: { ...seed.home, openTimeLogs } };
    if (method === 'GET' && path === API_PATHS.technologists) return { data: BOARD_TECHNOLOGISTS };
    if (method === 'GET' && path === API_PATHS.home2)
      return board === 'refused'
        ? refuse(
            request,
            toHttpError(403, { error: 'The operations board is for administrators and technologists' }),
          )
        : { data: board };
    if (method !== 'POST') return undefined;
    const running = openTimeLogs.find(
      (log) => path === API_PATHS.caseRecordRevisions(log.caseId, 'time-logs', log.itemId),
    );
    if (running) return stop(request, running);
    const checked =
      board === 'refused'
        ? undefined
        : board.monitoring.find((row) => path === API_PATHS.caseRecords(row.id, 'time-logs'));
    if (checked && board !== 'refused') return logCheck(request, board, checked);
    return undefined;
  };
}

export interface HomeAs {
  user: CurrentUser;
  chrome: NavigationItem[];
  seed: HomeSeed;
}

const PEOPLE: Record<Role, Pick<CurrentUser, 'username' | 'name'>> = {
  admin: { username: 'ada', name: 'Ada Lovelace' },
  technologist: { username: 'priya', name: 'Priya Raman' },
  reader: { username: 'rhea', name: 'Rhea Sandoval' },
  billing: { username: 'dana', name: 'Dana Whitfield' },
};

const HOMES: Record<Role, Pick<HomeSeed, 'home' | 'board'>> = {
  admin: { home: nothingOfMyOwn, board: operationsBoard },
  technologist: { home: technologistHome, board: operationsBoard },
  reader: { home: readerHome, board: 'refused' },
  billing: { home: nothingOfMyOwn, board: 'refused' },
};

/** A member of staff with one role, their menu, and what the home calls answer them. */
export function homeAs(role: Role, seed: Partial<HomeSeed> = {}): HomeAs {
  const person = PEOPLE[role];
  return {
    user: buildUser({ ...person, email: `${person.username}@vigil.example`, roles: [role] }),
    chrome: menuForRole(role),
    seed: { ...HOMES[role], username: person.username, ...seed },
  };
}
