import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LiveUpdates } from '../../src/live';
import { NextCheckCountdown } from '../../src/resources/cases/page/NextCheckCountdown';
import { fakeChanges } from '../support/fakeChanges';
import { keepEveryStyleRule } from './support/emotionStyles';

// These tests check colours: every CSS rule reaches jsdom (support/emotionStyles.ts).
keepEveryStyleRule();

const AT = Date.parse('2026-11-26T10:00:00.000Z');
const inMinutes = (minutes: number) => new Date(AT + minutes * 60_000).toISOString();

afterEach(() => {
  vi.useRealTimers();
});

describe('the case header’s next check', () => {
  it('ticks from the server’s time every second, and says overdue in red once past', () => {
    vi.useFakeTimers({ now: AT });
    const changes = fakeChanges();
    render(
      <LiveUpdates connect={changes.connect} queryClient={new QueryClient()}>
        <NextCheckCountdown details={{ nextCheckBy: inMinutes(3) }} />
      </LiveUpdates>,
    );
    const timer = screen.getByRole('timer', { name: 'Time left to the next check' });
    expect(timer.parentElement).toHaveTextContent(/^Next check\s*in 3:00$/);
    act(() => vi.advanceTimersByTime(1_000));
    expect(timer).toHaveTextContent('in 2:59');
    // The server is two minutes ahead of this device: the countdown follows it, with no refetch.
    act(() => changes.tellServerTime(new Date(Date.now() + 2 * 60_000)));
    expect(timer).toHaveTextContent('in 0:59');
    act(() => vi.advanceTimersByTime(64_000));
    expect(timer).toHaveTextContent('overdue 0:05');
    expect(getComputedStyle(timer).color).not.toBe(getComputedStyle(document.body).color);
  });

  it('shows nothing when no check is due (not in monitoring, watched, ended)', () => {
    const { container } = render(<NextCheckCountdown details={{ nextCheckBy: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
