// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { checkForNewDeployment, entryScripts } from '../../src/deployment';
import { RELOAD_GUARD_MS, RELOAD_KEY, reloadOnce } from '../../src/lazyWithReload';

const memoryStorage = () => {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => values.set(key, value),
  };
};

describe('reloadOnce (spec §9: 10 s guard)', () => {
  it('reloads, then refuses again within 10 s, then reloads after', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadOnce(storage, reload, 100_000)).toBe(true);
    expect(storage.getItem(RELOAD_KEY)).toBe('100000');
    expect(reloadOnce(storage, reload, 100_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reloadOnce(storage, reload, 100_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});

describe('new deployment check', () => {
  const page = (entry: string) =>
    `<!doctype html><html><head><script type="module" src="${entry}"></script></head></html>`;

  it('reads the module entry scripts of a page', () => {
    expect(entryScripts(new DOMParser().parseFromString(page('/assets/index-abc.js'), 'text/html'))).toBe(
      '/assets/index-abc.js',
    );
  });

  it('notices when the deployed index.html loads another entry than the running page', async () => {
    document.head.innerHTML = '<script type="module" src="/assets/index-old.js"></script>';
    const fetchMock = vi.fn(async () => new Response(page('/assets/index-old.js')));
    vi.stubGlobal('fetch', fetchMock);
    expect(await checkForNewDeployment('/')).toBe(false);
    fetchMock.mockResolvedValueOnce(new Response(page('/assets/index-new.js')));
    expect(await checkForNewDeployment('/')).toBe(true);
    vi.unstubAllGlobals();
  });
});
