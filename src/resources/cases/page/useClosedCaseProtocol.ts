import { useQuery } from '@tanstack/react-query';
import { type HttpError, useDataProvider } from 'react-admin';
import type { CaseDetails, CaseProtocolSnapshot } from '../../../../contract/cases';
import { API_PATHS } from '../../../../contract/paths';
import type { AppDataProvider } from '../../../dataProvider';
import { resourceOf } from '../../../dataProvider/resourcePaths';

/**
 * The protocol a closed case closed under (GET …/closed/{id}/client-protocol), read once: a 404 (no snapshot
 * was kept) is an answer, not a failure to retry.
 */
export const useClosedCaseProtocol = (details: Pick<CaseDetails, 'id' | 'version'>) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<CaseProtocolSnapshot, HttpError>({
    // Named after its API path, nested under the cases: a change to the case reads it again.
    queryKey: [
      resourceOf(API_PATHS.closedCaseProtocol(details.id)),
      'getClosedCaseProtocol',
      { version: details.version },
    ],
    queryFn: () => dataProvider.getClosedCaseProtocol(details.id),
  });
};
