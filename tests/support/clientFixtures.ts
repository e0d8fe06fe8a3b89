import type { Role } from '../../contract/roles';
import {
  buildClient,
  buildClients,
  buildContact,
  buildProtocolRevision,
  buildTransferRevision,
  buildUsefulLink,
} from './clientBuilders';
import { buildUser } from './fakeApi';
import type { ClientsSeed } from './fakeClientsApi';

/** Ready-made Clients API data for stories and tests. */

/** 30 clients: two pages of 25. */
export const manyClients: ClientsSeed = { clients: buildClients(30) };

/** One client (id 1) with contacts, links, three protocol revisions and a transfer revision. */
export const clientWithRecords: ClientsSeed = {
  clients: [buildClient()],
  contacts: [
    buildContact(),
    buildContact({
      _id: 2,
      name: 'Sam Ortiz',
      role: 'Charge nurse, Neuro ICU',
      email: 'sam.ortiz@northside.example',
      escalationOrder: 2,
    }),
    buildContact({ _id: 3, name: 'EEG lab desk', role: 'Front desk', email: '', escalationOrder: 3 }),
  ],
  usefulLinks: [
    buildUsefulLink(),
    buildUsefulLink({ _id: 2, label: 'Bed board', url: 'https://beds.northside.example', description: '' }),
  ],
  revisions: [
    buildProtocolRevision({ revision: 1, body: 'First protocol: check hourly.', checkIntervalMinutes: 60 }),
    buildProtocolRevision({ revision: 2, createdAt: '2026-01-20T10:00:00.000Z', author: 'grace' }),
    buildProtocolRevision({
      revision: 3,
      createdAt: '2026-02-01T08:45:00.000Z',
      notificationRules: [
        { trigger: 'seizure', notify: [1, 2], withinMinutes: 10 },
        { trigger: 'electrode off', notify: [3], withinMinutes: 30 },
      ],
    }),
    buildTransferRevision(),
  ],
};

/** The same client before anything was added to it. */
export const bareClient: ClientsSeed = { clients: [buildClient()] };

export const userWithRole = (role: Role) =>
  buildUser({ username: role, name: `${role[0].toUpperCase()}${role.slice(1)} User`, roles: [role] });
