import type { ResourceProps } from 'react-admin';
import type { Client } from '../../../contract/clients';
import { CLIENTS_RESOURCE } from '../../dataProvider/resourcePaths';
import { CLIENTS_ICON } from '../../layout/menuIcons';
import { lazyPreloaded, lazyWithReload } from '../../lazyWithReload';
import { PAGE_CHUNKS } from '../../pageChunks';

/** The clients resource (issue 3), spread as `<Resource {...clients} />`; its pages are lazy chunks. */
const clients = {
  name: CLIENTS_RESOURCE,
  options: { label: 'Clients' },
  list: lazyPreloaded(PAGE_CHUNKS.clientList, (module) => module.ClientList),
  create: lazyWithReload(() => import('./ClientCreate').then((module) => ({ default: module.ClientCreate }))),
  // The client's page is a show page with tabs, but on the edit route: only it gives `{id}/{tab}` (`:id/*`).
  edit: lazyWithReload(() => import('./ClientShow').then((module) => ({ default: module.ClientShow }))),
  icon: CLIENTS_ICON,
  recordRepresentation: (client: Client) => `${client.name} (${client.code})`,
} satisfies ResourceProps;

export default clients;
