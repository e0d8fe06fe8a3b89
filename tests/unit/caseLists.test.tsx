import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import * as listStories from '../../src/resources/cases/list/CaseList.stories';
import { catchDownloads } from './support/downloads';
import { enterText } from './support/enterText';

const { Monitoring, Intake, IntakeForReader, FilteredByClient, Empty, NoMatch } = composeStories(
  listStories,
  preview,
);

const caseNumbers = () =>
  [...document.querySelectorAll('tbody td.column-caseNumber a')].map((link) => link.textContent);

describe('the stage lists', () => {
  it('shows each stage as a tab with its count, and switches stage by tab', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    render(<Monitoring onRequest={onRequest} />);
    expect(await screen.findByRole('tab', { name: 'Monitoring 6', selected: true })).toBeInTheDocument();
    for (const name of ['Intake 3', 'Preview 1', 'Reviewed 1', 'Closed 2'])
      expect(await screen.findByRole('tab', { name })).toBeInTheDocument();
    await waitFor(() => expect(caseNumbers()).toHaveLength(6));
    expect(caseNumbers()[0]).toBe('NSG-2026-0009'); // newest first
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        path: '/continuous-monitoring/cases/monitoring',
        query: expect.objectContaining({ sort: 'createdAt', order: 'DESC', perPage: 25 }),
      }),
    );

    await user.click(screen.getByRole('tab', { name: 'Intake 3' }));
    expect(await screen.findByRole('tab', { name: 'Intake 3', selected: true })).toBeInTheDocument();
    await waitFor(() => expect(caseNumbers()).toEqual(['NSG-2026-0013', 'BMH-2026-0042', 'BMH-2026-0041']));
  });

  it('shows the overdue badge, video, level and technologists by name', async () => {
    render(<Monitoring />);
    const overdue = await screen.findByText('Overdue');
    expect(overdue.closest('tr')).toHaveTextContent('NSG-2026-0007');
    expect(screen.getAllByText('Overdue')).toHaveLength(1);
    const shared = (await screen.findByText('Gupta, Ravi')).closest('tr');
    expect(shared).toHaveTextContent('Marcus Bell, Priya Raman');
    expect(shared).toHaveTextContent('MRN-100109');
    expect(shared).toHaveTextContent('Continuous');
  });

  it('links each case number to its case page, and a row click opens it', async () => {
    const user = userEvent.setup();
    render(<Monitoring />);
    const link = await screen.findByRole('link', { name: 'NSG-2026-0009' });
    expect(link).toHaveAttribute('href', '/continuous-monitoring/cases/monitoring/7/details');
    await user.click(screen.getByText('Ito, Kenji'));
    // The breadcrumbs follow the route: the case page of BMH-2026-0031 (id 9).
    await waitFor(() =>
      expect(screen.getByLabelText('breadcrumb')).toHaveTextContent(/monitoring\s*\/\s*9\s*\/\s*details/),
    );
  });

  it('narrows the list and the tab counts to a client, and keeps the filter across tabs', async () => {
    const user = userEvent.setup();
    render(<FilteredByClient />);
    expect(await screen.findByRole('tab', { name: 'Monitoring 2', selected: true })).toBeInTheDocument();
    for (const name of ['Intake 2', 'Preview 0', 'Reviewed 1', 'Closed 0'])
      expect(await screen.findByRole('tab', { name })).toBeInTheDocument();
    await waitFor(() => expect(caseNumbers()).toEqual(['BMH-2026-0030', 'BMH-2026-0031']));
    expect(screen.getByRole('combobox', { name: 'Client' })).toHaveValue('Bayside Memorial Hospital');

    await user.click(screen.getByRole('tab', { name: 'Intake 2' }));
    await waitFor(() => expect(caseNumbers()).toEqual(['BMH-2026-0042', 'BMH-2026-0041']));
  });

  it('searches case number, patient name and MRN with `q`', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    render(<Monitoring onRequest={onRequest} />);
    await waitFor(() => expect(caseNumbers()).toHaveLength(6));
    await enterText(user, screen.getByPlaceholderText('Case number, patient or MRN'), 'ravi gupta');
    await waitFor(() => expect(caseNumbers()).toEqual(['NSG-2026-0009']));
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ q: 'ravi gupta' }) }),
    );
    expect(await screen.findByRole('tab', { name: 'Monitoring 1' })).toBeInTheDocument();
  });

  it('filters by technologist and by recording start', async () => {
    const user = userEvent.setup();
    render(<Monitoring />);
    await waitFor(() => expect(caseNumbers()).toHaveLength(6));
    await user.click(screen.getByRole('combobox', { name: 'Technologist' }));
    await user.click(await screen.findByRole('option', { name: 'Priya Raman' }));
    await waitFor(() => expect(caseNumbers()).toHaveLength(4));

    fireEvent.change(screen.getByLabelText('Recording from'), { target: { value: '2026-03-10' } });
    await waitFor(() => expect(caseNumbers()).toEqual(['NSG-2026-0009', 'NSG-2026-0008']));
  });

  it('exports the rows as CSV with what the list shows, and no more of the patient', async () => {
    const downloads = catchDownloads();
    const user = userEvent.setup();
    render(<Monitoring />);
    await waitFor(() => expect(caseNumbers()).toHaveLength(6));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(async () => expect(await downloads()).toHaveLength(1));
    const [{ name, text: csv }] = await downloads();
    expect(name).toBe('cases-monitoring.csv');
    const [header, ...lines] = csv.trim().split('\n');
    expect(header).toBe(
      'Case number,Client,Stage,Patient,MRN,Study type,Video,Monitoring level,Technologists,Recording start,Recording end,Ordered at,Priority,Ordering physician,Ordering physician phone,Placer order number,Overdue,Updated',
    );
    expect(lines).toHaveLength(6);
    expect(csv).toContain(
      'NSG-2026-0007,Northside General Hospital,Monitoring,"Eze, Chidi",MRN-100107,ICU,Yes',
    );
    expect(csv).not.toMatch(/dateOfBirth|version|clientId/);
  });

  it('offers New case on intake to a technologist, not to a reader', async () => {
    const { unmount } = render(<Intake />);
    expect(await screen.findByRole('link', { name: 'New case' })).toHaveAttribute(
      'href',
      '/continuous-monitoring/cases/intake/create',
    );
    unmount();

    render(<IntakeForReader />);
    await waitFor(() => expect(caseNumbers()).toHaveLength(3));
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New case' })).toBeNull();
  });

  it("shows a stage's empty state, with New case on intake", async () => {
    render(<Empty />);
    expect(await screen.findByText('No case is waiting for intake')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Monitoring 0' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'New case' })).toHaveLength(2));
  });

  it('says when the filters match nothing, and clears them', async () => {
    const user = userEvent.setup();
    render(<NoMatch />);
    expect(await screen.findByText('No preview case matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(caseNumbers()).toEqual(['NSG-2026-0005']));
  });
});
