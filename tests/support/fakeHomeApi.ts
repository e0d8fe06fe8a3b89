import type { CurrentUser, NavigationItem } from '../../contract/chrome';
import type { BoardCase, Home, Home2, HomeCase, OpenTimeLog, StageCounts } from '../../contract/home';
import { hoursOf } from '../../contract/hours';
import { API_PATHS } from '../../contract/paths';
import type { Role } from '../../contract/roles';
import { type TimeLog, timeLogRevisionSchema } from '../../contract/timeLogs';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { buildUser, menuForRole } from './fakeApi';
import { conflict, type FakeRequest, now, validate } from './fakeApiRules';
import type { FakeHandler } from './HandlersHarness';

/**
 * The home page's calls over in-memory data (DESIGN §8 "Home"): GET /getHome, GET /getHome2 and the
 * revision that stops the caller's running time log. Times are relative to when the module loads, so a
 * story always shows a log that has run for a while and checks that are due or overdue now.
 */

const MINUTE = 60_000;
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

export const buildStageCounts = (overrides: Partial<StageCounts> = {}): StageCounts => ({
  intake: 3,
  monitoring: 8,
  preview: 4,
  reviewed: 5,
  closed: 212,
  ...overrides,
});

export const buildHomeCase = (overrides: Partial<HomeCase> = {}): HomeCase => ({
  id: 101,
  caseNumber: 'NSG-2026-0042',
  clientName: 'Northside General Hospital',
  stage: 'monitoring',
  patientName: 'Okafor, Grace',
  monitoringLevel: 'continuous',
  recordingStart: minutesAgo(14 * 60),
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
  ...overrides,
});

export const buildBoardCase = (overrides: Partial<BoardCase> = {}): BoardCase => ({
  id: 101,
  caseNumber: 'NSG-2026-0042',
  clientName: 'Northside General Hospital',
  patientName: 'Okafor, Grace',
  monitoringLevel: 'continuous',
  technologists: ['priya'],
  recordingStart: minutesAgo(14 * 60),
  lastCheckAt: minutesAgo(20),
  checkIntervalMinutes: 60,
  overdue: false,
  ...overrides,
});

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
  openTimeLog: buildOpenTimeLog(),
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
  openTimeLog: null,
};

/** Someone with no case of their own and no log running (an administrator, billing staff). */
export const nothingOfMyOwn: Home = { stageCounts: buildStageCounts(), myCases: [], openTimeLog: null };

/**
 * Eight cases in monitoring, two of them overdue (one checked 95 minutes ago on an hourly protocol, one
 * never checked two hours into its recording), listed as they come so the page has to put those first.
 */
export const operationsBoard: Home2 = {
  stageCounts: buildStageCounts(),
  monitoring: [
    buildBoardCase(),
    buildBoardCase({
      id: 104,
      caseNumber: 'BMH-2026-0031',
      clientName: 'Bayside Memorial Hospital',
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
      overdue: true,
    }),
    buildBoardCase({
      id: 99,
      caseNumber: 'SAC-2026-0006',
      clientName: "St. Anne's Children's Hospital",
      patientName: 'Moreau, Lucie',
      technologists: ['marcus', 'priya'],
      lastCheckAt: minutesAgo(10),
      checkIntervalMinutes: 30,
    }),
    buildBoardCase({
      id: 102,
      caseNumber: 'BMH-2026-0032',
      clientName: 'Bayside Memorial Hospital',
      patientName: 'Osei, Kwame',
      monitoringLevel: 'intermittent',
      technologists: ['tomas'],
      recordingStart: minutesAgo(120),
      lastCheckAt: null,
      checkIntervalMinutes: 90,
      overdue: true,
    }),
    buildBoardCase({
      id: 103,
      caseNumber: 'NSG-2026-0043',
      patientName: 'Fischer, Anna',
      technologists: ['tomas'],
      recordingStart: minutesAgo(15),
      lastCheckAt: null,
    }),
    buildBoardCase({
      id: 95,
      caseNumber: 'SAC-2026-0005',
      clientName: "St. Anne's Children's Hospital",
      patientName: 'Ruiz, Mateo',
      monitoringLevel: 'unmonitored',
      technologists: [],
      lastCheckAt: minutesAgo(3 * 60),
      checkIntervalMinutes: null,
    }),
    buildBoardCase({
      id: 98,
      caseNumber: 'NSG-2026-0041',
      patientName: 'Kowalski, Piotr',
      technologists: ['marcus'],
      lastCheckAt: minutesAgo(50),
    }),
  ],
  // 1284.50 h against 1402.25 h.
  billableHours: { thisMonth: monthHours(77_070), lastMonth: monthHours(84_135) },
};

export interface HomeSeed {
  home: Home;
  /** The operations board, or 'refused' when the caller's role may not see it (the server answers 403). */
  board: Home2 | 'refused';
  /** The caller's username, the technologist of the log they stop. */
  username?: string;
  /** Someone revises the running log just before the first Stop arrives, which is then refused (409). */
  revisedMeanwhile?: boolean;
}

/**
 * Answers GET /getHome, GET /getHome2 and the POST that stops the running log (its next revision; after it
 * /getHome says no log runs). HandlersHarness tells `onRequest` only of the requests a handler answers, so
 * `onRefused` is told of the ones this handler refuses (403, 409): a test can see a request that failed.
 */
export function fakeHomeHandler(seed: HomeSeed, onRefused?: (request: FakeRequest) => void): FakeHandler {
  let openTimeLog = seed.home.openTimeLog;
  let revisedMeanwhile = seed.revisedMeanwhile ?? false;
  const refuse = (request: FakeRequest, error: Error): never => {
    onRefused?.(request);
    throw error;
  };

  function stop(request: FakeRequest, running: OpenTimeLog): { data: TimeLog } {
    const { end, baseRevision } = validate(timeLogRevisionSchema, request.body);
    const log = revisedMeanwhile ? { ...running, revision: running.revision + 1 } : running;
    revisedMeanwhile = false;
    openTimeLog = log;
    if (baseRevision !== log.revision)
      refuse(
        request,
        conflict(
          `This record was revised by someone else meanwhile (now revision ${log.revision}); reload and try again.`,
        ),
      );
    openTimeLog = null;
    const at = now();
    return {
      data: {
        _id: log.itemId,
        revision: log.revision + 1,
        author: seed.username ?? 'priya',
        createdAt: at,
        voided: false,
        voidReason: '',
        technologist: seed.username ?? 'priya',
        start: log.start,
        end: end ?? at,
        activity: log.activity as TimeLog['activity'],
        billable: true,
        caseNoteIds: [],
        stale: false,
        latestEnd: null,
      },
    };
  }

  return (request) => {
    const { method, path } = request;
    if (method === 'GET' && path === API_PATHS.home) return { data: { ...seed.home, openTimeLog } };
    if (method === 'GET' && path === API_PATHS.home2)
      return seed.board === 'refused'
        ? refuse(
            request,
            toHttpError(403, { error: 'The operations board is for administrators and technologists' }),
          )
        : { data: seed.board };
    const running = openTimeLog;
    if (
      method === 'POST' &&
      running &&
      path === API_PATHS.caseRecordRevisions(running.caseId, 'time-logs', running.itemId)
    )
      return stop(request, running);
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
