import type { CaseRow } from '../../contract/cases';
import { deletionBlockedMessage, duplicateCodeError, staleVersionMessage } from '../../contract/clientRules';
import {
  type Client,
  type Contact,
  clientInputSchema,
  clientUpdateSchema,
  contactInputSchema,
  contactUpdateSchema,
  type Revision,
  type UsefulLink,
  usefulLinkInputSchema,
  usefulLinkUpdateSchema,
} from '../../contract/clients';
import { API_PATHS, CLIENT_RECORD_SEGMENTS } from '../../contract/paths';
import { toHttpError } from '../../src/dataProvider/httpClient';
import {
  conflict,
  type FakeRequest,
  now,
  page,
  type Result,
  type Row,
  raiseNotFound,
  validate,
} from './fakeApiRules';
import { listCases } from './fakeCasesApi';
import { fakeChildRecordsApi } from './fakeChildRecordsApi';
import { fakeProtocolApi } from './fakeProtocolApi';

/** The records the fake Clients API starts with. */
export interface ClientsSeed {
  clients?: Client[];
  contacts?: Contact[];
  usefulLinks?: UsefulLink[];
  revisions?: Revision[];
}

/** The list's filters: `q` in name or code, `isEnabled`. */
const matches =
  ({ q = '', isEnabled }: Row = {}) =>
  (client: Client) =>
    `${client.name} ${client.code}`.toLowerCase().includes(String(q).toLowerCase()) &&
    (isEnabled === undefined || String(client.isEnabled) === String(isEnabled));

const SECTIONS = [...CLIENT_RECORD_SEGMENTS, 'protocol'].join('|');
const PATH = new RegExp(`^${API_PATHS.clients}(?:/(\\d+)(?:/(${SECTIONS})(/.*)?)?)?$`);

/** The pickers' lists, by name: every client, or the enabled ones only. */
const namesOf = (clients: readonly Client[], enabledOnly: boolean): Result => {
  const rows = clients
    .filter((client) => client.isEnabled || !enabledOnly)
    .map(({ id, name }) => ({ id, name }));
  return page(rows, { sort: 'name', perPage: rows.length });
};

/**
 * An in-memory Clients API (issue 3) with the server's rules and messages: validation by the contract
 * schemas, optimistic locking, duplicate codes, revision numbering. A client's cases are the fake Cases
 * API's (`casesOf`). `handle` answers `undefined` for other paths.
 */
export function fakeClientsApi(
  seed: ClientsSeed,
  username: string,
  casesOf: (clientId: number) => readonly CaseRow[],
) {
  const clients = [...(seed.clients ?? [])];
  const contacts: Row[] = [...(seed.contacts ?? [])];
  const contactIdsOf = (clientId: number) =>
    new Set(contacts.filter((row) => row.clientId === clientId).map((row) => Number(row._id)));
  const routes = {
    contacts: fakeChildRecordsApi({
      rows: contacts,
      input: contactInputSchema,
      update: contactUpdateSchema,
      thing: 'contact',
      defaultSort: 'escalationOrder',
    }),
    'useful-links': fakeChildRecordsApi({
      rows: [...(seed.usefulLinks ?? [])],
      input: usefulLinkInputSchema,
      update: usefulLinkUpdateSchema,
      thing: 'useful link',
      defaultSort: 'label',
    }),
    protocol: fakeProtocolApi([...(seed.revisions ?? [])], contactIdsOf, username),
    cases: ({ query }: FakeRequest, clientId: number) => listCases(casesOf(clientId), query),
  };

  const findClient = (id: number) => clients.find((client) => client.id === id) ?? raiseNotFound();
  const refuseDuplicateCode = (code: string, id?: number) => {
    if (clients.some((client) => client.code === code && client.id !== id))
      throw toHttpError(400, { error: 'Invalid code', fields: [duplicateCodeError(code)] });
  };

  function clientsRoute({ method, query, body }: FakeRequest): Result {
    if (method === 'GET') return page(clients.filter(matches(query)), query, 'name');
    const input = validate(clientInputSchema, body);
    refuseDuplicateCode(input.code);
    const created = { ...input, id: clients.length + 100, version: 1, createdAt: now(), updatedAt: now() };
    clients.push(created);
    return { data: created };
  }

  function clientRoute({ method, query, body }: FakeRequest, client: Client): Result {
    if (method === 'GET') return { data: client };
    if (method === 'DELETE') {
      if (client.version !== Number(query?.version)) throw conflict(staleVersionMessage('client'));
      const blocked = deletionBlockedMessage(casesOf(client.id).length);
      if (blocked) throw conflict(blocked);
      clients.splice(clients.indexOf(client), 1);
      return { data: client };
    }
    const input = validate(clientUpdateSchema, body);
    if (client.version !== input.version) throw conflict(staleVersionMessage('client'));
    refuseDuplicateCode(input.code, client.id);
    const updated = { ...client, ...input, version: client.version + 1, updatedAt: now() };
    clients[clients.indexOf(client)] = updated;
    return { data: updated };
  }

  function handle(request: FakeRequest): Result | undefined {
    if (request.path === API_PATHS.clientIds) return namesOf(clients, false);
    if (request.path === API_PATHS.enabledClientIds) return namesOf(clients, true);
    const match = PATH.exec(request.path);
    if (!match) return undefined;
    const [, id, section, rest] = match;
    if (!id) return clientsRoute(request);
    const client = findClient(Number(id));
    if (!section) return clientRoute(request, client);
    return routes[section as keyof typeof routes](request, client.id, rest);
  }

  return { handle, clientOf: (id: number) => clients.find((client) => client.id === id) };
}
