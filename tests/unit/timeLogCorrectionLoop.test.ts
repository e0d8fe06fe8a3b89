import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TimeLog, TimeLogCorrection } from '../../contract/timeLogs';
import { createDataProvider, createHttpClient } from '../../src/dataProvider';

/**
 * The correction loop of spec §4 in the data provider, against a scripted server (fetch is the one unit
 * boundary mocked here): each GET answers the next scripted correction; each POST is recorded.
 */

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const dataProvider = createDataProvider({ httpClient: createHttpClient('/api', async () => 'id-token-1') });

const LOGS_PATH = '/api/continuous-monitoring/cases/monitoring/42/time-logs';

const log: TimeLog = {
  _id: 7,
  revision: 1,
  author: 'tech1',
  createdAt: '2026-03-14T08:00:00.000Z',
  voided: false,
  voidReason: '',
  technologist: 'tech1',
  start: '2026-03-14T06:00:00.000Z',
  end: '2026-03-14T08:00:00.000Z',
  activity: 'monitoring',
  billable: true,
  caseNoteIds: [3],
  stale: false,
  latestEnd: null,
};

/** A server whose GETs answer these corrections in turn (the last one for ever), and 201 to every POST. */
function server(corrections: (TimeLogCorrection | null)[], postStatus = 201) {
  const posts: { url: string; body: unknown }[] = [];
  let gets = 0;
  fetchMock.mockImplementation(async (url, init) => {
    if (init?.method === 'POST') {
      posts.push({ url: String(url), body: JSON.parse(String(init.body)) });
      return postStatus === 201
        ? json({ success: true, data: log }, 201)
        : json({ success: false, error: 'Revised meanwhile' }, postStatus);
    }
    expect(String(url)).toBe(LOGS_PATH);
    const timeLogCorrection = corrections[Math.min(gets, corrections.length - 1)];
    gets += 1;
    return json({ success: true, data: { timeLogs: [log], timeLogCorrection } });
  });
  return { posts, gets: () => gets };
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the time-log correction loop', () => {
  it('answers the logs at once when there is nothing to correct', async () => {
    const { posts, gets } = server([null]);
    const data = await dataProvider.getTimeLogs(42);
    expect(data.timeLogs).toEqual([log]);
    expect(posts).toEqual([]);
    expect(gets()).toBe(1);
  });

  it('posts the revision built from the correction with an empty caseNoteIds, fetches again, and is done', async () => {
    const { posts, gets } = server([{ _id: 7, revision: 4, caseNoteIds: [3, 9] }, null]);
    const data = await dataProvider.getTimeLogs(42);
    expect(posts).toEqual([{ url: `${LOGS_PATH}/7/revisions`, body: { caseNoteIds: [], baseRevision: 4 } }]);
    expect(gets()).toBe(2);
    expect(data.timeLogCorrection).toBeNull();
  });

  it('stops after 3 retries when the server keeps answering a correction', async () => {
    const { posts, gets } = server([{ _id: 7, revision: 4, caseNoteIds: [3] }]);
    await expect(dataProvider.getTimeLogs(42)).rejects.toThrow('Infinite recursion detected for timelog 7');
    expect(posts).toHaveLength(3);
    expect(gets()).toBe(4);
  });

  it('fetches again when someone else revised the log first (409), and stops on any other refusal', async () => {
    const conflicted = server([{ _id: 7, revision: 4, caseNoteIds: [3] }, null], 409);
    await expect(dataProvider.getTimeLogs(42)).resolves.toMatchObject({ timeLogCorrection: null });
    expect(conflicted.posts).toHaveLength(1);

    fetchMock.mockReset();
    const refused = server([{ _id: 7, revision: 4, caseNoteIds: [3] }], 403);
    await expect(dataProvider.getTimeLogs(42)).rejects.toMatchObject({ status: 403 });
    expect(refused.gets()).toBe(1);
  });
});
