import type { Identifier } from 'react-admin';
import { API_PATHS, type ClientRecordSegment } from '../../../contract/paths';
import { CLIENTS_RESOURCE, resourceOf } from '../../dataProvider/resourcePaths';

/** The tabs of a client's page, each its own URL `/continuous-monitoring/clients/{clientId}/{tab}` (spec §2). */
export const CLIENT_TABS = [
  { tab: 'details', label: 'Details' },
  { tab: 'protocol', label: 'Protocol' },
  { tab: 'transfer-protocol', label: 'Transfer protocol' },
  { tab: 'contacts', label: 'Contacts' },
  { tab: 'useful-links', label: 'Useful links' },
  { tab: 'cases', label: 'Cases' },
  /** Admins only: the hospital interface (issue 32). */
  { tab: 'interface', label: 'Interface' },
] as const;
export type ClientTab = (typeof CLIENT_TABS)[number]['tab'];

export const isClientTab = (value: string | undefined): value is ClientTab =>
  CLIENT_TABS.some(({ tab }) => tab === value);

/** A tab of a client's page, or a page under it such as `contacts/create`. */
export const clientPath = (clientId: Identifier, page: ClientTab | `${ClientTab}/create`) =>
  `/${CLIENTS_RESOURCE}/${clientId}/${page}`;

/** The react-admin resource of a client's nested records, e.g. `continuous-monitoring/clients/7/contacts`. */
export const clientChildResource = (clientId: Identifier, child: ClientRecordSegment) =>
  resourceOf(API_PATHS.clientRecords(clientId, child));
