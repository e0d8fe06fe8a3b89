import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClockCase } from '../../contract/turnaround';
import { TurnaroundBoard } from '../../src/dashboard/TurnaroundBoard';
import { formatInZone } from '../../src/dates';
import { buildClockCase } from '../support/caseBuilders';

const NOW = Date.parse('2026-11-20T18:00:30.000Z');
const at = (minutes: number) =>
  new Date(Date.parse('2026-11-20T18:00:00.000Z') + minutes * 60_000).toISOString();

const row = (overrides: Partial<ClockCase>): ClockCase =>
  buildClockCase(
    { kind: 'hookup', dueBy: at(-25), metAt: null, breachedByMinutes: 25 },
    { id: 1, ...overrides },
  );

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(NOW) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the turnaround clocks on the board', () => {
  it('shows a breached clock in red with its minutes, a running one with its time left, in the order given', () => {
    render(
      <MemoryRouter>
        <TurnaroundBoard
          data={[
            row({}),
            row({
              id: 2,
              caseNumber: 'NSG-2026-0052',
              stage: 'monitoring',
              priority: 'urgent',
              nearest: { kind: 'first-review', dueBy: at(40), metAt: null, breachedByMinutes: null },
            }),
          ]}
        />
      </MemoryRouter>,
    );
    const table = screen.getByRole('table', { name: 'Turnaround clocks' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((each) => within(each).getAllByRole('cell')[0]?.textContent)).toEqual([
      'NSG-2026-0051',
      'NSG-2026-0052',
    ]);
    const breached = within(rows[0] as HTMLElement).getByText('Breached by 25 min');
    expect(breached.closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(within(rows[0] as HTMLElement).getByText('STAT')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('Hookup')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Due in 40 min')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('First review')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByRole('link', { name: 'NSG-2026-0051' })).toHaveAttribute(
      'href',
      '/continuous-monitoring/cases/intake/1/details',
    );
  });

  it('moves a running clock to breached as the browser clock passes its due time', () => {
    render(
      <MemoryRouter>
        <TurnaroundBoard
          data={[row({ nearest: { kind: 'hookup', dueBy: at(-3), metAt: null, breachedByMinutes: null } })]}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('Breached by 3 min')).toBeInTheDocument();
  });

  it('shows a met clock with when, and says when nothing runs', () => {
    const met = row({ nearest: { kind: 'hookup', dueBy: at(-5), metAt: at(-20), breachedByMinutes: null } });
    const { unmount } = render(
      <MemoryRouter>
        <TurnaroundBoard data={[met]} />
      </MemoryRouter>,
    );
    expect(screen.getByText(`Met ${formatInZone(at(-20), 'America/New_York')}`)).toBeInTheDocument();
    unmount();
    render(<TurnaroundBoard data={[]} />);
    expect(screen.getByText('No turnaround clock is running.')).toBeInTheDocument();
  });
});
