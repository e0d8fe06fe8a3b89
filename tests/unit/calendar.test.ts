// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { monthIn } from '../../contract/calendar';

describe('monthIn', () => {
  it("reads each moment's month in its own zone, with the zone's formatter kept between calls", () => {
    // 2026-11-01 03:00 UTC: still October in Anchorage and Chicago, November in Berlin.
    const turn = new Date(Date.UTC(2026, 10, 1, 3));
    expect(monthIn('America/Anchorage', turn)).toBe('2026-10');
    expect(monthIn('Europe/Berlin', turn)).toBe('2026-11');
    expect(monthIn('America/Chicago', turn)).toBe('2026-10');
    // The same zones again, at other moments: the kept formatters answer for their own zone and moment.
    expect(monthIn('America/Anchorage', new Date(Date.UTC(2026, 10, 1, 9)))).toBe('2026-11');
    expect(monthIn('Europe/Berlin', new Date(Date.UTC(2026, 9, 31, 22)))).toBe('2026-10');
    expect(monthIn('Europe/Berlin', turn)).toBe('2026-11');
    expect(monthIn('UTC', new Date(Date.UTC(2027, 0, 1)))).toBe('2027-01');
  });
});
