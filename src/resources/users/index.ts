import PeopleIcon from '@mui/icons-material/People';
import type { ResourceProps } from 'react-admin';
import { USERS_RESOURCE } from '../../dataProvider/resourcePaths';
import { lazyWithReload } from '../../lazyWithReload';
import type { UserRecord } from './userFormat';

/**
 * The users resource, `/users` (DESIGN §9), spread as `<Resource {...users} />`; its pages are lazy chunks.
 * A user's page is on the edit route (`/users/{username}`), as the client page is.
 */
const users = {
  name: USERS_RESOURCE,
  options: { label: 'Users' },
  list: lazyWithReload(() => import('./UserList').then((module) => ({ default: module.UserList }))),
  edit: lazyWithReload(() => import('./UserPage').then((module) => ({ default: module.UserPage }))),
  icon: PeopleIcon,
  recordRepresentation: (user: UserRecord) => user.name,
} satisfies ResourceProps;

export default users;
