import Typography from '@mui/material/Typography';
import { Navigate } from 'react-router-dom';
import { UNAUTHORIZED_PATH } from '../layout/useChromeRedirects';
import { PageMessage } from './PageMessage';

/** Where a user is sent when access is denied (spec §2, §6). */
export const UnauthorizedPage = () => (
  <PageMessage title="Unauthorized">
    <Typography>
      Your account has no access to this page. Ask an administrator to add you to an access group.
    </Typography>
  </PageMessage>
);

/** react-admin's `accessDenied` page (its `canAccess` refused a page): on to /unauthorized (spec §2). */
export const AccessDeniedRedirect = () => <Navigate to={UNAUTHORIZED_PATH} replace />;
