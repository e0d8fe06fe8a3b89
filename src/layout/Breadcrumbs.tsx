import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-admin';
import { SECTION_PATHS } from '../../contract/paths';
import { useBreadcrumbs } from './useChrome';

/**
 * Breadcrumbs of the current route from GET /chrome/breadcrumbs, at the top of the content. A crumb for a
 * section that is no page (`SECTION_PATHS`) is plain text; the others link to their pages.
 */
export const Breadcrumbs = () => {
  const { pathname } = useLocation();
  const { data: crumbs = [] } = useBreadcrumbs(pathname);
  if (crumbs.length === 0) return null;
  const last = crumbs[crumbs.length - 1];
  return (
    <MuiBreadcrumbs aria-label="breadcrumb" sx={{ mt: 1.5, mb: 0.5 }}>
      {crumbs.slice(0, -1).map(({ title, url }) =>
        SECTION_PATHS.includes(url) ? (
          <Typography key={url} color="text.secondary">
            {title}
          </Typography>
        ) : (
          <Link key={url} to={url} underline="hover" color="inherit">
            {title}
          </Link>
        ),
      )}
      <Typography color="text.primary" aria-current="page">
        {last.title}
      </Typography>
    </MuiBreadcrumbs>
  );
};
