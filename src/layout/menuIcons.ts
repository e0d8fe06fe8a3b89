import type { SvgIconComponent } from '@mui/icons-material';
import BackupIcon from '@mui/icons-material/Backup';
import BarChartIcon from '@mui/icons-material/BarChart';
import BugReportIcon from '@mui/icons-material/BugReport';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import PeopleIcon from '@mui/icons-material/People';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import clients from '../resources/clients';
import interfaceMessages from '../resources/interfaceMessages';

/** Icon per route family (spec §2), longest prefix first; anything else gets a neutral chevron. */
const ICONS: ReadonlyArray<[prefix: string, icon: SvgIconComponent]> = [
  [`/${clients.name}`, clients.icon],
  ['/continuous-monitoring/cases', MonitorHeartIcon],
  ['/billing', ReceiptLongIcon],
  ['/reporting', BarChartIcon],
  ['/users', PeopleIcon],
  ['/backups', BackupIcon],
  [`/${interfaceMessages.name}`, interfaceMessages.icon],
  ['/bugs/integration-testing', FactCheckIcon],
  ['/bugs', BugReportIcon],
];

export function menuIconFor(url: string): SvgIconComponent {
  return ICONS.find(([prefix]) => url === prefix || url.startsWith(`${prefix}/`))?.[1] ?? ChevronRightIcon;
}
