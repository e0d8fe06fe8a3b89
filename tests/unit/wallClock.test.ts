import { describe, expect, it } from 'vitest';
import { readWallClock, wallClockIn } from '../../src/dates';

const DENVER = 'America/Denver';

describe('wall clocks in a client’s zone, whatever zone the browser is in', () => {
  it('reads an instant as the ward’s clock, on both sides of a change of clocks', () => {
    expect(wallClockIn('2026-11-23T11:05:00.000Z', DENVER)).toBe('2026-11-23T04:05');
    expect(wallClockIn('2026-07-01T11:05:00.000Z', DENVER)).toBe('2026-07-01T05:05');
    expect(wallClockIn('2026-11-01T07:30:00.000Z', DENVER)).toBe('2026-11-01T01:30');
    expect(wallClockIn('2026-11-01T08:30:00.000Z', DENVER)).toBe('2026-11-01T01:30');
    expect(wallClockIn('2026-03-08T09:00:00.000Z', DENVER)).toBe('2026-03-08T03:00');
    expect(wallClockIn('2026-11-23T23:59:00.000Z', 'Asia/Kolkata')).toBe('2026-11-24T05:29');
    expect(wallClockIn(null, DENVER)).toBe('');
    expect(wallClockIn('not a time', DENVER)).toBe('');
  });

  it('reads a typed time back as the instant it names, a skipped time as none and a repeated one as two', () => {
    expect(readWallClock('2026-11-23T04:05', DENVER)).toEqual({
      kind: 'instant',
      instant: '2026-11-23T11:05:00.000Z',
      ambiguous: false,
    });
    expect(readWallClock('2026-03-08T02:30', DENVER)).toEqual({ kind: 'nonexistent' });
    expect(readWallClock('2026-11-01T01:30', DENVER)).toEqual({
      kind: 'instant',
      instant: '2026-11-01T07:30:00.000Z',
      ambiguous: true,
      later: '2026-11-01T08:30:00.000Z',
    });
    expect(readWallClock('', DENVER)).toEqual({ kind: 'empty' });
    expect(readWallClock('23/11/2026 04:05', DENVER)).toEqual({ kind: 'invalid' });
  });
});
