import { describe, expect, it } from 'vitest';
import {
  isVoid,
  mostHeld,
  otherCores,
  type Run,
  roundTrips,
  runUntilNotVoid,
  spread,
  summarise,
  VOID_CORES,
} from '../../scripts/support/openLoop';

const run = (overrides: Partial<Run>): Run => ({
  rate: 100,
  sent: 2000,
  achieved: 100,
  p50: 5,
  p99: 20,
  max: 30,
  errors: 0,
  appCpu: 1,
  dbCpu: 0.5,
  otherCores: 0,
  load: 0.5,
  database: { read: 2, hit: 40, maintenance: 0, vacuuming: [], ownCores: 0 },
  void: false,
  ...overrides,
});

describe('the median and its spread', () => {
  it('is the middle run of an odd count, with the least and the most', () => {
    expect(spread([30, 10, 20])).toEqual({ median: 20, min: 10, max: 30 });
  });

  it('is the mean of the middle two of an even count', () => {
    expect(spread([40, 10, 20, 30])).toEqual({ median: 25, min: 10, max: 40 });
  });

  it('is not a number without runs', () => {
    expect(spread([]).median).toBeNaN();
  });
});

describe('the void rule', () => {
  it('counts the busy time of the machine that was not ours, in cores', () => {
    expect(otherCores({ machineMs: 9000, oursMs: 5000, elapsedMs: 20_000 })).toBe(0.2);
    expect(otherCores({ machineMs: 4000, oursMs: 5000, elapsedMs: 20_000 })).toBe(0);
  });

  it('voids a run whose other processes used more than 0.2 cores, not one that used just that', () => {
    expect(VOID_CORES).toBe(0.2);
    expect(isVoid(0.2)).toBe(false);
    expect(isVoid(0.21)).toBe(true);
  });
});

describe("a rate's verdict", () => {
  it('holds when the median p99 is under the target without errors, though one run missed', () => {
    const summary = summarise(100, [run({ p99: 20 }), run({ p99: 90 }), run({ p99: 30 })], 50);
    expect(summary.verdict).toBe('holds');
    expect(summary.p99).toEqual({ median: 30, min: 20, max: 90 });
  });

  it('misses when the median p99 reaches the target', () => {
    expect(summarise(100, [run({ p99: 50 }), run({ p99: 60 }), run({ p99: 10 })], 50).verdict).toBe('misses');
  });

  it('misses when the median run had errors', () => {
    expect(summarise(100, [run({ errors: 1 }), run({ errors: 2 }), run({})], 50).verdict).toBe('misses');
  });

  it('is void when it would hold but a run was void, and a miss stays a miss', () => {
    const voided = run({ otherCores: 0.5, void: true });
    expect(summarise(100, [run({}), voided, run({})], 50)).toMatchObject({ verdict: 'void', void: true });
    expect(summarise(100, [run({ p99: 80 }), { ...voided, p99: 90 }, run({ p99: 70 })], 50)).toMatchObject({
      verdict: 'misses',
      void: true,
    });
  });

  it('has no PostgreSQL figure when a run could not read it', () => {
    expect(summarise(100, [run({}), run({ dbCpu: undefined })], 50).dbCpu).toBeUndefined();
    expect(summarise(100, [run({ dbCpu: 1 }), run({ dbCpu: 3 })], 50).dbCpu).toEqual({
      median: 2,
      min: 1,
      max: 3,
    });
  });

  it('gives the blocks read per request with their spread, none when a run had no database to ask', () => {
    const read = (blocks: number) =>
      run({ database: { read: blocks, hit: 40, maintenance: 0, vacuuming: [], ownCores: 0 } });
    expect(summarise(100, [read(4), read(1), read(9)], 50).blocksRead).toEqual({ median: 4, min: 1, max: 9 });
    expect(summarise(100, [read(4), run({ database: undefined })], 50).blocksRead).toBeUndefined();
  });

  it('reports the most a ladder holds below its first rate that does not', () => {
    const at = (rate: number, p99: number, voided = false) =>
      summarise(rate, [run({ rate, p99, void: voided, otherCores: voided ? 1 : 0 })], 50);
    expect(mostHeld([at(50, 10), at(100, 20), at(200, 80)])?.rate).toBe(100);
    expect(mostHeld([at(50, 10), at(100, 20, true), at(200, 30)])?.rate).toBe(50);
    expect(mostHeld([at(50, 60)])).toBeUndefined();
  });
});

describe('a void run', () => {
  const runs = (...voided: boolean[]) => {
    const queue = voided.map((value, i) => run({ p99: i, void: value }));
    let calls = 0;
    return {
      next: async () => {
        calls++;
        return queue.shift() as Run;
      },
      calls: () => calls,
    };
  };

  it('is run again until one is not void, and that one stands', async () => {
    const { next, calls } = runs(true, false, true);
    expect(await runUntilNotVoid(next)).toMatchObject({ p99: 1, void: false });
    expect(calls()).toBe(2);
  });

  it('stands, void, after two more tries', async () => {
    const { next, calls } = runs(true, true, true, false);
    expect(await runUntilNotVoid(next)).toMatchObject({ p99: 2, void: true });
    expect(calls()).toBe(3);
  });

  it('is never run again when the first is not void', async () => {
    const { next, calls } = runs(false, false);
    await runUntilNotVoid(next);
    expect(calls()).toBe(1);
  });
});

describe('the round-trip fixed job', () => {
  it('times round trips to another process and answers their median, the echo process ended', async () => {
    const median = await roundTrips(3, 50);
    expect(Number.isFinite(median)).toBe(true);
    expect(median).toBeGreaterThan(0);
  });
});
