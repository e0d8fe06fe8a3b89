import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataTable, ExportButton, Link, List, SearchInput, TopToolbar, useListContext } from 'react-admin';
import { PAGE_PATHS } from '../../../contract/paths';
import { safeExporter } from '../../csv';
import { ListReadError } from '../../customRoutes/RetryAlert';
import { ListFilters } from '../../forms/ListFilters';
import { PageHeading } from '../../layout/PageHeading';
import { EditGroupsButton } from './EditGroupsButton';
import { GroupChips } from './GroupChips';
import { InviteUserButton } from './InviteUserButton';
import { UserEnableSwitch } from './UserEnableSwitch';
import { formatLastSignIn, statusLabel, type UserRecord } from './userFormat';

const Col = DataTable.Col<UserRecord>;

/** Sent to the API as `q`: part of a username, name or email. */
const userFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search username, name or email" />,
];

const UserActions = () => (
  <TopToolbar>
    <InviteUserButton />
    <ExportButton />
  </TopToolbar>
);

const NoUsers = () => {
  const { filterValues } = useListContext();
  return (
    <Typography color="text.secondary" sx={{ p: 2 }}>
      {filterValues.q ? `No user matches “${filterValues.q}”.` : 'No users yet.'}
    </Typography>
  );
};

/** The user's groups, and the button that changes them. */
const Groups = ({ user }: { user: UserRecord }) => (
  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
    <GroupChips groups={user.groups} label={`Groups of ${user.username}`} />
    <EditGroupsButton user={user} />
  </Stack>
);

/**
 * `/users` (DESIGN §9): the pool's users with their groups, status and load; server-side search, sort and
 * pages; an admin invites users, enables or disables them and edits their groups from here.
 */
export const UserList = () => (
  <>
    <PageHeading>Users</PageHeading>
    <List<UserRecord>
      title="Users"
      filters={<ListFilters filters={userFilters} />}
      sort={{ field: 'username', order: 'ASC' }}
      perPage={25}
      actions={<UserActions />}
      exporter={safeExporter}
      empty={false}
      error={<ListReadError what="The users" />}
    >
      {/* Each row holds controls: the username alone opens the user's page. */}
      <DataTable rowClick={false} bulkActionButtons={false} empty={<NoUsers />}>
        <Col
          source="username"
          render={(user) => <Link to={PAGE_PATHS.user(user.username)}>{user.username}</Link>}
        />
        <Col source="name" />
        <Col source="email" disableSort />
        <Col source="groups" disableSort render={(user) => <Groups user={user} />} />
        <Col source="status" render={(user) => statusLabel(user.status)} />
        <Col source="activeCases" label="Active cases" />
        <Col
          source="lastSignInAt"
          label="Last sign-in"
          render={(user) => formatLastSignIn(user.lastSignInAt)}
        />
        <Col
          source="isEnabled"
          label="Enabled"
          disableSort
          render={(user) => <UserEnableSwitch user={user} />}
        />
      </DataTable>
    </List>
  </>
);
