import { HttpError, type RaRecord } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiErrors,
  BAD_REQUEST,
  createDataProvider,
  createHttpClient,
  UNEXPECTED_ERROR,
} from '../../src/dataProvider';
import { isUnreached } from '../../src/dataProvider/httpClient';
import {
  BUG_REPORTS_RESOURCE,
  CASE_DETAILS_RESOURCE,
  CASES_RESOURCE,
  caseRecordsResource,
  patientDetailsResource,
  patientHistoryResource,
  recordRevisionsResource,
  USERS_RESOURCE,
} from '../../src/dataProvider/resourcePaths';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const dataProvider = createDataProvider({
  httpClient: createHttpClient('/api', async () => 'id-token-1'),
  resourcePaths: { clients: '/continuous-monitoring/clients' },
});

const lastRequest = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
};

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  apiErrors.clear();
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('sends the id token as a bearer token, and the JSON content type on every call (spec §7)', async () => {
    fetchMock.mockImplementation(async () => json({ success: true, data: { id: 7, version: 1 } }));
    await dataProvider.getOne('clients', { id: 7 });
    const { url, headers } = lastRequest();
    expect(url).toBe('/api/continuous-monitoring/clients/7');
    expect(headers.get('Authorization')).toBe('Bearer id-token-1');
    expect(headers.get('Accept')).toBe('application/json');
    expect(headers.get('Content-Type')).toBe('application/json');
    await dataProvider.create('clients', { data: { name: 'C' } });
    expect(lastRequest().headers.get('Content-Type')).toBe('application/json');
    await dataProvider.delete('clients', { id: 7, previousData: { id: 7, version: 1 } });
    expect(lastRequest().headers.get('Content-Type')).toBe('application/json');
    expect(lastRequest().init.body).toBeUndefined();
  });

  it('lists with page, perPage, sort, order and only the non-empty filters', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: [{ id: 1 }], total: 41 }));
    const result = await dataProvider.getList('clients', {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'north', isEnabled: true, code: '', tags: [], region: undefined, ids: [3, 4] },
    });
    const query = new URL(lastRequest().url, 'http://x').searchParams;
    expect([...query.keys()].sort()).toEqual([
      'ids',
      'ids',
      'isEnabled',
      'order',
      'page',
      'perPage',
      'q',
      'sort',
    ]);
    expect(query.get('page')).toBe('2');
    expect(query.get('perPage')).toBe('25');
    expect(query.get('sort')).toBe('name');
    expect(query.get('order')).toBe('ASC');
    expect(query.getAll('ids')).toEqual(['3', '4']);
    expect(result).toEqual({ data: [{ id: 1 }], total: 41 });
  });

  it('sends no query string when there is nothing to send', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: [] }));
    await dataProvider.getList('clients', { filter: {} });
    expect(lastRequest().url).toBe('/api/continuous-monitoring/clients');
  });

  it('updates with PUT and the version the record was read with', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: { id: 7, name: 'B', version: 4 } }));
    await dataProvider.update('clients', {
      id: 7,
      data: { id: 7, name: 'B', version: 9 },
      previousData: { id: 7, name: 'A', version: 3 },
    });
    const { init } = lastRequest();
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ id: 7, name: 'B', version: 3 });
  });

  it('creates with POST and deletes with DELETE', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, data: { id: 8, name: 'C' } }, 201));
    expect(await dataProvider.create('clients', { data: { name: 'C' } })).toEqual({
      data: { id: 8, name: 'C' },
    });
    expect(lastRequest().init.method).toBe('POST');
    fetchMock.mockResolvedValueOnce(json({ success: true, data: null }));
    expect(await dataProvider.delete('clients', { id: 8, previousData: { id: 8, name: 'C' } })).toEqual({
      data: { id: 8, name: 'C' },
    });
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/clients/8',
      init: { method: 'DELETE' },
    });
  });

  it('refuses a resource without an API path', async () => {
    await expect(dataProvider.getOne('nonsense', { id: 1 })).rejects.toThrow(
      /No API path for the resource "nonsense"/,
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe("a client's nested records and big lists", () => {
  it("maps a nested resource to its path and the API's `_id` to `id`", async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, data: [{ _id: 3, name: 'Maya' }], total: 1 }));
    const list = await dataProvider.getList('clients/7/contacts', {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'escalationOrder', order: 'ASC' },
      filter: {},
    });
    expect(lastRequest().url).toBe(
      '/api/continuous-monitoring/clients/7/contacts?page=1&perPage=25&sort=escalationOrder&order=ASC',
    );
    expect(list.data).toEqual([{ _id: 3, id: 3, name: 'Maya' }]);

    fetchMock.mockResolvedValueOnce(json({ success: true, data: { _id: 3, name: 'Maya C', version: 2 } }));
    const updated = await dataProvider.update('clients/7/contacts', {
      id: 3,
      data: { id: 3, _id: 3, name: 'Maya C', version: 1 },
      previousData: { id: 3, _id: 3, name: 'Maya', version: 1 },
    });
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/clients/7/contacts/3',
      init: { method: 'PUT' },
    });
    expect(updated.data).toEqual({ _id: 3, id: 3, name: 'Maya C', version: 2 });
  });

  it('deletes with the version the record was read with', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, data: { id: 8, version: 3 } }));
    await dataProvider.delete('clients', { id: 8, previousData: { id: 8, version: 3 } });
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/clients/8?version=3',
      init: { method: 'DELETE' },
    });
  });

  it('refuses to delete in bulk, which has no versions to send', async () => {
    await expect(dataProvider.deleteMany('clients', { ids: [7, 8] })).rejects.toThrow(
      'Bulk delete is not supported for "clients": each delete must send the version its record was read with.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads a request for more than 100 rows (the CSV export) page by page', async () => {
    const rows = Array.from({ length: 250 }, (_, index) => ({ id: index + 1 }));
    fetchMock.mockImplementation(async (url) => {
      const query = new URL(String(url), 'http://x').searchParams;
      const page = Number(query.get('page'));
      const perPage = Number(query.get('perPage'));
      return json({
        success: true,
        data: rows.slice((page - 1) * perPage, page * perPage),
        total: rows.length,
      });
    });
    const result = await dataProvider.getList('clients', {
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'name', order: 'ASC' },
      filter: { q: 'north' },
    });
    expect(result.total).toBe(250);
    expect(result.data.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    const requested = fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams);
    expect(requested.map((query) => [query.get('page'), query.get('perPage'), query.get('q')])).toEqual([
      ['1', '100', 'north'],
      ['2', '100', 'north'],
      ['3', '100', 'north'],
    ]);
  });
});

describe("the app's resources (the standard methods react-admin's hooks call)", () => {
  const appProvider = createDataProvider({ httpClient: createHttpClient('/api', async () => 'id-token-1') });

  it('takes in a case, reads a case page and deletes an intake case with its version', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, data: { id: 14, stage: 'intake' } }, 201));
    const created = await appProvider.create(CASES_RESOURCE, { data: { clientId: 2 } });
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/cases',
      init: { method: 'POST' },
    });
    expect(created.data).toEqual({ id: 14, stage: 'intake' });

    fetchMock.mockResolvedValueOnce(json({ success: true, data: { id: 14, version: 1 } }));
    expect((await appProvider.getOne(CASE_DETAILS_RESOURCE, { id: 14 })).data).toEqual({
      id: 14,
      version: 1,
    });
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/cases/details/14',
      init: { method: 'GET' },
    });

    fetchMock.mockResolvedValueOnce(json({ success: true, data: { id: 14, version: 1 } }));
    await appProvider.delete(CASES_RESOURCE, { id: 14, previousData: { id: 14, version: 1 } });
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/cases/14?version=1',
      init: { method: 'DELETE' },
    });
  });

  it('invites a user, keyed by username, and lists and files bug reports', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: true, data: { username: 'nina', name: 'Nina' } }, 201));
    const invited = await appProvider.create(USERS_RESOURCE, { data: { username: 'nina' } });
    expect(lastRequest()).toMatchObject({ url: '/api/users', init: { method: 'POST' } });
    expect(invited.data).toEqual({ id: 'nina', username: 'nina', name: 'Nina' });

    fetchMock.mockResolvedValueOnce(json({ success: true, data: [{ id: 5, title: 'Slow' }], total: 31 }));
    const reports = await appProvider.getList(BUG_REPORTS_RESOURCE, {
      pagination: { page: 2, perPage: 25 },
      sort: { field: 'createdAt', order: 'DESC' },
      filter: {},
    });
    expect(lastRequest().url).toBe('/api/bugs/reports?page=2&perPage=25&sort=createdAt&order=DESC');
    expect(reports).toEqual({ data: [{ id: 5, title: 'Slow' }], total: 31 });

    fetchMock.mockResolvedValueOnce(json({ success: true, data: { id: 6, title: 'Stuck' } }, 201));
    await appProvider.create(BUG_REPORTS_RESOURCE, { data: { title: 'Stuck' } });
    expect(lastRequest()).toMatchObject({ url: '/api/bugs/reports', init: { method: 'POST' } });
  });
});

describe("a case's records and patient details (nested resources of the cases)", () => {
  const appProvider = createDataProvider({ httpClient: createHttpClient('/api', async () => 'id-token-1') });
  const ALL = {
    pagination: { page: 1, perPage: 25 },
    sort: { field: 'id', order: 'ASC' as const },
    filter: {},
  };
  const answer = (data: unknown, status = 200) =>
    fetchMock.mockResolvedValueOnce(json({ success: true, data }, status));
  const body = () => JSON.parse(String(lastRequest().init.body));

  it('names each kind after its API path, billing notes under the reviewed cases', () => {
    expect(caseRecordsResource(14, 'events')).toBe('continuous-monitoring/cases/monitoring/14/events');
    expect(caseRecordsResource(14, 'billing-notes')).toBe(
      'continuous-monitoring/cases/reviewed/14/billing-notes',
    );
    expect(recordRevisionsResource(14, 'events', 3)).toBe(
      'continuous-monitoring/cases/monitoring/14/events/3/revisions',
    );
    expect(patientHistoryResource(14)).toBe(
      'continuous-monitoring/cases/monitoring/14/patient-details/revisions',
    );
  });

  it("lists the latest revisions with no paging query, keyed by item; an item's revisions keyed by revision", async () => {
    answer([{ _id: 3, revision: 2, type: 'seizure' }]);
    const events = await appProvider.getList(caseRecordsResource(14, 'events'), ALL);
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/cases/monitoring/14/events',
      init: { method: 'GET' },
    });
    expect(events).toEqual({ data: [{ _id: 3, id: 3, revision: 2, type: 'seizure' }], total: 1 });

    answer([{ _id: 5, revision: 1 }]);
    await appProvider.getList(caseRecordsResource(14, 'billing-notes'), ALL);
    expect(lastRequest().url).toBe('/api/continuous-monitoring/cases/reviewed/14/billing-notes');

    answer([
      { _id: 3, revision: 2 },
      { _id: 3, revision: 1 },
    ]);
    const history = await appProvider.getList(recordRevisionsResource(14, 'events', 3), ALL);
    expect(lastRequest().url).toBe('/api/continuous-monitoring/cases/monitoring/14/events/3/revisions');
    expect(history.data.map(({ id }) => id)).toEqual([2, 1]);
  });

  it('reads the time logs through the correction loop, and case notes by id in one request', async () => {
    answer({ timeLogs: [{ _id: 8, revision: 1, caseNoteIds: [] }], timeLogCorrection: null });
    const logs = await appProvider.getList(caseRecordsResource(14, 'time-logs'), ALL);
    expect(lastRequest().url).toBe('/api/continuous-monitoring/cases/monitoring/14/time-logs');
    expect(logs.data).toEqual([{ _id: 8, id: 8, revision: 1, caseNoteIds: [] }]);

    answer([{ _id: 4, revision: 1 }]);
    const notes = await appProvider.getMany(caseRecordsResource(14, 'case-notes'), { ids: [4, 6] });
    expect(lastRequest().url).toBe(
      '/api/continuous-monitoring/cases/monitoring/14/case-notes?filterIds=4&filterIds=6',
    );
    expect(notes.data).toEqual([{ _id: 4, id: 4, revision: 1 }]);
  });

  it('creates revision 1, inserts a time log next to another, and revises on the revision read', async () => {
    answer({ _id: 9, revision: 1, type: 'seizure' }, 201);
    const created = await appProvider.create(caseRecordsResource(14, 'events'), {
      data: { type: 'seizure' },
    });
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/cases/monitoring/14/events',
      init: { method: 'POST' },
    });
    expect(body()).toEqual({ type: 'seizure' });
    expect(created.data).toMatchObject({ id: 9, _id: 9 });

    answer({ _id: 10, revision: 1 }, 201);
    await appProvider.create(caseRecordsResource(14, 'time-logs'), {
      data: { activity: 'review' },
      meta: { insertion: { itemId: 8, location: 'before' } },
    });
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/cases/monitoring/14/time-logs/8/insertion?location=before',
      init: { method: 'POST' },
    });
    expect(body()).toEqual({ activity: 'review' });

    answer({ _id: 9, revision: 3, note: 'x' });
    const revised = await appProvider.update<RaRecord>(caseRecordsResource(14, 'events'), {
      id: 9,
      data: { note: 'x' },
      previousData: { id: 9, _id: 9, revision: 2 },
    });
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/cases/monitoring/14/events/9/revisions',
      init: { method: 'POST' },
    });
    expect(body()).toEqual({ note: 'x', baseRevision: 2 });
    expect(revised.data).toMatchObject({ id: 9, revision: 3 });
  });

  it("reads and saves the patient details with the version read, keyed by the case's id", async () => {
    answer(null);
    expect((await appProvider.getOne(patientDetailsResource(14), { id: 14 })).data).toEqual({ id: 14 });
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/cases/monitoring/14/patient-details',
      init: { method: 'GET' },
    });

    answer({ mrn: 'M1', version: 3 });
    const saved = await appProvider.update<RaRecord>(patientDetailsResource(14), {
      id: 14,
      data: { mrn: 'M1' },
      previousData: { id: 14, version: 2 },
    });
    expect(lastRequest()).toMatchObject({
      url: '/api/continuous-monitoring/cases/monitoring/14/patient-details',
      init: { method: 'PUT' },
    });
    expect(body()).toEqual({ mrn: 'M1', version: 2 });
    expect(saved.data).toEqual({ id: 14, mrn: 'M1', version: 3 });

    answer([{ revision: 2, current: true }]);
    const history = await appProvider.getList(patientHistoryResource(14), ALL);
    expect(lastRequest().url).toBe(
      '/api/continuous-monitoring/cases/monitoring/14/patient-details/revisions',
    );
    expect(history.data).toEqual([{ id: 2, revision: 2, current: true }]);
  });
});

describe('custom methods', () => {
  const appDataProvider = createDataProvider({
    httpClient: createHttpClient('/api', async () => 'id-token-1'),
  });

  it("reads a client's current protocol and transfer protocol, its history and one revision", async () => {
    fetchMock.mockImplementation(async () => json({ success: true, data: null, total: 0 }));
    expect(await appDataProvider.getProtocol(7, 'protocol')).toBeNull();
    expect(lastRequest().url).toBe('/api/continuous-monitoring/clients/7/protocol');
    await appDataProvider.getProtocol(7, 'transfer');
    expect(lastRequest().url).toBe('/api/continuous-monitoring/clients/7/protocol/transfer');
    fetchMock.mockImplementation(async () => json({ success: true, data: [], total: 0 }));
    await appDataProvider.getProtocolRevisions(7, 'transfer', { page: 2, perPage: 10 });
    expect(lastRequest().url).toBe(
      '/api/continuous-monitoring/clients/7/protocol/revisions?kind=transfer&page=2&perPage=10&order=DESC',
    );
    await appDataProvider.getProtocolRevision(7, 'protocol', 3);
    expect(lastRequest().url).toBe('/api/continuous-monitoring/clients/7/protocol/revisions/3?kind=protocol');
  });

  it('posts a new revision', async () => {
    fetchMock.mockResolvedValue(json({ success: true, data: { kind: 'transfer', revision: 2 } }, 201));
    const input = { kind: 'transfer' as const, baseRevision: 1, body: 'Hand over at 07:00' };
    expect(await appDataProvider.createProtocolRevision(7, input)).toEqual({ kind: 'transfer', revision: 2 });
    const { url, init } = lastRequest();
    expect([url, init.method, JSON.parse(String(init.body))]).toEqual([
      '/api/continuous-monitoring/clients/7/protocol/revisions',
      'POST',
      input,
    ]);
  });

  it('reads the menu, the breadcrumbs and a user', async () => {
    fetchMock.mockImplementation(async () => json({ success: true, data: [{ title: 'Home', url: '/' }] }));
    expect(await dataProvider.getChrome()).toEqual([{ title: 'Home', url: '/' }]);
    expect(lastRequest().url).toBe('/api/chrome');
    await dataProvider.getBreadcrumbs('/continuous-monitoring/clients');
    expect(lastRequest().url).toBe('/api/chrome/breadcrumbs?queryPath=%2Fcontinuous-monitoring%2Fclients');
    await dataProvider.getUser('ada lovelace');
    expect(lastRequest().url).toBe('/api/users/ada%20lovelace');
  });
});

describe('errors (spec §8)', () => {
  it('maps a 400 with fields onto the form errors and records the error', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          success: false,
          error: 'Invalid client',
          fields: [
            { field: 'name', message: 'Name is required' },
            { field: 'timeZone', message: 'Unknown time zone' },
          ],
        },
        400,
      ),
    );
    const error = await rejection(dataProvider.create('clients', { data: {} }));
    expect(error.message).toBe('Invalid client');
    expect(error.status).toBe(400);
    expect(error.body).toEqual({ errors: { name: 'Name is required', timeZone: 'Unknown time zone' } });
    expect(apiErrors.list()).toEqual([
      { id: expect.any(Number), at: expect.any(Date), message: 'Invalid client', status: 400 },
    ]);
  });

  it('keeps the status of a failed response, e.g. 403 Access denied', async () => {
    fetchMock.mockResolvedValue(json({ success: false, error: 'Access denied' }, 403));
    const error = await rejection(dataProvider.getChrome());
    expect([error.message, error.status]).toEqual(['Access denied', 403]);
  });

  it('treats success: false as 400 and falls back to message, then Bad Request', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, message: 'Stale version' }));
    const withMessage = await rejection(dataProvider.getOne('clients', { id: 1 }));
    expect([withMessage.message, withMessage.status]).toEqual(['Stale version', 400]);
    fetchMock.mockResolvedValueOnce(json({ success: false }));
    const bare = await rejection(dataProvider.getOne('clients', { id: 1 }));
    expect([bare.message, bare.status]).toEqual([BAD_REQUEST, 400]);
    expect(apiErrors.list()).toEqual([]);
  });

  it('sends each write once with its own Idempotency-Key, and again with the same key when it may pass', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json({ success: false, error: 'The database is unavailable: try again.' }, 503))
      .mockResolvedValueOnce(json({ success: true, data: { id: 8, version: 1 } }, 201));
    await dataProvider.create('clients', { data: { name: 'C' } });
    const keys = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    fetchMock.mockResolvedValueOnce(json({ success: true, data: { id: 9, version: 1 } }, 201));
    await dataProvider.create('clients', { data: { name: 'C' } });
    expect(lastRequest().headers.get('Idempotency-Key')).not.toBe(keys[0]);
  });

  it('sends a refused write once, and a read without a key', async () => {
    fetchMock.mockResolvedValueOnce(json({ success: false, error: 'Invalid name' }, 400));
    await rejection(dataProvider.create('clients', { data: { name: '' } }));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(json({ success: true, data: { id: 7, version: 1 } }));
    await dataProvider.getOne('clients', { id: 7 });
    expect(lastRequest().headers.has('Idempotency-Key')).toBe(false);
  });

  it('sends a call refused 401 once more with a refreshed token, and keeps the 401 when none can be had', async () => {
    const tokens = vi.fn(async (forceRefresh?: boolean) => (forceRefresh ? 'id-token-2' : 'id-token-1'));
    const client = createHttpClient('/api', tokens);
    fetchMock
      .mockResolvedValueOnce(json({ success: false, error: 'Invalid tokens.' }, 401))
      .mockResolvedValueOnce(json({ success: true, data: { id: 3 } }));
    expect((await client('/things/3')).data).toEqual({ id: 3 });
    const sent = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'));
    expect(sent).toEqual(['Bearer id-token-1', 'Bearer id-token-2']);

    // A session that ended cannot be refreshed: the 401 reaches react-admin, which signs the user out.
    fetchMock.mockReset();
    const ended = createHttpClient('/api', async (forceRefresh) => {
      if (forceRefresh) throw new Error('Refresh Token has been revoked');
      return 'id-token-1';
    });
    fetchMock.mockResolvedValue(
      json({ success: false, error: 'Your session has ended: sign in again.' }, 401),
    );
    const error = await rejection(ended('/things/3'));
    expect([error.status, fetchMock.mock.calls.length]).toEqual([401, 1]);

    // The same token again (nothing newer to be had) is not sent twice.
    fetchMock.mockClear();
    await rejection(createHttpClient('/api', async () => 'id-token-1')('/things/3'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('gives Bad Request when the fetch has no response', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await rejection(dataProvider.getChrome());
    expect([error.message, error.status]).toEqual([BAD_REQUEST, 400]);
    // Told apart from a 400 the server gave, so that a read is asked again.
    expect(isUnreached(error)).toBe(true);
    fetchMock.mockResolvedValue(Response.json({ success: false, error: 'Bad Request' }, { status: 400 }));
    expect(isUnreached(await rejection(dataProvider.getChrome()))).toBe(false);
  });

  it('gives An unexpected error occurred for anything else, e.g. a body that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>proxy error</html>', { status: 502 }));
    const error = await rejection(dataProvider.getChrome());
    expect([error.message, error.status]).toEqual([UNEXPECTED_ERROR, 502]);
  });
});
