import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Identifier, useDataProvider } from 'react-admin';
import type { RevisionInput, RevisionKind } from '../../../../contract/clients';
import type { AppDataProvider } from '../../../dataProvider';

export const KIND_LABELS: Record<RevisionKind, string> = {
  protocol: 'Protocol',
  transfer: 'Transfer protocol',
};

const revisionsKey = (clientId: Identifier, kind: RevisionKind) => ['clientProtocol', String(clientId), kind];

/** The current revision, `null` while the client has none. */
export function useCurrentRevision<K extends RevisionKind>(clientId: Identifier, kind: K) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [...revisionsKey(clientId, kind), 'current'],
    queryFn: () => dataProvider.getProtocol(clientId, kind),
  });
}

/** One page of the history, newest first. */
export function useRevisionHistory(clientId: Identifier, kind: RevisionKind, page: number, perPage: number) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [...revisionsKey(clientId, kind), 'history', page, perPage],
    queryFn: () => dataProvider.getProtocolRevisions(clientId, kind, { page, perPage }),
    placeholderData: keepPreviousData,
  });
}

/** One revision, current or older. */
export function useRevision(clientId: Identifier, kind: RevisionKind, revision: number) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [...revisionsKey(clientId, kind), 'revision', revision],
    queryFn: () => dataProvider.getProtocolRevision(clientId, kind, revision),
  });
}

/** Saves a new revision, then refreshes the current one and the history. */
export function useCreateRevision(clientId: Identifier, kind: RevisionKind) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RevisionInput) => dataProvider.createProtocolRevision(clientId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: revisionsKey(clientId, kind) }),
  });
}
