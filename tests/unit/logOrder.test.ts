import { describe, expect, it } from 'vitest';
import { runsBackwards } from '../../contract/hours';
import { BACKWARDS_LOG_MESSAGE } from '../../contract/timeLogs';
import { logShapeErrors } from '../../server/domain/timeLogRules';

describe('a time log runs forwards (the server and the log dialog alike)', () => {
  const start = Date.parse('2026-11-20T08:00:00.000Z');

  it('ends strictly after it starts, or runs', () => {
    expect(runsBackwards(start, null)).toBe(false);
    expect(runsBackwards(start, start + 1)).toBe(false);
    expect(runsBackwards(start, start)).toBe(true);
    expect(runsBackwards(start, start - 60_000)).toBe(true);
  });

  it('is the server’s 400 on the end', () => {
    expect(logShapeErrors({ activity: 'monitoring', start, end: start }, start + 3_600_000)).toEqual([
      { field: 'end', message: BACKWARDS_LOG_MESSAGE },
    ]);
    expect(BACKWARDS_LOG_MESSAGE).toBe('A time log must end after it starts');
  });
});
