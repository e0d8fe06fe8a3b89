import type { SvgIconComponent } from '@mui/icons-material';
import BackupIcon from '@mui/icons-material/Backup';
import BarChartIcon from '@mui/icons-material/BarChart';
import BugReportIcon from '@mui/icons-material/BugReport';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { CLIENTS_RESOURCE, INTERFACE_MESSAGES_RESOURCE } from '../dataProvider/resourcePaths';

/** The icons of the resources that have a menu entry: the menu and the resource show the same one. */
export const CLIENTS_ICON = LocalHospitalIcon;
export const INTERFACE_MESSAGES_ICON = SwapHorizIcon;

/** Icon per route family (spec §2), longest prefix first; anything else gets a neutral chevron. */
const ICONS: ReadonlyArray<[prefix: string, icon: SvgIconComponent]> = [
  [`/${CLIENTS_RESOURCE}`, CLIENTS_ICON],
  ['/continuous-monitoring/cases', MonitorHeartIcon],
  ['/billing', ReceiptLongIcon],
  ['/reporting', BarChartIcon],
  ['/users', PeopleIcon],
  ['/backups', BackupIcon],
  [`/${INTERFACE_MESSAGES_RESOURCE}`, INTERFACE_MESSAGES_ICON],
  ['/bugs/integration-testing', FactCheckIcon],
  ['/bugs', BugReportIcon],
];

export function menuIconFor(url: string): SvgIconComponent {
  return ICONS.find(([prefix]) => url === prefix || url.startsWith(`${prefix}/`))?.[1] ?? ChevronRightIcon;
}
