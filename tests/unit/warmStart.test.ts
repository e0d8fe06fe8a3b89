import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstScreenReads } from '../../src/authProvider/firstScreen';
import { FAILED_MESSAGES } from '../../src/dashboard/homeWidgets';
import { createDataProvider, createHttpClient } from '../../src/dataProvider';
import { INTERFACE_MESSAGES_RESOURCE } from '../../src/dataProvider/resourcePaths';
import { clearWarm, takeWarm, WARM_FOR_MS, warmStart } from '../../src/dataProvider/warmStart';

const fetchMock = vi.fn<typeof fetch>();
const answer = (data: unknown) => new Response(JSON.stringify({ success: true, data }), { status: 200 });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async (url) => answer({ url }));
});
afterEach(() => {
  clearWarm();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the first screen’s reads, asked for at sign-in (issue 20: sign-in → home)', () => {
  it('lists the menu, breadcrumbs, the user’s name, home’s reads and the attention items by role', () => {
    expect(firstScreenReads('/api', '/', 'ada', ['admin'])).toEqual([
      '/api/chrome',
      '/api/chrome/breadcrumbs?queryPath=%2F',
      '/api/users/ada',
      '/api/getHome',
      '/api/getHome2',
      '/api/users/continuous-monitoring/technologists',
      '/api/interfaces/messages?direction=out&status=failed&page=1&perPage=1&sort=createdAt&order=DESC',
      '/api/attention',
    ]);
    // Billing staff have no case work and no board: home asks neither.
    expect(firstScreenReads('/api', '/', 'bo', ['billing'])).toEqual([
      '/api/chrome',
      '/api/chrome/breadcrumbs?queryPath=%2F',
      '/api/users/bo',
    ]);
    expect(firstScreenReads('/api', '/', 'rita', ['reader'])).toContain('/api/getHome');
    expect(firstScreenReads('/api', '/', 'rita', ['reader'])).not.toContain('/api/getHome2');
    // Another page than home: its breadcrumbs, without its query, no home reads; the app bar's bell still.
    expect(
      firstScreenReads('/api', '/continuous-monitoring/clients?page=2', 'o b', ['technologist']),
    ).toEqual([
      '/api/chrome',
      '/api/chrome/breadcrumbs?queryPath=%2Fcontinuous-monitoring%2Fclients',
      '/api/users/o%20b',
      '/api/attention',
    ]);
  });

  it('asks at the addresses the app’s own reads use, so that the app takes the answers', async () => {
    fetchMock.mockImplementation(async () => answer([]));
    const dataProvider = createDataProvider({ httpClient: createHttpClient('/api', async () => 'token') });
    await dataProvider.getList(INTERFACE_MESSAGES_RESOURCE, FAILED_MESSAGES);
    await dataProvider.getTechnologists();
    await dataProvider.getAttention();
    const asked = fetchMock.mock.calls.map(([url]) => String(url));
    expect(firstScreenReads('/api', '/', 'ada', ['admin'])).toEqual(expect.arrayContaining(asked));
  });

  it('hands each answer to the HTTP client once: the client does not ask again, the next read does', async () => {
    warmStart(['/api/chrome'], 'id-token-1');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('Bearer id-token-1');
    const client = createHttpClient('/api', async () => 'id-token-1');
    expect((await client('/chrome')).data).toEqual({ url: '/api/chrome' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await client('/chrome');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is only for GETs of the same address', async () => {
    warmStart(['/api/chrome'], 'id-token-1');
    const client = createHttpClient('/api', async () => 'id-token-1');
    await client('/chrome', { method: 'POST', body: {} });
    await client('/chrome', { query: { page: 2 } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(takeWarm('/api/chrome')).toBeDefined();
  });

  it('gives nothing once stale, taken, or cleared at sign-out', () => {
    warmStart(['/api/a', '/api/b', '/api/c'], 'token', 1_000);
    expect(takeWarm('/api/a', 1_000 + WARM_FOR_MS)).toBeUndefined();
    expect(takeWarm('/api/b', 1_000 + WARM_FOR_MS - 1)).toBeDefined();
    expect(takeWarm('/api/b', 1_001)).toBeUndefined();
    clearWarm();
    expect(takeWarm('/api/c', 1_001)).toBeUndefined();
  });
});
