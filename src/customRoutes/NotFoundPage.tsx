import Typography from '@mui/material/Typography';
import { useLocation } from 'react-admin';
import { PageMessage } from './PageMessage';

const NOT_FOUND_TITLE = 'Page Not Found';

/** react-admin's `catchAll` (spec §2): the title and the path that matched nothing. */
export const NotFoundPage = () => {
  const { pathname } = useLocation();
  return (
    <PageMessage title={NOT_FOUND_TITLE}>
      <Typography>
        There is no page at <code>{pathname}</code>.
      </Typography>
    </PageMessage>
  );
};
