import { composeStories } from '@storybook/react-vite';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import preview from '../../.storybook/preview';
import * as chartStories from '../../src/customRoutes/reporting/charts/Charts.stories';
import { monthLabel } from '../../src/customRoutes/reporting/reportFormat';
import { hoursSummary, monitoringHours, preferReducedMotion, reportsSeed } from '../support/fakeReportsApi';

const stories = composeStories(chartStories, preview);

const range = { from: '2025-12', to: '2026-11' };
const summary = hoursSummary(reportsSeed, range);
const northside = reportsSeed.clients[0] ?? null;

let restoreMotion: () => void;
beforeEach(() => {
  restoreMotion = preferReducedMotion();
});
afterEach(() => restoreMotion());

/** The drawn bars of a chart, in the order of its data (and of its stacks). */
const barsOf = (figure: HTMLElement) => [...figure.querySelectorAll('.recharts-bar-rectangle path')];
const heightOf = (bar: Element) => Number(bar.getAttribute('height'));
const legendOf = (figure: HTMLElement) =>
  [...figure.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent);
/** The labels along one side of a chart: the months below, the names on the left. */
const ticksOf = (figure: HTMLElement, side: 'bottom' | 'left') =>
  [...figure.querySelectorAll(`.recharts-cartesian-axis-tick-value[orientation="${side}"]`)].map(
    (tick) => tick.textContent,
  );

describe('the billable hours per month chart', () => {
  it('is a figure named by its caption, with one bar per month as tall as its hours', () => {
    render(<stories.MonthlyHours />);
    const figure = screen.getByRole('figure', { name: 'Billable hours and amount per month' });
    const bars = barsOf(figure);
    expect(bars).toHaveLength(12);
    // Heights are proportional to the server's hours: the same ratio for every month.
    const ratios = bars.map((bar, index) => heightOf(bar) / Number(summary.monthTotals[index]?.hours));
    for (const ratio of ratios) expect(ratio).toBeCloseTo(ratios[0] as number, 3);
    expect(ticksOf(figure, 'bottom')).toEqual(summary.months.map(monthLabel));
    expect(figure.querySelector('.recharts-line-curve')).not.toBeNull();
    expect(legendOf(figure).sort()).toEqual(['Amount', 'Hours']);
  });

  it('shows the server’s hours and amount of the month chosen with the keyboard', async () => {
    const user = userEvent.setup();
    render(<stories.MonthlyHours />);
    const figure = screen.getByRole('figure', { name: 'Billable hours and amount per month' });
    await user.tab();
    expect(within(figure).getByRole('application')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    const [, january] = summary.monthTotals;
    expect(await within(figure).findByText(`Hours: ${january?.hours}`)).toBeInTheDocument();
    expect(within(figure).getByText(`Amount: ${january?.amount}`)).toBeInTheDocument();
    expect(within(figure).getByText('Jan 2026', { selector: 'p' })).toBeInTheDocument();
  });

  it('says so when no month has hours', () => {
    render(<stories.Empty />);
    const figure = screen.getByRole('figure', { name: 'Billable hours and amount per month' });
    expect(within(figure).getByText('No billable hours in these months.')).toBeInTheDocument();
    expect(barsOf(figure)).toHaveLength(0);
  });
});

describe('the hours per client chart', () => {
  it('draws a bar per client, most hours first', () => {
    render(<stories.ClientHoursPerClient />);
    const figure = screen.getByRole('figure', { name: 'Billable hours per client' });
    expect(barsOf(figure)).toHaveLength(8);
    const mostFirst = [...summary.clients]
      .sort((a, b) => Number(b.totals.hours) - Number(a.totals.hours))
      .map((client) => client.clientName);
    expect(ticksOf(figure, 'left')).toEqual(mostFirst);
    const heights = barsOf(figure).map((bar) => Number(bar.getAttribute('width')));
    expect(heights).toEqual([...heights].sort((a, b) => b - a));
  });

  it('keeps the ten clients with the most hours, and says so', () => {
    render(<stories.ClientHoursTopTen />);
    const figure = screen.getByRole('figure', { name: 'Billable hours per client' });
    expect(barsOf(figure)).toHaveLength(10);
    expect(within(figure).getByText('The 10 clients with the most hours, of 12.')).toBeInTheDocument();
    expect(ticksOf(figure, 'left')).toContain('Cedar Hollow Clinic');
    expect(ticksOf(figure, 'left')).not.toContain('Granite Falls Hospital');
  });

  it('says so when no client has hours', () => {
    render(<stories.Empty />);
    const figure = screen.getByRole('figure', { name: 'Billable hours per client' });
    expect(within(figure).getByText('No client has billable hours in these months.')).toBeInTheDocument();
  });
});

describe('the stacked monitoring hours charts', () => {
  it('draws each technologist’s months as parts of one bar', () => {
    const monitoring = monitoringHours(reportsSeed, range, null);
    render(<stories.TechnologistHours />);
    const figure = screen.getByRole('figure', { name: 'Monitoring hours per technologist' });
    expect(barsOf(figure)).toHaveLength(monitoring.byTechnologist.length);
    expect(ticksOf(figure, 'left')).toEqual(
      [...reportsSeed.technologists]
        .map((technologist) => technologist.name)
        .sort((a, b) => a.localeCompare(b)),
    );
    // The months are the stacks, named in the legend.
    expect(legendOf(figure)).toEqual(monitoring.months.map(monthLabel));
  });

  it('draws each month of a client as its cases stacked', () => {
    const northsideMonitoring = monitoringHours(reportsSeed, range, northside);
    render(<stories.CaseHours />);
    const figure = screen.getByRole('figure', { name: 'Monitoring hours per case and month' });
    expect(barsOf(figure)).toHaveLength(northsideMonitoring.byCase.length);
    expect(ticksOf(figure, 'bottom')).toEqual(northsideMonitoring.months.map(monthLabel));
  });

  it('say so when nobody logged time', () => {
    render(<stories.Empty />);
    expect(
      within(screen.getByRole('figure', { name: 'Monitoring hours per technologist' })).getByText(
        'No technologist logged time in these months.',
      ),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('figure', { name: 'Monitoring hours per case and month' })).getByText(
        'No case of this client was monitored in these months.',
      ),
    ).toBeInTheDocument();
  });
});

describe('every chart', () => {
  it('shows a placeholder while its data loads', () => {
    render(<stories.Loading />);
    const figures = screen.getAllByRole('figure');
    expect(figures).toHaveLength(4);
    for (const figure of figures) {
      expect(figure).toHaveAttribute('aria-busy', 'true');
      expect(within(figure).getByLabelText(/^Loading /)).toBeInTheDocument();
      expect(barsOf(figure)).toHaveLength(0);
    }
  });
});
