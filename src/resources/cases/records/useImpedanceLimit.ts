import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import { DEFAULT_IMPEDANCE_LIMIT_KOHM } from '../../../../contract/clients';
import { API_PATHS } from '../../../../contract/paths';
import type { AppDataProvider } from '../../../dataProvider';
import { resourceOf } from '../../../dataProvider/resourcePaths';

/**
 * The impedance limit (kΩ) the case is measured against: that of the protocol revision it was taken in
 * under, as the server flags `overLimit`; the default limit when the client had no protocol then.
 */
export function useImpedanceLimit(details: CaseDetails) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const revision = details.protocolRevision;
  const { data } = useQuery({
    queryKey: [resourceOf(API_PATHS.protocolRevision(details.client.id, revision ?? 0)), 'protocol'],
    queryFn: () => dataProvider.getProtocolRevision(details.client.id, 'protocol', revision ?? 0),
    enabled: revision !== null,
    // A revision never changes once written.
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { limit: data?.impedanceLimitKOhm ?? DEFAULT_IMPEDANCE_LIMIT_KOHM, revision };
}
