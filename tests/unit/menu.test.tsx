import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import * as layoutStories from '../../src/layout/AppLayout.stories';
import * as menuStories from '../../src/layout/AppMenu.stories';
import { splitChrome } from '../../src/layout/chromeMenu';

const { Technologist, Billing, WithUnauthorizedItem } = composeStories(menuStories, preview);
const { AccessDenied, MenuError, NotFound } = composeStories(layoutStories, preview);

const sidebar = async () => {
  const home = await screen.findByRole('menuitem', { name: 'Home' });
  return within(home.closest('ul') as HTMLElement);
};

afterEach(() => vi.restoreAllMocks());

describe('splitChrome', () => {
  it('takes Home as the homepage link, Unauthorized as the redirect target, the rest for the sidebar', () => {
    const menu = splitChrome([
      { title: 'Clients', url: '/continuous-monitoring/clients' },
      { title: 'Home', url: '/' },
      { title: 'Unauthorized', url: '/unauthorized' },
      { title: 'Bugs', url: '/bugs' },
    ]);
    expect(menu.home).toEqual({ title: 'Home', url: '/' });
    expect(menu.unauthorized).toEqual({ title: 'Unauthorized', url: '/unauthorized' });
    expect(menu.sidebar.map((item) => item.title)).toEqual(['Clients', 'Bugs']);
  });
});

describe('the menu from GET /chrome', () => {
  it("shows a technologist's items, Home first, linking to their urls", async () => {
    render(<Technologist />);
    const menu = await sidebar();
    const items = menu.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Home',
      'Clients',
      'Intake',
      'Monitoring',
      'Preview',
      'Reviewed',
      'Closed',
      'Assignments',
      'Bugs',
    ]);
    expect(items[0]).toHaveAttribute('href', '/');
    expect(menu.getByRole('menuitem', { name: 'Clients' })).toHaveAttribute(
      'href',
      '/continuous-monitoring/clients',
    );
    expect(await screen.findByText('Welcome, Tess Tech.')).toBeInTheDocument();
  });

  it('shows billing staff billing and reporting but not users', async () => {
    render(<Billing />);
    const menu = await sidebar();
    expect(menu.getByRole('menuitem', { name: 'Billing' })).toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Reporting' })).toBeInTheDocument();
    expect(menu.queryByRole('menuitem', { name: 'Users' })).toBeNull();
  });

  it("navigates to the 'Unauthorized' item's url and keeps it out of the sidebar", async () => {
    render(<WithUnauthorizedItem />);
    expect(await screen.findByText(/Your account has no access to this page/)).toBeInTheDocument();
    expect((await sidebar()).queryByRole('menuitem', { name: 'Unauthorized' })).toBeNull();
  });

  it("sends the user to /unauthorized when the menu call answers 'Access denied'", async () => {
    render(<AccessDenied />);
    expect(await screen.findByText(/Your account has no access to this page/)).toBeInTheDocument();
  });

  it('only logs other menu errors', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<MenuError />);
    expect(await screen.findByText('Welcome, Ada Lovelace.')).toBeInTheDocument();
    // A server error (5xx) is asked twice more before it counts, as every read (dataProvider/queryClient.ts).
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        'Could not load the menu',
        expect.objectContaining({ status: 503 }),
      ),
    );
    expect(screen.queryByText(/Your account has no access/)).toBeNull();
  });
});

describe('pages', () => {
  it('shows Page Not Found with the path, under breadcrumbs for that path', async () => {
    render(<NotFound />);
    expect(await screen.findByRole('heading', { name: 'Page Not Found', level: 1 })).toBeInTheDocument();
    expect(screen.getByText('/continuous-monitoring/clients/42/no-such-tab')).toBeInTheDocument();
    const crumbs = within(await screen.findByRole('navigation', { name: 'breadcrumb' }));
    expect(crumbs.getByRole('link', { name: 'clients' })).toHaveAttribute(
      'href',
      '/continuous-monitoring/clients',
    );
  });

  it('shows the sections that are no page ("Continuous monitoring", "Cases") as text, not as dead links', async () => {
    render(<NotFound />);
    const crumbs = within(await screen.findByRole('navigation', { name: 'breadcrumb' }));
    expect(crumbs.getByText('continuous-monitoring')).toBeInTheDocument();
    expect(crumbs.queryByRole('link', { name: 'continuous-monitoring' })).toBeNull();
    expect(crumbs.getByRole('link', { name: '42' })).toHaveAttribute(
      'href',
      '/continuous-monitoring/clients/42',
    );
  });
});
