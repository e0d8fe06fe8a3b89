import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import type { ProtocolRevision } from '../../../../contract/clients';
import { API_PATHS } from '../../../../contract/paths';
import type { AppDataProvider } from '../../../dataProvider';
import { resourceOf } from '../../../dataProvider/resourcePaths';

/**
 * The protocol revision the case was taken in under (its limits and notification rules, as the server
 * applies them); undefined while it loads and when the client had no protocol then.
 */
export function useCaseProtocol(details: CaseDetails): ProtocolRevision | undefined {
  const dataProvider = useDataProvider<AppDataProvider>();
  const revision = details.protocolRevision;
  const { data } = useQuery({
    queryKey: [resourceOf(API_PATHS.protocolRevision(details.client.id, revision ?? 0)), 'protocol'],
    queryFn: () => dataProvider.getProtocolRevision(details.client.id, 'protocol', revision ?? 0),
    enabled: revision !== null,
    // A revision never changes once written.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data as ProtocolRevision | undefined;
}

/**
 * Every protocol revision of the case's client, oldest first: an event answers to the one in force when it
 * occurred (DESIGN §4, round three), as the server reckons its notification. A client has few.
 */
export function useRuleRevisions(details: CaseDetails): ProtocolRevision[] {
  const dataProvider = useDataProvider<AppDataProvider>();
  const clientId = details.client.id;
  const { data } = useQuery({
    queryKey: [resourceOf(API_PATHS.protocolRevisions(clientId)), 'protocol', 'all'],
    queryFn: () => dataProvider.getProtocolRevisions(clientId, 'protocol', { page: 1, perPage: 100 }),
  });
  return useMemo(() => (data?.data ?? []).toReversed() as ProtocolRevision[], [data]);
}
