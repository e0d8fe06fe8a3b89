import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Countdown, LiveUpdates } from '../../src/live';
import { fakeChanges } from '../support/fakeChanges';

const AT = Date.parse('2026-11-26T10:00:00.000Z');

afterEach(() => {
  vi.useRealTimers();
});

describe('a countdown', () => {
  it('ticks every second by the clock, and counts up once the moment has passed', () => {
    vi.useFakeTimers({ now: AT });
    render(<Countdown to={new Date(AT + 62_000).toISOString()} />);
    expect(screen.getByRole('timer')).toHaveTextContent('in 1:02');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('timer')).toHaveTextContent('in 1:01');
    act(() => vi.advanceTimersByTime(61_000));
    expect(screen.getByRole('timer')).toHaveTextContent('in 0:00');
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:05 ago');
  });

  it('shows hours past the hour', () => {
    vi.useFakeTimers({ now: AT });
    render(<Countdown to={new Date(AT + 2 * 3_600_000 + 5 * 60_000 + 9_000).toISOString()} />);
    expect(screen.getByRole('timer')).toHaveTextContent('in 2:05:09');
  });

  it('counts from the server’s time, however wrong this device’s clock is', () => {
    vi.useFakeTimers({ now: AT });
    const changes = fakeChanges();
    render(
      <LiveUpdates connect={changes.connect} queryClient={new QueryClient()}>
        <Countdown to={new Date(AT + 10 * 60_000).toISOString()} />
      </LiveUpdates>,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('in 10:00');
    // The server is four minutes ahead of this device.
    act(() => changes.tellServerTime(new Date(AT + 4 * 60_000)));
    expect(screen.getByRole('timer')).toHaveTextContent('in 6:00');
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('timer')).toHaveTextContent('in 5:59');
  });
});
