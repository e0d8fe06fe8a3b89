import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import type { ResourceProps } from 'react-admin';
import type { Client } from '../../../contract/clients';
import { CLIENTS_RESOURCE } from '../../dataProvider/resourcePaths';
import { lazyWithReload } from '../../lazyWithReload';

/** The clients resource (issue 3), spread as `<Resource {...clients} />`; its pages are lazy chunks. */
const clients = {
  name: CLIENTS_RESOURCE,
  options: { label: 'Clients' },
  list: lazyWithReload(() => import('./ClientList').then((module) => ({ default: module.ClientList }))),
  create: lazyWithReload(() => import('./ClientCreate').then((module) => ({ default: module.ClientCreate }))),
  edit: lazyWithReload(() => import('./ClientEdit').then((module) => ({ default: module.ClientEdit }))),
  icon: LocalHospitalIcon,
  recordRepresentation: (client: Client) => `${client.name} (${client.code})`,
} satisfies ResourceProps;

export default clients;
