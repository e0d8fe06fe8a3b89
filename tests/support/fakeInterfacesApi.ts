import type { ClientInterface, InterfaceMessage } from '../../contract/interfaces';
import { API_PATHS } from '../../contract/paths';
import { page } from './fakeApiRules';
import type { FakeHandler } from './HandlersHarness';

/** The client whose hospital interface these fakes answer for (Northside in the case fixtures). */
export const CLIENT_ID = 2;

const SETTINGS: ClientInterface = {
  clientId: CLIENT_ID,
  inboundEnabled: true,
  sendingApplication: 'EPIC',
  sendingFacility: 'BAYSIDE',
  mllpEnabled: false,
  mllpHost: '',
  mllpPort: null,
  mllpTls: false,
  fhirEnabled: true,
  fhirBaseUrl: 'https://fhir.bayside.example/r4',
  fhirClientId: 'vigil',
  fhirTokenUrl: '',
  reportKinds: ['final', 'addendum'],
  hasFhirBearerToken: true,
  hasFhirClientSecret: false,
  version: 3,
  updatedAt: '2026-11-20T09:00:00.000Z',
};

/** GET and PUT of the client's interface settings: a secret is kept, replaced or cleared as sent. */
export const settingsHandler: FakeHandler = ({ method, path, body }) => {
  if (path !== API_PATHS.clientInterface(CLIENT_ID)) return undefined;
  if (method === 'GET') return { data: SETTINGS };
  const { fhirBearerToken, fhirClientSecret, ...saved } = body as Record<string, unknown>;
  return {
    data: {
      ...SETTINGS,
      ...saved,
      hasFhirBearerToken:
        fhirBearerToken === undefined ? SETTINGS.hasFhirBearerToken : fhirBearerToken !== '',
      hasFhirClientSecret: fhirClientSecret === undefined ? false : fhirClientSecret !== '',
      version: SETTINGS.version + 1,
    },
  };
};

export const message = (id: number, overrides: Partial<InterfaceMessage>): InterfaceMessage => ({
  id,
  direction: 'in',
  clientId: CLIENT_ID,
  messageType: 'ADT^A01',
  transport: 'mllp',
  controlId: `C-${id}`,
  status: 'accepted',
  ackCode: 'AA',
  ackText: null,
  error: null,
  attempts: 1,
  nextAttemptAt: null,
  caseId: null,
  createdAt: `2026-11-2${id}T08:00:00.000Z`,
  updatedAt: `2026-11-2${id}T08:00:01.000Z`,
  ...overrides,
});

export const MESSAGES = [
  message(1, {}),
  message(2, {
    direction: 'out',
    messageType: 'ORU^R01',
    controlId: 'VIGIL-7',
    status: 'failed',
    ackCode: null,
    attempts: 6,
    error: 'Could not deliver over MLLP: ECONNREFUSED',
  }),
];
const RAW =
  'MSH|^~\\&|VIGIL|VIGIL|EPIC|BAYSIDE|20261122080000||ORU^R01|VIGIL-7|P|2.5.1\rPID|1||B-100^^^BAYSIDE^MR\rOBX|1|TX|||Normal EEG';

export const messagesHandler =
  (rows: InterfaceMessage[]): FakeHandler =>
  ({ method, path, query = {} }) => {
    if (method === 'GET' && path === API_PATHS.interfaceMessages) {
      const kept = rows.filter(
        (row) =>
          (!query.status || row.status === query.status) &&
          (!query.direction || row.direction === query.direction),
      );
      return page(kept, query, 'createdAt');
    }
    const shown = rows.find((row) => path === API_PATHS.interfaceMessage(row.id));
    if (method === 'GET' && shown) return { data: { ...shown, rawText: RAW } };
    const resent = rows.find((row) => path === API_PATHS.interfaceMessageResend(row.id));
    if (method === 'POST' && resent) return { data: { ...resent, status: 'pending', attempts: 0 } };
    return undefined;
  };
