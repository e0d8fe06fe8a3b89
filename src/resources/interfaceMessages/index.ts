import type { ResourceProps } from 'react-admin';
import { INTERFACE_MESSAGES_RESOURCE } from '../../dataProvider/resourcePaths';
import { INTERFACE_MESSAGES_ICON } from '../../layout/menuIcons';
import { lazyWithReload } from '../../lazyWithReload';

/** The hospital messages, `/interfaces/messages` (admins), spread as `<Resource {...interfaceMessages} />`. */
const interfaceMessages = {
  name: INTERFACE_MESSAGES_RESOURCE,
  options: { label: 'Hospital messages' },
  list: lazyWithReload(() => import('./MessageList').then((module) => ({ default: module.MessageList }))),
  show: lazyWithReload(() => import('./MessageShow').then((module) => ({ default: module.MessageShow }))),
  icon: INTERFACE_MESSAGES_ICON,
} satisfies ResourceProps;

export default interfaceMessages;
