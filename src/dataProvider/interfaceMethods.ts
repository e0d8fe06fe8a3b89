import type { Identifier } from 'react-admin';
import type {
  ClientInterface,
  IndexedPatient,
  InterfaceInput,
  InterfaceMessage,
} from '../../contract/interfaces';
import { API_PATHS } from '../../contract/paths';
import type { HttpClient } from './httpClient';

/**
 * Hospital interfaces (issue 32): a client's settings (secrets write-only), its patient index for intake,
 * and sending a failed message again. The message log is read through `getList`/`getOne` on its resource.
 */
export function interfaceMethods(httpClient: HttpClient) {
  return {
    getClientInterface: async (clientId: Identifier) =>
      (await httpClient<ClientInterface>(API_PATHS.clientInterface(clientId))).data,
    /** Saves with the version loaded (409 when someone saved meanwhile); a secret left out is kept. */
    putClientInterface: async (clientId: Identifier, input: InterfaceInput) =>
      (
        await httpClient<ClientInterface>(API_PATHS.clientInterface(clientId), {
          method: 'PUT',
          body: input,
        })
      ).data,
    /** The client's patients the hospital's admissions told of, by MRN or name. */
    searchClientPatients: async (clientId: Identifier, q: string) =>
      (await httpClient<IndexedPatient[]>(API_PATHS.clientPatients(clientId), { query: { q } })).data,
    resendMessage: async (id: Identifier) =>
      (await httpClient<InterfaceMessage>(API_PATHS.interfaceMessageResend(id), { method: 'POST' })).data,
  };
}
