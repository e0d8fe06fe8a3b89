import { render, screen } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SelfCheck } from '../../contract/bugs';
import { IntegrationTestingPage } from '../../src/customRoutes/bugs/IntegrationTestingPage';

const CHECKS: SelfCheck[] = [{ name: 'Database reachable and migrated', ok: true, ms: 12, detail: '' }];
const query = vi.hoisted(() => ({ current: {} as Record<string, unknown> }));
vi.mock('../../src/customRoutes/bugs/bugQueries', () => ({ useSelfChecks: () => query.current }));

const page = () =>
  render(
    <AdminContext>
      <IntegrationTestingPage />
    </AdminContext>,
  );

beforeEach(() => {
  query.current = {
    data: CHECKS,
    error: null,
    isFetching: false,
    dataUpdatedAt: Date.UTC(2026, 10, 25, 14, 5, 9),
  };
});

describe('the self-checks page', () => {
  it('is called "Self-checks", as in the menu, and says when the checks shown last ran', () => {
    page();
    expect(screen.getByRole('heading', { level: 1, name: 'Self-checks' })).toBeInTheDocument();
    expect(screen.queryByText(/Integration testing/)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(/^Last run at \d\d:05:09 [AP]M$/);
    expect(screen.getByRole('button', { name: 'Run again' })).toBeEnabled();
  });

  it('shows the run in progress: the button says "Running…", a status and a progress bar', () => {
    query.current = { ...query.current, isFetching: true };
    page();
    expect(screen.getByRole('button', { name: 'Running…' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Running the self-checks…');
    expect(screen.getByRole('progressbar', { name: 'Running the self-checks' })).toBeInTheDocument();
    expect(screen.getByText('All 1 checks pass').closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
  });
});
