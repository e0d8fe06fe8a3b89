import type { Meta, StoryObj } from '@storybook/react-vite';
import { caseClients, serviceCases } from '@test-support/caseFixtures';
import { userWithRole } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';
import { fakeUsersHandler, poolAdmin, type UsersSeed, usersSeed } from '@test-support/fakeUsersApi';
import { HandlersHarness, type HandlersHarnessProps } from '@test-support/HandlersHarness';
import {
  expectListLoading,
  expectPageLoading,
  expectReadFailed,
  LIST_LOADING,
} from '@test-support/storyStates';
import { useMemo } from 'react';
import { expect, fn, screen, userEvent } from 'storybook/test';
import { API_PATHS, PAGE_PATHS } from '../../../contract/paths';
import { toHttpError } from '../../dataProvider/httpClient';

interface UsersHarnessProps extends Omit<HandlersHarnessProps, 'handlers'> {
  seed: UsersSeed;
}

/** The whole app over a fresh fake user pool per render, beside the fake cases of the monitoring service. */
const UsersHarness = ({ seed, user = poolAdmin, ...props }: UsersHarnessProps) => {
  const handlers = useMemo(() => [fakeUsersHandler(seed, user)], [seed, user]);
  return <HandlersHarness {...props} user={user} handlers={handlers} />;
};

/**
 * The users (DESIGN §9), seen by Ada Lovelace (admin): eight staff of the monitoring service, one of them
 * disabled and one invited who has not signed in yet; the technologists hold the fixtures' active cases.
 */
const meta = {
  title: 'Administration/Users',
  component: UsersHarness,
  parameters: { layout: 'fullscreen' },
  args: {
    path: PAGE_PATHS.users,
    chrome: menuForRole('admin'),
    seed: usersSeed,
    clientsData: caseClients,
    casesData: serviceCases,
  },
} satisfies Meta<typeof UsersHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Every user with their groups, status and load; Ada's own switch is off limits. */
export const List: Story = {};

/** A search that matches nobody in the pool. */
export const NoMatch: Story = {
  args: { path: `${PAGE_PATHS.users}?filter=${encodeURIComponent('{"q":"zoe"}')}` },
};

const UNREACHABLE = toHttpError(503, { error: 'The database is not reachable' });

/** The list while the users are read: the heading and search, no table yet. */
export const ListLoading: Story = {
  args: { pending: [`GET ${API_PATHS.users}`] },
  parameters: LIST_LOADING,
  play: ({ canvas }) => expectListLoading(canvas, 'Users'),
};

/** The users could not be read: the server's reason and a way to ask again. */
export const ListFailed: Story = {
  args: { failures: { [`GET ${API_PATHS.users}`]: UNREACHABLE } },
  play: ({ canvas }) =>
    expectReadFailed(canvas, 'The users could not be read: The database is not reachable'),
};

/** "Invite user" opens the invitation form. */
export const Invite: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
  },
};

/** Flipping Priya's switch asks first. */
export const ConfirmDisable: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('switch', { name: 'priya enabled' }));
  },
};

/** Marcus's groups: reader and technologist. */
export const EditGroups: Story = {
  play: async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Edit groups of marcus' }));
  },
};

/** Only admins manage users: anyone else is sent to /unauthorized. */
export const Refused: Story = {
  args: { chrome: menuForRole('technologist'), user: userWithRole('technologist') },
};

/** Priya's page: her details and her four active cases. */
export const UserPage: Story = { args: { path: PAGE_PATHS.user('priya') } };

/** An invited user who has not signed in yet, with no case. */
export const InvitedUserPage: Story = { args: { path: PAGE_PATHS.user('new.tech-1') } };

/** A username that is not in the pool. */
export const UnknownUser: Story = { args: { path: PAGE_PATHS.user('nobody') } };

/** Priya's page while her record is read. */
export const UserPageLoading: Story = {
  args: { path: PAGE_PATHS.user('priya'), pending: [`GET ${API_PATHS.user('priya')}`], onRequest: fn() },
  parameters: { stillLoading: true },
  play: async ({ args, canvas }) => {
    await expectPageLoading(canvas, args.onRequest, API_PATHS.user('priya'));
    await expect(canvas.queryByText('priya.raman@example.org')).toBeNull();
  },
};

/** Priya's record could not be read: the server's reason and a way to ask again. */
export const UserPageFailed: Story = {
  args: { path: PAGE_PATHS.user('priya'), failures: { [`GET ${API_PATHS.user('priya')}`]: UNREACHABLE } },
  play: ({ canvas }) => expectReadFailed(canvas, 'The user could not be read: The database is not reachable'),
};
