import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { fn } from 'storybook/test';
import { ErrorPage } from './ErrorPage';
import { NotFoundPage } from './NotFoundPage';
import { RetryAlert } from './RetryAlert';
import { UnauthorizedPage } from './UnauthorizedPage';

/**
 * The app's message pages (spec §2: Page Not Found with the path, Internal Server Error, Unauthorized) and
 * the alert every page shows when a read fails, on their own. In the app they appear inside the layout
 * (see Layout/AppLayout).
 */
type Args = { onReset: () => void; onRetry: () => void };

const meta = {
  title: 'Layout/Messages',
  args: { onReset: fn(), onRetry: fn() },
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/continuous-monitoring/clients/42/no-such-tab']}>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta<Args>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = { render: () => <NotFoundPage /> };

export const Unauthorized: Story = { render: () => <UnauthorizedPage /> };

/** An error the layout caught, with "Try again". */
export const InternalServerError: Story = {
  render: (args) => (
    <ErrorPage error={new Error('The statement could not be drawn.')} resetErrorBoundary={args.onReset} />
  ),
};

/** A failed read: what went wrong and a way to ask again. */
export const ReadFailed: Story = {
  render: (args) => (
    <RetryAlert onRetry={args.onRetry}>
      The billing cycles could not be loaded (503 Service Unavailable).
    </RetryAlert>
  ),
};
