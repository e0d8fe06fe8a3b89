import Typography from '@mui/material/Typography';
import { PageMessage } from './PageMessage';

/** Where a user is sent when access is denied (spec §2, §6). */
export const UnauthorizedPage = () => (
  <PageMessage title="Unauthorized">
    <Typography>
      Your account has no access to this page. Ask an administrator to add you to an access group.
    </Typography>
  </PageMessage>
);
