import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { BAD_REQUEST, UNREACHED } from '../../src/dataProvider/httpClient';
import {
  createQueryClient,
  READ_STALE_MS,
  READ_TRIES,
  retryServerErrors,
} from '../../src/dataProvider/queryClient';
import {
  CASE_DETAILS_RESOURCE,
  CASES_RESOURCE,
  caseListResource,
  caseRecordsResource,
  patientDetailsResource,
  resourceOf,
} from '../../src/dataProvider/resourcePaths';
import { correctionLoopError } from '../../src/dataProvider/timeLogMethods';
import {
  BOARD_RESOURCE,
  HOME_RESOURCE,
  refreshAfterWrite,
  TECHNOLOGISTS_RESOURCE,
  writeTo,
} from '../../src/dataProvider/writeLinks';

const refusal = (status: number) => new HttpError(`Refused ${status}`, status);
/** What the data provider gives when a fetch had no response (spec §8's 'Bad Request'). */
const unreached = () => new HttpError(BAD_REQUEST, 400, UNREACHED);

describe('the retry rule of every read', () => {
  it('never asks again after a refusal (4xx) or an error without a status', () => {
    for (const status of [400, 401, 403, 404, 409, 422, 429, 499]) {
      expect(retryServerErrors(0, refusal(status)), String(status)).toBe(false);
    }
    expect(retryServerErrors(0, new Error(correctionLoopError(7)))).toBe(false);
    expect(retryServerErrors(0, new TypeError('x is undefined'))).toBe(false);
    expect(retryServerErrors(0, undefined)).toBe(false);
  });

  it('asks again after a server error (5xx) until the read has been tried 3 times', () => {
    expect(READ_TRIES).toBe(3);
    for (const status of [500, 502, 503, 504]) {
      expect(retryServerErrors(0, refusal(status)), String(status)).toBe(true);
      expect(retryServerErrors(1, refusal(status)), String(status)).toBe(true);
      expect(retryServerErrors(2, refusal(status)), String(status)).toBe(false);
    }
  });

  it('asks again after a call that never reached the server, not after a 400 the server gave', () => {
    expect(retryServerErrors(0, unreached())).toBe(true);
    expect(retryServerErrors(1, unreached())).toBe(true);
    expect(retryServerErrors(2, unreached())).toBe(false);
    expect(retryServerErrors(0, new HttpError(BAD_REQUEST, 400, { fields: [] }))).toBe(false);
  });
});

describe("the app's query client", () => {
  /** Reads once through the client's defaults (only the wait between tries shortened) and counts the tries. */
  async function tries(error: unknown) {
    const queryFn = vi.fn(async () => {
      throw error;
    });
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['read'], queryFn, retryDelay: 0 })).rejects.toBe(error);
    return queryFn.mock.calls.length;
  }

  it('reads a 404 once', async () => {
    expect(await tries(refusal(404))).toBe(1);
  });

  it('does not run the time-log correction loop (3 tries of its own) again when it gives up', async () => {
    expect(await tries(new Error(correctionLoopError(7)))).toBe(1);
  });

  it('tries a 503 three times', async () => {
    expect(await tries(refusal(503))).toBe(3);
  });

  it('tries a read that never reached the server three times', async () => {
    expect(await tries(unreached())).toBe(3);
  });

  it('keeps an answer fresh for a few seconds and never repeats a write', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries?.staleTime).toBe(READ_STALE_MS);
    expect(READ_STALE_MS).toBeGreaterThan(0);
    expect(defaults.mutations?.retry).toBe(false);
  });
});

describe('what a write reads again besides its own resource (writeLinks.ts)', () => {
  const CASE = 14;
  const KEYS = {
    details: [CASE_DETAILS_RESOURCE, 'getOne', { id: String(CASE) }],
    otherDetails: [CASE_DETAILS_RESOURCE, 'getOne', { id: '15' }],
    timeLogs: [caseRecordsResource(CASE, 'time-logs'), 'getList', {}],
    otherTimeLogs: [caseRecordsResource(15, 'time-logs'), 'getList', {}],
    events: [caseRecordsResource(CASE, 'events'), 'getList', {}],
    monitoring: [caseListResource('monitoring'), 'getList', {}],
    clientCases: ['continuous-monitoring/clients/3/cases', 'getList', {}],
    technologists: [TECHNOLOGISTS_RESOURCE, 'getTechnologists'],
    home: [HOME_RESOURCE],
    board: [BOARD_RESOURCE],
    hours: [resourceOf(API_PATHS.hoursSummary), { from: '2026-11-01' }],
    users: ['users', 'getList', {}],
  };
  const readAgain = async (write: Parameters<typeof refreshAfterWrite>[1]) => {
    const client = createQueryClient();
    for (const key of Object.values(KEYS)) client.setQueryData(key, { data: [] });
    await refreshAfterWrite(client, write);
    return Object.entries(KEYS)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  };

  it('a time log: its case’s logs and header (the next check), the home and the board', async () => {
    expect(await readAgain({ resource: caseRecordsResource(CASE, 'time-logs'), method: 'create' })).toEqual([
      'details',
      'timeLogs',
      'home',
      'board',
      'hours',
    ]);
  });

  it('an event: its case’s events and header (an open critical call)', async () => {
    expect(await readAgain({ resource: caseRecordsResource(CASE, 'events'), id: 3 })).toEqual([
      'details',
      'events',
    ]);
  });

  it('the patient details: the case’s header and the case lists', async () => {
    expect(await readAgain({ resource: patientDetailsResource(CASE), id: CASE })).toEqual([
      'details',
      'monitoring',
      'clientCases',
    ]);
  });

  it('the case itself: the lists, the load, the homes and its time logs; its record unless answered', async () => {
    const elsewhere = ['timeLogs', 'monitoring', 'clientCases', 'technologists', 'home', 'board', 'hours'];
    expect(await readAgain({ resource: CASE_DETAILS_RESOURCE, id: CASE, answered: true })).toEqual(elsewhere);
    expect(await readAgain({ resource: CASE_DETAILS_RESOURCE, id: CASE })).toEqual(['details', ...elsewhere]);
  });

  it('a deleted case: the lists and the load, not the case that is gone', async () => {
    expect(await readAgain({ resource: CASES_RESOURCE, id: CASE, method: 'delete' })).toEqual([
      'monitoring',
      'clientCases',
      'technologists',
      'home',
      'board',
      'hours',
    ]);
  });

  it('a custom method’s write named in its mutation’s meta is read again through the query client', async () => {
    const client = createQueryClient();
    client.setQueryData(KEYS.home, {});
    client.setQueryData(KEYS.users, {});
    const run = (meta?: Record<string, unknown>) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: async () => ({}), meta })
        .execute(undefined);
    await run();
    expect(client.getQueryState(KEYS.home)?.isInvalidated).toBe(false);
    await run(writeTo({ resource: caseRecordsResource(CASE, 'time-logs'), method: 'createTimeLog' }));
    expect(client.getQueryState(KEYS.home)?.isInvalidated).toBe(true);
    expect(client.getQueryState(KEYS.users)?.isInvalidated).toBe(false);
  });
});

describe("reads after a react-admin write (the data hooks' `{resource, …}` variables)", () => {
  const EVENTS = 'continuous-monitoring/cases/monitoring/14/events';
  const seeded = () => {
    const client = createQueryClient();
    for (const key of [
      [EVENTS, 'getList', {}],
      [`${EVENTS}/3/revisions`, 'getList', {}],
      [`${EVENTS}-other`, 'getList', {}],
      ['continuous-monitoring/cases/monitoring/14/case-notes', 'getList', {}],
    ])
      client.setQueryData(key, { data: [], total: 0 });
    const invalidated = () =>
      client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.isInvalidated)
        .map((query) => query.queryKey[0]);
    return { client, invalidated };
  };
  const write = (
    client: ReturnType<typeof createQueryClient>,
    variables: unknown,
    fails = false,
    kind = 'update',
  ) =>
    client
      .getMutationCache()
      .build(client, {
        mutationKey: [EVENTS, kind, variables],
        mutationFn: async () => {
          if (fails) throw refusal(409);
          return { data: { id: 3 } };
        },
      })
      .execute(variables)
      .catch(() => undefined);

  it('reads again the written resource and those nested under it, and nothing else', async () => {
    const { client, invalidated } = seeded();
    await write(client, { resource: EVENTS, id: 3, data: {} });
    expect(invalidated()).toEqual([EVENTS, `${EVENTS}/3/revisions`]);
  });

  it('marks nothing after a refused write, or a write that names no resource', async () => {
    const { client, invalidated } = seeded();
    await write(client, { resource: EVENTS }, true);
    await write(client, 4);
    expect(invalidated()).toEqual([]);
  });

  it('reads nothing again after a delete: the deleted record is gone, and useDelete updates the lists', async () => {
    const { client, invalidated } = seeded();
    await write(client, { resource: EVENTS, id: 3 }, false, 'delete');
    expect(invalidated()).toEqual([]);
  });
});
