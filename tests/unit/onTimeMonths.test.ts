import { describe, expect, it } from 'vitest';
import { onTimeMonths } from '../../server/domain/onTimeMonths';

describe('onTimeMonths', () => {
  it('tallies per client and month, judges only what is due, and keeps each month’s items', () => {
    const items = [
      { clientId: 1, month: '2026-10', status: 'on-time' as const },
      { clientId: 1, month: '2026-10', status: 'on-time' as const },
      { clientId: 1, month: '2026-10', status: 'late' as const },
      { clientId: 1, month: '2026-10', status: 'due' as const },
      { clientId: 1, month: '2026-11', status: 'overdue' as const },
      { clientId: 2, month: '2026-10', status: 'pending' as const },
      { clientId: 3, month: '2026-10', status: 'on-time' as const },
    ];
    const months = onTimeMonths(items, (item) => (item.clientId === 3 ? undefined : item));
    expect(months.map(({ items: kept, ...month }) => ({ ...month, kept: kept.length }))).toEqual([
      {
        clientId: 1,
        month: '2026-10',
        due: 3,
        onTime: 2,
        late: 1,
        overdue: 0,
        pending: 1,
        onTimePercent: 66.7,
        kept: 4,
      },
      {
        clientId: 1,
        month: '2026-11',
        due: 1,
        onTime: 0,
        late: 0,
        overdue: 1,
        pending: 0,
        onTimePercent: 0,
        kept: 1,
      },
      {
        clientId: 2,
        month: '2026-10',
        due: 0,
        onTime: 0,
        late: 0,
        overdue: 0,
        pending: 1,
        onTimePercent: null,
        kept: 1,
      },
    ]);
  });

  it('counts a report missed before the final was signed as overdue: due, and not on time', () => {
    const items = [
      { clientId: 1, month: '2026-11', status: 'on-time' as const },
      { clientId: 1, month: '2026-11', status: 'missed' as const },
    ];
    expect(onTimeMonths(items, (item) => item).map(({ items: _kept, ...month }) => month)).toEqual([
      {
        clientId: 1,
        month: '2026-11',
        due: 2,
        onTime: 1,
        late: 0,
        overdue: 1,
        pending: 0,
        onTimePercent: 50,
      },
    ]);
  });
});
