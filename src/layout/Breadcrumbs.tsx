import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';
import { Link, useLocation } from 'react-admin';
import { useBreadcrumbs } from './useChrome';

/** Breadcrumbs of the current route from GET /chrome/breadcrumbs, at the top of the content. */
export const Breadcrumbs = () => {
  const { pathname } = useLocation();
  const { data: crumbs = [] } = useBreadcrumbs(pathname);
  if (crumbs.length === 0) return null;
  const last = crumbs[crumbs.length - 1];
  return (
    <MuiBreadcrumbs aria-label="breadcrumb" sx={{ mt: 1.5, mb: 0.5 }}>
      {crumbs.slice(0, -1).map(({ title, url }) => (
        <Link key={url} to={url} underline="hover" color="inherit">
          {title}
        </Link>
      ))}
      <Typography color="text.primary" aria-current="page">
        {last.title}
      </Typography>
    </MuiBreadcrumbs>
  );
};
