import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { accessDenied, menuForRole } from '@test-support/fakeApi';
import { HttpError } from 'react-admin';

/** The default layout: menu from GET /chrome, breadcrumbs, user menu, dark-mode toggle. */
const meta = {
  title: 'Layout/AppLayout',
  component: AppHarness,
  parameters: { layout: 'fullscreen' },
  args: { chrome: menuForRole('admin'), path: '/' },
} satisfies Meta<typeof AppHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Home: Story = {};

/** An unknown route (a client tab that does not exist): the not-found page with the path, breadcrumbs above it. */
export const NotFound: Story = { args: { path: '/continuous-monitoring/clients/42/no-such-tab' } };

/** GET /chrome answers 403 'Access denied': the user is sent to /unauthorized. */
export const AccessDenied: Story = { args: { chrome: accessDenied() } };

/** Any other menu error is only logged; the page still works. */
export const MenuError: Story = { args: { chrome: new HttpError('Service Unavailable', 503) } };
