import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ShowBase, Title, useRecordContext } from 'react-admin';
import { useParams } from 'react-router-dom';
import { personLabel } from '../../../contract/people';
import { PageMessage } from '../../customRoutes/PageMessage';
import { KEEP_ERROR_ON_PAGE, ShowReadError } from '../../customRoutes/RetryAlert';
import { formatOptionalDateTime } from '../../dates';
import { Fact } from '../../layout/Fact';
import { PageLoading } from '../../layout/PageLoading';
import { EditGroupsButton } from './EditGroupsButton';
import { EditPersonButton } from './EditPersonButton';
import { GroupChips } from './GroupChips';
import { SessionActions } from './SessionActions';
import { UserCases } from './UserCases';
import { UserEnableSwitch } from './UserEnableSwitch';
import { formatLastSignIn, statusLabel, type UserRecord } from './userFormat';

const UserDetails = ({ user }: { user: UserRecord }) => (
  <Box
    component="dl"
    sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 1.5, m: 0 }}
  >
    <Fact term="Username">{user.username}</Fact>
    <Fact term="Name">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <span>{personLabel(user)}</span>
        <EditPersonButton user={user} />
      </Stack>
    </Fact>
    <Fact term="Email">{user.email}</Fact>
    <Fact term="Groups">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <GroupChips groups={user.groups} label={`Groups of ${user.username}`} />
        <EditGroupsButton user={user} />
      </Stack>
    </Fact>
    <Fact term="Status">{statusLabel(user.status)}</Fact>
    <Fact term="Enabled">
      <UserEnableSwitch user={user} />
    </Fact>
    <Fact term="Sessions">
      <SessionActions user={user} />
    </Fact>
    <Fact term="Last sign-in">{formatLastSignIn(user.lastSignInAt)}</Fact>
    <Fact term="Created">{formatOptionalDateTime(user.createdAt)}</Fact>
  </Box>
);

const UserView = () => {
  const user = useRecordContext<UserRecord>();
  if (!user) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title={user.name} />
      <Card>
        <CardContent>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2, flexWrap: 'wrap' }}>
            <Typography variant="h5" component="h1">
              {user.name}
            </Typography>
            {!user.isEnabled && <Chip label="Disabled" size="small" color="warning" />}
            {user.status === 'FORCE_CHANGE_PASSWORD' && (
              <Chip label={statusLabel(user.status)} size="small" color="info" variant="outlined" />
            )}
          </Stack>
          <UserDetails user={user} />
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <UserCases user={user} />
        </CardContent>
      </Card>
    </Stack>
  );
};

/** No user by the name in the URL. */
const UserNotFound = () => {
  const { id } = useParams();
  return (
    <PageMessage title="User not found">
      <Typography>
        There is no user named <code>{id}</code>.
      </Typography>
    </PageMessage>
  );
};

/**
 * A user's page, `/users/{username}` (react-admin's edit route `:id/*`, the username being the id): their
 * details and groups, enable switch, and the active cases assigned to them.
 */
export const UserPage = () => (
  <ShowBase<UserRecord>
    loading={<PageLoading title="User" />}
    error={<ShowReadError title="User" what="The user" notFound={<UserNotFound />} />}
    queryOptions={KEEP_ERROR_ON_PAGE}
  >
    <UserView />
  </ShowBase>
);
