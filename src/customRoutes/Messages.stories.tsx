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
const meta = {
  title: 'Layout/Messages',
  decorators: [
    (Story) => (
      <MemoryRouter initialEntries={['/continuous-monitoring/clients/42/no-such-tab']}>
        <Story />
      </MemoryRouter>
    ),
  ],
} satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotFound: Story = { render: () => <NotFoundPage /> };

export const Unauthorized: Story = { render: () => <UnauthorizedPage /> };

/** An error the layout caught, with "Try again". */
export const InternalServerError: Story = {
  args: { onReset: fn() },
  render: (args) => (
    <ErrorPage
      error={new Error('The statement could not be drawn.')}
      resetErrorBoundary={(args as { onReset: () => void }).onReset}
    />
  ),
};

/** A failed read: what went wrong and a way to ask again. */
export const ReadFailed: Story = {
  args: { onRetry: fn() },
  render: (args) => (
    <RetryAlert onRetry={(args as { onRetry: () => void }).onRetry}>
      The billing cycles could not be loaded (503 Service Unavailable).
    </RetryAlert>
  ),
};
