import { describe, expect, it, vi } from 'vitest';
import { SharedReads } from '../../server/services/sharedReads';

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

describe('answers shared between callers (the board, a range’s summary)', () => {
  it('computes once for the callers of the same moment, again once the answer is too old', async () => {
    const shared = new SharedReads(1_000);
    const compute = vi.fn(async () => ({ computed: compute.mock.calls.length }));
    const [first, second] = await Promise.all([
      shared.read('board', compute, 10_000),
      shared.read('board', compute, 10_500),
    ]);
    expect(second).toBe(first);
    expect(await shared.read('board', compute, 10_999)).toBe(first);
    expect(compute).toHaveBeenCalledTimes(1);
    // Older than the maximum age: still answered at once, while the next answer is computed (once).
    const [stale, alsoStale] = [shared.read('board', compute, 11_000), shared.read('board', compute, 11_001)];
    expect(await stale).toBe(first);
    expect(await alsoStale).toBe(first);
    expect(compute).toHaveBeenCalledTimes(2);
    await vi.waitFor(() => expect(shared.read('board', compute, 11_100)).resolves.toEqual({ computed: 2 }));
    // Twice the maximum age: nobody gets it any more; they wait for a fresh one.
    expect(await shared.read('board', compute, 13_000)).toEqual({ computed: 3 });
    // A clock set back (a test's, or the system's) does not serve an answer from the future.
    expect(await shared.read('board', compute, 12_000)).toEqual({ computed: 4 });
    expect(compute).toHaveBeenCalledTimes(4);
  });

  it('keeps serving the answer it has when a refresh fails, and tries again', async () => {
    const shared = new SharedReads(1_000);
    const compute = vi
      .fn<() => Promise<string>>()
      .mockResolvedValueOnce('first')
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValue('second');
    expect(await shared.read('board', compute, 0)).toBe('first');
    expect(await shared.read('board', compute, 1_200)).toBe('first');
    await vi.waitFor(() => expect(compute).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(shared.read('board', compute, 1_300)).resolves.toBe('first'));
    await vi.waitFor(() => expect(shared.read('board', compute, 1_400)).resolves.toBe('second'));
  });

  it('keeps answers apart by key', async () => {
    const shared = new SharedReads(1_000);
    expect(await shared.read('a', async () => 'A', 0)).toBe('A');
    expect(await shared.read('b', async () => 'B', 0)).toBe('B');
    expect(await shared.read('a', async () => 'other', 1)).toBe('A');
  });

  it('drops every answer on a write, also one still being computed', async () => {
    const shared = new SharedReads(1_000);
    const slow = deferred<string>();
    const before = shared.read('board', () => slow.promise, 0);
    shared.changed();
    expect(await shared.read('board', async () => 'after the write', 1)).toBe('after the write');
    slow.resolve('before the write');
    expect(await before).toBe('before the write');
    expect(await shared.read('board', async () => 'not asked', 2)).toBe('after the write');
  });

  it('does not keep a failure', async () => {
    const shared = new SharedReads(1_000);
    await expect(shared.read('board', async () => Promise.reject(new Error('down')), 0)).rejects.toThrow(
      'down',
    );
    expect(await shared.read('board', async () => 'up', 1)).toBe('up');
  });

  it('keeps nothing with a maximum age of 0, and drops all past its bound on keys', async () => {
    const none = new SharedReads(0);
    const compute = vi.fn(async () => 'x');
    await none.read('k', compute, 0);
    await none.read('k', compute, 0);
    expect(compute).toHaveBeenCalledTimes(2);
    const bounded = new SharedReads(1_000, Date.now, 2);
    await bounded.read('a', async () => 'A', 0);
    await bounded.read('b', async () => 'B', 0);
    await bounded.read('c', async () => 'C', 0);
    expect(await bounded.read('a', async () => 'A again', 0)).toBe('A again');
  });

  it('drops only the least recently read answer when more ranges are asked for than it keeps', async () => {
    const shared = new SharedReads(60_000, () => 0, 2);
    const compute = vi.fn(async () => compute.mock.calls.length);
    await shared.read('january', compute);
    await shared.read('february', compute);
    await shared.read('january', compute);
    await shared.read('march', compute);
    expect(compute).toHaveBeenCalledTimes(3);
    expect(await shared.read('january', compute)).toBe(1);
    expect(compute).toHaveBeenCalledTimes(3);
    expect(await shared.read('february', compute)).toBe(4);
  });
});
