import { composeStories } from '@storybook/react-vite';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import * as stories from '../../src/customRoutes/Messages.stories';

const { NotFound, Unauthorized, InternalServerError, ReadFailed } = composeStories(stories);

describe('the message pages', () => {
  it('names the path that matched nothing', () => {
    render(<NotFound />);
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('/continuous-monitoring/clients/42/no-such-tab')).toBeInTheDocument();
  });

  it('tells a user without access whom to ask', () => {
    render(<Unauthorized />);
    expect(screen.getByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.getByText(/Ask an administrator/)).toBeInTheDocument();
  });

  it('shows the error with a way to try again', async () => {
    render(<InternalServerError />);
    expect(screen.getByRole('heading', { name: 'Internal Server Error' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The statement could not be drawn.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(InternalServerError.args.onReset).toHaveBeenCalledOnce();
  });

  it('lets a failed read be asked again', async () => {
    render(<ReadFailed />);
    expect(screen.getByRole('alert')).toHaveTextContent('could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(ReadFailed.args.onRetry).toHaveBeenCalledOnce();
  });
});
