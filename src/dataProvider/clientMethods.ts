import type { Identifier } from 'react-admin';
import type {
  ClientIdName,
  ProtocolRevision,
  Revision,
  RevisionInput,
  RevisionKind,
  TransferRevision,
} from '../../contract/clients';
import { API_PATHS } from '../../contract/paths';
import type { HttpClient } from './httpClient';

export type RevisionOfKind<K extends RevisionKind> = K extends 'protocol'
  ? ProtocolRevision
  : TransferRevision;

export interface PageParams {
  page: number;
  perPage: number;
}

/**
 * The client names for pickers, and a client's protocol and transfer protocol (append-only revisions):
 * the data provider's custom methods for what is not a plain record.
 */
export function clientMethods(httpClient: HttpClient) {
  return {
    /** Every client's id and name for pickers, or only the enabled ones (those that take new cases). */
    getClientNames: async (enabledOnly = false) =>
      (await httpClient<ClientIdName[]>(enabledOnly ? API_PATHS.enabledClientIds : API_PATHS.clientIds)).data,
    /** The current revision of the protocol or transfer protocol, `null` while there is none. */
    getProtocol: async <K extends RevisionKind>(clientId: Identifier, kind: K) => {
      const path = kind === 'transfer' ? API_PATHS.transferProtocol(clientId) : API_PATHS.protocol(clientId);
      return (await httpClient<RevisionOfKind<K> | null>(path)).data;
    },
    /** The revisions of one kind, newest first. */
    async getProtocolRevisions<K extends RevisionKind>(
      clientId: Identifier,
      kind: K,
      { page, perPage }: PageParams,
    ) {
      const { data, total } = await httpClient<RevisionOfKind<K>[]>(API_PATHS.protocolRevisions(clientId), {
        query: { kind, page, perPage, order: 'DESC' },
      });
      return { data, total: total ?? data.length };
    },
    getProtocolRevision: async <K extends RevisionKind>(clientId: Identifier, kind: K, revision: number) =>
      (
        await httpClient<RevisionOfKind<K>>(API_PATHS.protocolRevision(clientId, revision), {
          query: { kind },
        })
      ).data,
    /** Saves a new revision; `baseRevision` is the one the author edited (0 for the first). */
    createProtocolRevision: async (clientId: Identifier, input: RevisionInput) =>
      (
        await httpClient<Revision>(API_PATHS.protocolRevisions(clientId), {
          method: 'POST',
          body: input,
        })
      ).data,
  };
}
