import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import type { ResourceProps } from 'react-admin';
import { ACCESS_LOG_RESOURCE } from '../../dataProvider/resourcePaths';
import { lazyWithReload } from '../../lazyWithReload';

/** The access log, `/access-log` (admins), spread as `<Resource {...accessLog} />`; a lazy chunk. */
const accessLog = {
  name: ACCESS_LOG_RESOURCE,
  options: { label: 'Access log' },
  list: lazyWithReload(() => import('./AccessLogList').then((module) => ({ default: module.AccessLogList }))),
  icon: ManageSearchIcon,
} satisfies ResourceProps;

export default accessLog;
