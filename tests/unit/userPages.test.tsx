import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpError, ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS, casePagePath, PAGE_PATHS } from '../../contract/paths';
import { createDataProvider } from '../../src/dataProvider';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { USERS_RESOURCE } from '../../src/dataProvider/resourcePaths';
import { formatDateTime } from '../../src/dates';
import { invitedMessage } from '../../src/resources/users/InviteUserDialog';
import { UserList } from '../../src/resources/users/UserList';
import { UserPage } from '../../src/resources/users/UserPage';
import * as userStories from '../../src/resources/users/Users.stories';
import { fakeAuthProvider } from '../support/fakeAuthProvider';
import { fakeUsersHandler, poolAdmin } from '../support/fakeUsersApi';
import { withHandlers } from '../support/HandlersHarness';
import { enterText } from './support/enterText';
import { renderWithProviders } from './support/renderPart';
import { submitWith } from './support/renderStory';
import { requestCount, sentRequest } from './support/requests';

const stories = composeStories(userStories, preview);

/** The row of a user in the users table, found by the link on their username. */
const rowOf = async (username: string) => {
  const link = await screen.findByRole('link', { name: username });
  const row = link.closest('tr');
  if (!row) throw new Error(`No row for ${username}`);
  return row;
};
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const chipsOf = async (username: string) =>
  within(await rowOf(username))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
const usernames = () =>
  [...document.querySelectorAll('tbody td.column-username')].map((cell) => cell.textContent);

type UsersArgs = NonNullable<(typeof stories)['List']['args']>;

/**
 * The users list or a user's page alone, in the users resource and at the story's path, over the story's fake
 * user pool: the part these tests are about, without the app's menu, app bar and lazy pages.
 */
function renderPage(story: { args?: Partial<UsersArgs> }, args: Partial<UsersArgs> = {}) {
  const {
    path,
    seed,
    user = poolAdmin,
    chrome = [],
    ...api
  } = { ...userStories.default.args, ...story.args, ...args };
  // The resource's list and edit routes, where react-admin puts the two pages.
  const page = (
    <Routes>
      <Route path={PAGE_PATHS.users} element={<UserList />} />
      <Route path={`${PAGE_PATHS.users}/:id/*`} element={<UserPage />} />
    </Routes>
  );
  renderWithProviders(<ResourceContextProvider value={USERS_RESOURCE}>{page}</ResourceContextProvider>, {
    dataProvider: createDataProvider({
      httpClient: withHandlers({ ...api, chrome, user }, [fakeUsersHandler(seed, user)]),
    }),
    authProvider: fakeAuthProvider(user),
    path,
  });
}

function renderList(story: { args?: Partial<UsersArgs> } = stories.List) {
  const onRequest = vi.fn();
  const user = userEvent.setup();
  renderPage(story, { onRequest });
  return { onRequest, user };
}

async function openInvite(user: UserEvent) {
  await user.click(await screen.findByRole('button', { name: 'Invite user' }));
  return screen.findByRole('dialog', { name: 'Invite a user' });
}

describe('the users list', () => {
  it("shows every user with their groups as chips, status in words, load and last sign-in, from the server's first page", async () => {
    const { onRequest } = renderList();
    await rowOf('ada');
    expect(usernames()).toEqual(['ada', 'bianca', 'lena', 'marcus', 'new.tech-1', 'omar', 'priya', 'rhea']);
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        method: 'GET',
        path: API_PATHS.users,
        query: expect.objectContaining({ page: 1, perPage: 25, sort: 'username', order: 'ASC' }),
      }),
    );
    expect(await chipsOf('marcus')).toEqual(['Reader', 'Technologist']);
    expect(await chipsOf('ada')).toEqual(['Admin']);
    expect(cellsOf(await rowOf('priya')).slice(0, 7)).toEqual([
      'priya',
      'Priya Raman',
      'priya.raman@example.org',
      'TechnologistEdit groups',
      'Confirmed',
      '4',
      formatDateTime('2026-03-10T06:55:00.000Z'),
    ]);
    const invited = cellsOf(await rowOf('new.tech-1'));
    expect(invited[4]).toBe('Must set a password');
    expect(invited[6]).toBe('Never');
    expect(screen.getByRole('link', { name: 'new.tech-1' })).toHaveAttribute('href', '/users/new.tech-1');
    expect(screen.getByRole('switch', { name: 'omar enabled' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'priya enabled' })).toBeChecked();
  });

  it('searches username, name and email with `q` on the server', async () => {
    const { onRequest, user } = renderList();
    await rowOf('ada');
    await enterText(user, screen.getByPlaceholderText('Search username, name or email'), 'okonkwo');
    await waitFor(() => expect(usernames()).toEqual(['lena']));
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({ path: API_PATHS.users, query: expect.objectContaining({ q: 'okonkwo' }) }),
    );
  });

  it('says so when the search matches nobody', async () => {
    renderList(stories.NoMatch);
    expect(await screen.findByText('No user matches “zoe”.')).toBeInTheDocument();
  });

  it('sorts on the server', async () => {
    const { onRequest, user } = renderList();
    await rowOf('ada');
    await user.click(screen.getByRole('button', { name: 'Sort by last sign-in ascending' }));
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        expect.objectContaining({
          path: API_PATHS.users,
          query: expect.objectContaining({ sort: 'lastSignInAt', order: 'ASC' }),
        }),
      ),
    );
    await waitFor(() => expect(usernames()[0]).toBe('new.tech-1'));
  });

  it('shows why the users could not be read, with a way to try again', async () => {
    renderPage(stories.List, {
      failures: { [`GET ${API_PATHS.users}`]: new HttpError('Service unavailable', 503) },
    });
    expect(await screen.findByText('The users could not be read: Service unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends anyone but an admin to /unauthorized', async () => {
    render(<stories.Refused />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('enabling and disabling a user', () => {
  it('asks first, then disables the user and shows them disabled', async () => {
    const { onRequest, user } = renderList();
    const priya = await screen.findByRole('switch', { name: 'priya enabled' });
    await waitFor(() => expect(priya).toBeEnabled());
    await user.click(priya);
    const dialog = await screen.findByRole('dialog', { name: 'Disable Priya Raman?' });
    expect(requestCount(onRequest, 'PUT', API_PATHS.userToggle('priya'))).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Priya Raman is disabled')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('PUT', API_PATHS.userToggle('priya'), { isEnabled: false }),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'priya enabled' })).not.toBeChecked());
  });

  it('changes nothing when the question is cancelled', async () => {
    const { onRequest, user } = renderList();
    const omar = await screen.findByRole('switch', { name: 'omar enabled' });
    await waitFor(() => expect(omar).toBeEnabled());
    await user.click(omar);
    const dialog = await screen.findByRole('dialog', { name: 'Enable Omar Haddad?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestCount(onRequest, 'PUT', API_PATHS.userToggle('omar'))).toBe(0);
    expect(screen.getByRole('switch', { name: 'omar enabled' })).not.toBeChecked();
  });

  it("keeps the signed-in admin's own switch off limits, and says why", async () => {
    const { user } = renderList();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'priya enabled' })).toBeEnabled());
    const own = screen.getByRole('switch', { name: 'ada enabled' });
    expect(own).toBeDisabled();
    expect(own).toBeChecked();
    await user.hover(own.closest('span[aria-label]') ?? own);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'You cannot disable yourself: another administrator must do it',
    );
  });
});

describe('inviting a user', () => {
  it("checks the form with the contract's messages and sends nothing until it is right", async () => {
    const { onRequest, user } = renderList();
    const dialog = await openInvite(user);
    await submitWith(user, 'Invite', dialog);
    expect(await within(dialog).findByText('Username is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Email is required: the temporary password is sent there'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Give the user at least one group')).toBeInTheDocument();
    await enterText(user, within(dialog).getByLabelText('Username'), 'new tech');
    await enterText(user, within(dialog).getByLabelText('Email'), 'not-an-address');
    expect(
      await within(dialog).findByText(
        'Username must start with a letter or digit and contain only letters, digits and . _ @ -',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(requestCount(onRequest, 'POST', API_PATHS.users)).toBe(0);
  });

  it('invites the user, says where the temporary password goes, and lists them as having to set a password', async () => {
    const { onRequest, user } = renderList();
    await rowOf('ada');
    const dialog = await openInvite(user);
    await enterText(user, within(dialog).getByLabelText('Username'), 'new.tech-2');
    await enterText(user, within(dialog).getByLabelText('Name'), 'Tomás Ruiz');
    await enterText(user, within(dialog).getByLabelText('Email'), 'tomas.ruiz@example.org');
    await enterText(user, within(dialog).getByLabelText('Credentials'), 'R. EEG T.');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Technologist/ }));
    await submitWith(user, 'Invite', dialog);

    const message = invitedMessage({ username: 'new.tech-2', email: 'tomas.ruiz@example.org' });
    expect(message).toContain("printed in the server's terminal");
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', API_PATHS.users, {
        username: 'new.tech-2',
        name: 'Tomás Ruiz',
        email: 'tomas.ruiz@example.org',
        groups: ['technologist'],
        credentials: 'R. EEG T.',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(cellsOf(await rowOf('new.tech-2'))[4]).toBe('Must set a password');
  });

  it('shows a taken username on the username field', async () => {
    const { user } = renderList();
    const dialog = await openInvite(user);
    await user.type(within(dialog).getByLabelText('Username'), 'priya');
    await enterText(user, within(dialog).getByLabelText('Name'), 'Priya Two');
    await enterText(user, within(dialog).getByLabelText('Email'), 'priya2@example.org');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Reader/ }));
    await submitWith(user, 'Invite', dialog);
    expect(await within(dialog).findByText('A user named priya already exists')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite a user' })).toBeInTheDocument();
  });

  it("shows the server's field messages on the inputs", async () => {
    const user = userEvent.setup();
    renderPage(stories.List, {
      failures: {
        [`POST ${API_PATHS.users}`]: toHttpError(400, {
          error: 'The identity refused the new user',
          fields: [{ field: 'email', message: 'The identity refuses this address' }],
        }),
      },
    });
    const dialog = await openInvite(user);
    await user.type(within(dialog).getByLabelText('Username'), 'sam');
    await enterText(user, within(dialog).getByLabelText('Name'), 'Sam Lee');
    await enterText(user, within(dialog).getByLabelText('Email'), 'sam@example.org');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Billing/ }));
    await submitWith(user, 'Invite', dialog);
    expect(await within(dialog).findByText('The identity refuses this address')).toBeInTheDocument();
  });
});

describe("editing a user's groups", () => {
  it('sends the whole new set and shows it', async () => {
    const { onRequest, user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Edit groups of marcus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Groups of Marcus Bell' });
    expect(within(dialog).getByRole('checkbox', { name: /^Reader/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /^Technologist/ })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: /^Admin/ })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /^Reader/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Billing/ }));
    await submitWith(user, 'Save groups', dialog);
    expect(await screen.findByText('Groups of Marcus Bell saved')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('PUT', API_PATHS.userAccessGroups('marcus'), { groups: ['technologist', 'billing'] }),
    );
    await waitFor(async () => expect(await chipsOf('marcus')).toEqual(['Billing', 'Technologist']));
  });

  it("shows the server's refusal in the dialog when an admin drops their own admin group", async () => {
    const { user } = renderList();
    await user.click(await screen.findByRole('button', { name: 'Edit groups of ada' }));
    const dialog = await screen.findByRole('dialog', { name: 'Groups of Ada Lovelace' });
    await user.click(within(dialog).getByRole('checkbox', { name: /^Admin/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Technologist/ }));
    await submitWith(user, 'Save groups', dialog);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You cannot remove your own admin group: another administrator must do it, so the service always keeps one.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await chipsOf('ada')).toEqual(['Admin']);
  });
});

describe("a user's page", () => {
  const casesTable = (name: string) => screen.findByRole('table', { name: `Active cases of ${name}` });
  const caseNumbers = async (name: string) =>
    within(await casesTable(name))
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('link')[0]?.textContent);

  it('shows the user and only the active cases assigned to them, each a link to its page', async () => {
    const { onRequest } = renderList(stories.UserPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Raman' })).toBeInTheDocument();
    expect(screen.getByText('priya.raman@example.org')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Groups of priya' })).toHaveTextContent('Technologist');
    expect(await caseNumbers('Priya Raman')).toEqual([
      'BMH-2026-0030',
      'NSG-2026-0007',
      'NSG-2026-0008',
      'NSG-2026-0009',
    ]);
    expect(screen.getByRole('link', { name: 'NSG-2026-0007' })).toHaveAttribute(
      'href',
      casePagePath('monitoring', 5),
    );
    expect(screen.getByRole('link', { name: 'Reassign on the assignments board' })).toHaveAttribute(
      'href',
      API_PATHS.caseAssignments,
    );
    expect(onRequest).toHaveBeenCalledWith(
      expect.objectContaining({
        path: API_PATHS.caseAssignments,
        query: expect.objectContaining({ technologist: 'priya' }),
      }),
    );
  });

  it('changes the name and credentials, checking them as typed, and shows them', async () => {
    const { onRequest, user } = renderList(stories.UserPage);
    await user.click(await screen.findByRole('button', { name: 'Edit name and credentials of priya' }));
    const dialog = await screen.findByRole('dialog', { name: 'Name and credentials of priya' });
    const name = within(dialog).getByLabelText('Name');
    const credentials = within(dialog).getByLabelText('Credentials');
    await user.clear(name);
    await enterText(user, credentials, 'M'.repeat(101));
    await submitWith(user, 'Save', dialog);
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Credentials must be at most 100 characters')).toBeInTheDocument();
    expect(requestCount(onRequest, 'PATCH', API_PATHS.user('priya'))).toBe(0);

    await enterText(user, name, 'Priya Raman-Iyer');
    await user.clear(credentials);
    await enterText(user, credentials, 'R. EEG T.');
    await submitWith(user, 'Save', dialog);
    expect(await screen.findByText('Priya Raman-Iyer saved')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('PATCH', API_PATHS.user('priya'), { name: 'Priya Raman-Iyer', credentials: 'R. EEG T.' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Raman-Iyer' })).toBeInTheDocument();
    expect(screen.getByText('Priya Raman-Iyer, R. EEG T.')).toBeInTheDocument();
  });

  it('unassigns a case after a confirmation, sending the rest of the set', async () => {
    const { onRequest, user } = renderList(stories.UserPage);
    await casesTable('Priya Raman');
    await user.click(screen.getByRole('button', { name: 'Unassign NSG-2026-0009' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unassign NSG-2026-0009?' });
    expect(requestCount(onRequest, 'PUT', API_PATHS.technologistCases('priya'))).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(await screen.findByText('NSG-2026-0009 removed from Priya Raman')).toBeInTheDocument();
    // Her whole set without the case, oldest first as the board sends it.
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('PUT', API_PATHS.technologistCases('priya'), { caseIds: [8, 5, 6] }),
    );
    await waitFor(async () =>
      expect(await caseNumbers('Priya Raman')).toEqual(['BMH-2026-0030', 'NSG-2026-0007', 'NSG-2026-0008']),
    );
    expect(screen.getByRole('heading', { name: 'Active cases (3)' })).toBeInTheDocument();
  });

  it('says why the only technologist of a case in monitoring cannot be unassigned (409)', async () => {
    const { user } = renderList(stories.UserPage);
    await casesTable('Priya Raman');
    await user.click(screen.getByRole('button', { name: 'Unassign NSG-2026-0008' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unassign NSG-2026-0008?' });
    await user.click(within(dialog).getByRole('button', { name: 'Unassign' }));
    expect(
      await screen.findByText(/Priya Raman is the only technologist of case NSG-2026-0008 in monitoring/),
    ).toBeInTheDocument();
    expect(await caseNumbers('Priya Raman')).toContain('NSG-2026-0008');
  });

  it('opens for a username with dots and dashes, and says when there is no case', async () => {
    renderList(stories.InvitedUserPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nia Adeyemi' })).toBeInTheDocument();
    expect(screen.getAllByText('Must set a password').length).toBeGreaterThan(0);
    expect(await screen.findByText('No active case is assigned to Nia Adeyemi.')).toBeInTheDocument();
  });

  it('says when there is no such user', async () => {
    renderList(stories.UnknownUser);
    expect(await screen.findByRole('heading', { level: 1, name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByText(/There is no user named/)).toHaveTextContent('There is no user named nobody.');
  });

  it('is reached from the list by the username', async () => {
    // The app's routes take the link from the list to the page.
    const user = userEvent.setup();
    render(<stories.List />);
    await user.click(await screen.findByRole('link', { name: 'new.tech-1' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Nia Adeyemi' })).toBeInTheDocument();
    expect(PAGE_PATHS.user('new.tech-1')).toBe('/users/new.tech-1');
  });
});

describe("ending a user's sessions", () => {
  it.each([
    ['Sign out everywhere', 'Sign out', 'sign-out', 'Priya Raman is signed out everywhere'],
    ['Reset password', 'Reset password', 'password-reset', 'Priya Raman must set a new password'],
  ])('%s: says what it does, asks, then ends them', async (button, confirm, path, done) => {
    const { onRequest } = renderList(stories.UserPage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: new RegExp(`^${button}: Priya Raman`) });
    expect(dialog).toHaveTextContent(/every session (of this user )?ends now/i);
    await user.click(within(dialog).getByRole('button', { name: confirm }));
    expect(await screen.findByText(done)).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(sentRequest('POST', `/users/priya/${path}`));
  });

  it('ends nothing when the question is cancelled', async () => {
    const { onRequest } = renderList(stories.UserPage);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requestCount(onRequest, 'POST', '/users/priya/sign-out')).toBe(0);
  });
});
