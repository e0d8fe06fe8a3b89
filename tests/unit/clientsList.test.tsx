import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import * as listStories from '../../src/resources/clients/ClientList.stories';

const { Admin, Technologist, Empty } = composeStories(listStories, preview);

// A CSS query: role queries over a 25-row table are slow enough to starve the filter's debounce.
const rowNames = () => [...document.querySelectorAll('tbody td.column-name')].map((cell) => cell.textContent);

describe('the client list', () => {
  it('shows the first page of 25, sorted by name, and pages through the API', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    render(<Admin onRequest={onRequest} />);
    expect(await screen.findByText('Aberdeen Medical Center 1')).toBeInTheDocument();
    expect(rowNames()).toHaveLength(25);
    expect(screen.queryByText('Hillcrest Medical Center 24')).toBeNull();
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        path: '/continuous-monitoring/clients',
        query: expect.objectContaining({ page: 1, perPage: 25, sort: 'name', order: 'ASC' }),
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('Hillcrest Medical Center 24')).toBeInTheDocument();
    expect(rowNames()).toEqual([
      'Glenwood Medical Center 15',
      'Glenwood Medical Center 23',
      'Hillcrest Medical Center 8',
      'Hillcrest Medical Center 16',
      'Hillcrest Medical Center 24',
    ]);
  });

  it('searches name and code with `q` on the server', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    render(<Admin onRequest={onRequest} />);
    await screen.findByText('Aberdeen Medical Center 1');
    await user.type(screen.getByPlaceholderText('Search name or code'), 'hill');
    await waitFor(() => expect(rowNames()).toHaveLength(3));
    expect(rowNames().every((name) => name?.startsWith('Hillcrest'))).toBe(true);
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({ query: expect.objectContaining({ q: 'hill' }) }),
    );
  });

  it('filters disabled clients', async () => {
    const user = userEvent.setup();
    render(<Admin />);
    await screen.findByText('Aberdeen Medical Center 1');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Disabled' }));
    await waitFor(() => expect(rowNames()).toHaveLength(6));
    expect(screen.getByText('Eastgate Medical Center 5')).toBeInTheDocument();
  });

  it('opens a client on its details tab', async () => {
    const user = userEvent.setup();
    render(<Admin />);
    await user.click(await screen.findByText('Bayview Medical Center 2'));
    expect(await screen.findByRole('tab', { name: 'Details', selected: true })).toBeInTheDocument();
    expect(await screen.findByDisplayValue('Bayview Medical Center 2')).toBeInTheDocument();
  });

  it('offers create and export to an admin, only export to a technologist', async () => {
    const { unmount } = render(<Admin />);
    await screen.findByText('Aberdeen Medical Center 1');
    expect(await screen.findByRole('link', { name: 'Create' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    unmount();

    render(<Technologist />);
    await screen.findByText('Aberdeen Medical Center 1');
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Create' })).toBeNull();
  });

  it('shows the empty state when there is no client', async () => {
    render(<Empty />);
    expect(await screen.findByText('No clients yet')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Add the first client' })).toBeInTheDocument();
  });
});
