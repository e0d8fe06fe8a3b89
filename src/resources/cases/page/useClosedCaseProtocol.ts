import { useQuery } from '@tanstack/react-query';
import { type HttpError, useDataProvider } from 'react-admin';
import type { CaseDetails, CaseProtocolSnapshot } from '../../../../contract/cases';
import type { AppDataProvider } from '../../../dataProvider';

/**
 * The protocol a closed case closed under (GET …/closed/{id}/client-protocol), read once: a 404 (no snapshot
 * was kept) is an answer, not a failure to retry.
 */
export const useClosedCaseProtocol = (details: Pick<CaseDetails, 'id' | 'version'>) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<CaseProtocolSnapshot, HttpError>({
    queryKey: ['closedCaseProtocol', details.id, details.version],
    queryFn: () => dataProvider.getClosedCaseProtocol(details.id),
  });
};
