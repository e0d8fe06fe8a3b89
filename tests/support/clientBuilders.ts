import type { Client, Contact, ProtocolRevision, TransferRevision, UsefulLink } from '../../contract/clients';
import { DEFAULT_TURNAROUND_TARGETS } from '../../contract/turnaround';

/** Builders of the Clients API's records for stories and tests: sensible defaults, overridable. */

const CREATED_AT = '2026-01-05T14:30:00.000Z';
const UPDATED_AT = '2026-02-10T09:15:00.000Z';

export const buildClient = (overrides: Partial<Client> = {}): Client => ({
  id: 1,
  name: 'Northside General Hospital',
  code: 'NSG',
  timeZone: 'America/New_York',
  billingPeriodStart: '00:00',
  currency: 'USD',
  address: '1200 Harbor Road\nBoston, MA 02110',
  phone: '+1 617 555 0100',
  isEnabled: true,
  notes: 'Neuro ICU on 4th floor; night shift starts at 19:00.',
  version: 1,
  createdAt: CREATED_AT,
  updatedAt: UPDATED_AT,
  ...overrides,
});

const PLACES = [
  'Aberdeen',
  'Bayview',
  'Cedar Falls',
  'Dunmore',
  'Eastgate',
  'Fairhaven',
  'Glenwood',
  'Hillcrest',
];

/** `count` clients, ids 1…count, named `<place> Medical Center <n>`, every fifth disabled. */
export const buildClients = (count: number): Client[] =>
  Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const place = PLACES[index % PLACES.length];
    return buildClient({
      id: n,
      name: `${place} Medical Center ${n}`,
      code: `${place.slice(0, 3).toUpperCase()}-${n}`,
      isEnabled: n % 5 !== 0,
    });
  });

export const buildContact = (overrides: Partial<Contact> = {}): Contact => ({
  _id: 1,
  clientId: 1,
  name: 'Dr. Maya Chen',
  role: 'Neurologist on call',
  phone: '+1 617 555 0111',
  email: 'maya.chen@northside.example',
  escalationOrder: 1,
  notes: '',
  version: 1,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  ...overrides,
});

export const buildUsefulLink = (overrides: Partial<UsefulLink> = {}): UsefulLink => ({
  _id: 1,
  clientId: 1,
  label: 'EEG order set',
  url: 'https://intranet.northside.example/eeg-orders',
  description: 'How the unit orders a continuous EEG',
  version: 1,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  ...overrides,
});

export const buildProtocolRevision = (overrides: Partial<ProtocolRevision> = {}): ProtocolRevision => ({
  kind: 'protocol',
  clientId: 1,
  revision: 1,
  body: '# Monitoring protocol\n\n- Check the recording every 30 minutes.\n- Call the neurologist for any seizure.',
  notificationRules: [{ trigger: 'seizure', notify: [1], withinMinutes: 15 }],
  checkIntervalMinutes: 30,
  impedanceLimitKOhm: 10,
  reportTurnaroundHours: 24,
  turnaroundTargets: DEFAULT_TURNAROUND_TARGETS,
  escalationMinutes: 5,
  author: 'ada',
  createdAt: CREATED_AT,
  ...overrides,
});

export const buildTransferRevision = (overrides: Partial<TransferRevision> = {}): TransferRevision => ({
  kind: 'transfer',
  clientId: 1,
  revision: 1,
  body: 'Hand over at 07:00 and 19:00: open events, electrode issues, pending notifications.',
  author: 'ada',
  createdAt: CREATED_AT,
  ...overrides,
});
