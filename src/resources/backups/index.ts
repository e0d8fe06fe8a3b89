import BackupIcon from '@mui/icons-material/Backup';
import type { ResourceProps } from 'react-admin';
import { BACKUPS_RESOURCE } from '../../dataProvider/resourcePaths';
import { lazyWithReload } from '../../lazyWithReload';

/** The backups resource, `/backups` (DESIGN §9), spread as `<Resource {...backups} />`; a lazy chunk. */
const backups = {
  name: BACKUPS_RESOURCE,
  options: { label: 'Backups' },
  list: lazyWithReload(() => import('./BackupList').then((module) => ({ default: module.BackupList }))),
  icon: BackupIcon,
} satisfies ResourceProps;

export default backups;
