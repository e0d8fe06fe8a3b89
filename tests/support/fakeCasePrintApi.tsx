import { useMemo } from 'react';
import { TestMemoryRouter } from 'react-admin';
import { ELECTRODES_10_20 } from '../../contract/electrodes';
import { API_PATHS } from '../../contract/paths';
import type { TimeLog } from '../../contract/timeLogs';
import { AppAdmin } from '../../src/AppAdmin';
import { createDataProvider, type HttpClient } from '../../src/dataProvider';
import type { RequestOptions } from '../../src/dataProvider/httpClient';
import type { ConnectChanges } from '../../src/live';
import { buildCaseDetails, caseDetailsSeed } from './caseDetailsBuilders';
import { clientWithRecords } from './clientFixtures';
import { buildUser, type FakeApi } from './fakeApi';
import { answered } from './fakeApiRules';
import { fakeAuthProvider } from './fakeAuthProvider';
import {
  type CaseRecordsSeed,
  fakeHttpClientWithRecords,
  type SeedRecord,
  type SeedRevision,
  seedRecord,
} from './fakeCaseRecordsApi';
import { useHarnessAdmin } from './harnessAdmin';

/**
 * The printed case report over the fake API: the record calls of fakeCaseRecordsApi plus a case's time
 * logs, a night of ICU monitoring to print, and the whole app over them.
 */

export const buildTimeLog = (overrides: Partial<TimeLog> = {}): TimeLog => ({
  _id: 1,
  revision: 1,
  author: 'priya',
  createdAt: '2026-03-02T22:45:00.000Z',
  voided: false,
  voidReason: '',
  technologist: 'priya',
  start: '2026-03-02T22:45:00.000Z',
  end: '2026-03-02T23:30:00.000Z',
  activity: 'monitoring',
  billable: true,
  caseNoteIds: [],
  stale: false,
  latestEnd: null,
  ...overrides,
});

// A night of ICU monitoring, times in UTC: Northside General is in New York, 6:10 PM to 7:40 AM EST.

const at = (date: number, time: string) => `2026-03-${String(date).padStart(2, '0')}T${time}:00.000Z`;
const hoursAfter = (start: string, hours: number) =>
  new Date(Date.parse(start) + hours * 3_600_000).toISOString();

/** Grace Okafor in the Neuro ICU after a cardiac arrest: recorded overnight, read and signed by morning. */
export const icuNightCase = buildCaseDetails({
  stage: 'reviewed',
  studyType: 'icu',
  hasVideo: true,
  monitoringLevel: 'continuous',
  recordingStart: at(2, '23:10'),
  recordingEnd: at(3, '12:40'),
  technologists: [
    { username: 'priya', name: 'Priya Raman' },
    { username: 'marcus', name: 'Marcus Bell' },
  ],
  reader: 'rhea',
  protocolRevision: 3,
});
const CASE = icuNightCase.id;

/** One revision of a record, written by `author` at `createdAt`. */
const by = (
  author: string,
  createdAt: string,
  fields: Record<string, unknown>,
  more: Partial<SeedRevision> = {},
) => ({
  author,
  createdAt,
  fields,
  ...more,
});

/** A good hookup: every electrode between 2 and 5 kΩ. */
const GOOD_VALUES = Object.fromEntries(
  ELECTRODES_10_20.map((electrode, index) => [electrode, 2 + (index % 4)]),
);

/** What changed at a check, by hour after the hookup: T7 lifts at 10:20 PM and O2 and T7 at 3:20 AM EST. */
const DRIFTS: Record<number, { values: Record<string, number>; actionTaken: string }> = {
  4: { values: { T7: 14 }, actionTaken: 'T7 re-gelled and re-seated; 4 kΩ after.' },
  9: { values: { T7: 11, O2: 12 }, actionTaken: 'Head wrap tightened; O2 and T7 re-gelled.' },
};

/** A check every hour from the hookup to the takedown; Marcus takes over at 2 AM EST. */
const HOURLY_CHECKS = Array.from({ length: 14 }, (_, hour) => {
  const measuredAt = hoursAfter(at(2, '23:20'), hour);
  const drift = DRIFTS[hour];
  return seedRecord(
    hour + 1,
    CASE,
    'impedances',
    by(measuredAt < at(3, '07:00') ? 'priya' : 'marcus', measuredAt, {
      measuredAt,
      values: { ...GOOD_VALUES, ...drift?.values },
      actionTaken: drift?.actionTaken ?? '',
    }),
  );
});

const IMPEDANCES: SeedRecord[] = [
  ...HOURLY_CHECKS,
  seedRecord(
    15,
    CASE,
    'impedances',
    by('priya', at(3, '02:00'), { measuredAt: at(3, '02:00'), values: { Fp1: 40 }, actionTaken: '' }),
    by('priya', at(3, '02:05'), {}, { voided: true, voidReason: 'Entered on the wrong case.' }),
  ),
];

const event = (id: number, author: string, fields: Record<string, unknown>, more?: Partial<SeedRevision>) =>
  seedRecord(id, CASE, 'events', by(author, String(fields.occurredAt), fields, more));

const EVENTS: SeedRecord[] = [
  event(1, 'priya', {
    occurredAt: at(3, '02:14'),
    endedAt: at(3, '02:16'),
    type: 'seizure',
    description:
      'Electrographic seizure: rhythmic 4 Hz delta evolving over the left temporal leads (T7, F7), ' +
      '2 minutes, no clinical correlate on video.',
    notifiedContactId: 1,
    notifiedAt: at(3, '02:19'),
  }),
  event(2, 'priya', {
    occurredAt: at(3, '02:31'),
    type: 'medication',
    description: 'Lorazepam 2 mg IV given by the bedside nurse.',
  }),
  event(3, 'priya', {
    occurredAt: at(3, '03:22'),
    type: 'electrode-fix',
    description: 'T7 re-gelled after an impedance of 14 kΩ.',
  }),
  event(4, 'marcus', {
    occurredAt: at(3, '10:10'),
    type: 'pushbutton',
    description: 'Nurse pressed the button for eyelid flutter; no EEG change.',
    notifiedContactId: 2,
    notifiedAt: at(3, '10:15'),
  }),
  // The protocol's electrode-off rule (30 min): one notified late, one not at all.
  event(6, 'priya', {
    occurredAt: at(3, '05:00'),
    type: 'electrode-off',
    description: 'O1 and O2 off after the patient turned.',
    notifiedContactId: 3,
    notifiedAt: at(3, '05:42'),
  }),
  event(7, 'marcus', {
    occurredAt: at(3, '08:00'),
    type: 'disconnect',
    description: 'Amplifier unplugged for a chest X-ray.',
  }),
  event(
    5,
    'marcus',
    { occurredAt: at(3, '11:00'), type: 'artifact', description: 'Chewing artifact.' },
    { voided: true, voidReason: 'Duplicate of a case note.' },
  ),
];

const SEIZURE = 'One electrographic seizure at 9:14 PM EST, left temporal';

const INTERPRETATIONS: SeedRecord[] = [
  seedRecord(
    1,
    CASE,
    'interpretations',
    by('rhea', at(3, '03:30'), {
      kind: 'prelim',
      periodStart: at(2, '23:10'),
      periodEnd: at(3, '03:00'),
      impression: `${SEIZURE}; the neurologist was told.`,
      status: 'signed',
      signedBy: 'rhea',
      signedAt: at(3, '03:30'),
    }),
  ),
  seedRecord(
    2,
    CASE,
    'interpretations',
    by('rhea', at(3, '15:00'), {
      kind: 'final',
      periodStart: at(2, '23:10'),
      periodEnd: at(3, '12:40'),
      background: 'Continuous 5–6 Hz theta with intermittent generalized delta; reactive to stimulation.',
      sleep: 'No normal sleep architecture.',
      epileptiform: 'Left temporal sharp waves, about 1 a minute, maximal at T7.',
      seizures: `${SEIZURE}, lasting 2 minutes; none after lorazepam.`,
      impression:
        'Abnormal continuous EEG: moderate diffuse encephalopathy, left temporal epileptogenic focus, ' +
        'one electrographic seizure. No status epilepticus.',
      status: 'signed',
      signedBy: 'rhea',
      signedAt: at(3, '15:00'),
    }),
  ),
  seedRecord(
    3,
    CASE,
    'interpretations',
    by('rhea', at(3, '16:30'), {
      kind: 'addendum',
      amendsId: 2,
      impression: 'Video review of the 9:14 PM seizure: subtle right-hand twitching.',
      status: 'draft',
    }),
  ),
];

const TIME_LOGS: TimeLog[] = [
  buildTimeLog({ _id: 1, activity: 'hookup' }),
  buildTimeLog({ _id: 2, start: at(2, '23:30'), end: at(3, '07:30') }),
  buildTimeLog({ _id: 3, start: at(3, '07:30'), end: at(3, '07:45'), activity: 'review', billable: false }),
  // Marcus takes over at 2 AM EST, half an hour before Priya leaves: that half hour is billed once.
  buildTimeLog({ _id: 4, technologist: 'marcus', start: at(3, '07:00'), end: at(3, '12:30') }),
  buildTimeLog({
    _id: 5,
    technologist: 'marcus',
    start: at(3, '12:30'),
    end: at(3, '12:50'),
    activity: 'takedown',
  }),
  buildTimeLog({
    _id: 6,
    technologist: 'marcus',
    start: at(3, '13:00'),
    end: at(3, '15:00'),
    voided: true,
    voidReason: 'Logged on the wrong case.',
  }),
];

/** Each case's time logs, by case id. */
export type TimeLogsSeed = Record<number, TimeLog[]>;

/** The ICU night and Northside General (its contacts and protocol), as the fake API's seed. */
export const casePrintData = {
  casesData: caseDetailsSeed([icuNightCase]),
  clientsData: clientWithRecords,
  records: [...IMPEDANCES, ...EVENTS, ...INTERPRETATIONS],
  timeLogs: { [CASE]: TIME_LOGS } as TimeLogsSeed,
};

const timeLogsPath = new RegExp(`^${API_PATHS.caseRecords('(\\d+)', 'time-logs')}$`);

/**
 * The record calls' fake API, plus GET time-logs of the seeded cases (no correction to make) and POST of a
 * new log on one of them (the caller's, added to the seed).
 */
function withTimeLogs(api: FakeApi & CaseRecordsSeed, timeLogs: TimeLogsSeed): HttpClient {
  const others = fakeHttpClientWithRecords(api);
  return async <T,>(path: string, options: RequestOptions = {}) => {
    const logs = timeLogs[Number(timeLogsPath.exec(path)?.[1])];
    const method = options.method ?? 'GET';
    if (!logs || (method !== 'GET' && method !== 'POST')) return others<T>(path, options);
    const request = { method, path, query: options.query, body: options.body };
    api.onRequest?.(request);
    const failure = api.failures?.[`${method} ${path}`];
    if (failure) throw failure;
    if (method === 'GET') return answered<T>(request, { data: { timeLogs: logs, timeLogCorrection: null } });
    const { username } = api.user ?? DEFAULT_USER;
    const created = buildTimeLog({
      _id: Math.max(0, ...logs.map((log) => log._id)) + 1,
      author: username,
      technologist: username,
      createdAt: new Date().toISOString(),
      start: new Date().toISOString(),
      end: null,
      ...(options.body as Partial<TimeLog>),
    });
    logs.push(created);
    return answered<T>(request, { data: created });
  };
}

export interface CasePrintHarnessProps extends Partial<FakeApi>, CaseRecordsSeed {
  /** The route to open. */
  path: string;
  timeLogs?: TimeLogsSeed;
  /** The stream of changes the app follows (`fakeChanges`); none by default. */
  changes?: ConnectChanges;
}

const DEFAULT_USER = buildUser();
const NO_TIME_LOGS: TimeLogsSeed = {};

/** The whole app, signed in, over the fake API with the record calls and the time logs. */
export const CasePrintHarness = ({
  path,
  chrome,
  user = DEFAULT_USER,
  clientsData,
  casesData,
  records,
  failures,
  pending,
  onRequest,
  timeLogs = NO_TIME_LOGS,
  changes,
}: CasePrintHarnessProps) => {
  const harness = useHarnessAdmin();
  const providers = useMemo(() => {
    const api = { chrome: chrome ?? [], user, clientsData, casesData, records, failures, pending, onRequest };
    return {
      dataProvider: createDataProvider({ httpClient: withTimeLogs(api, timeLogs) }),
      authProvider: fakeAuthProvider(user),
    };
  }, [chrome, user, clientsData, casesData, records, failures, pending, onRequest, timeLogs]);
  return (
    <TestMemoryRouter initialEntries={[path]}>
      <AppAdmin {...providers} {...harness} changes={changes} />
    </TestMemoryRouter>
  );
};
