import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type HttpError, type Identifier, useDataProvider } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import { API_PATHS } from '../../../../contract/paths';
import type { AppDataProvider } from '../../../dataProvider';
import { resourceOf } from '../../../dataProvider/resourcePaths';

/** Named after its API path, so whatever refreshes the case lists (e.g. a reassignment) refreshes it too. */
export const caseDetailsKey = (id: Identifier) => [resourceOf(API_PATHS.caseDetails(id))];

/** A case id as the API writes it; anything else is no case. */
export const isCaseId = (id: string) => /^[1-9][0-9]*$/.test(id);

/** The case page's record (GET …/cases/details/{id}); a case id that is not a number is never asked for. */
export function useCaseDetails(id: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<CaseDetails, HttpError>({
    queryKey: caseDetailsKey(id),
    queryFn: () => dataProvider.getCaseDetails(id),
    enabled: isCaseId(id),
  });
}

/** After a write: the case as the server answered it, or a fresh read when the write answers no case. */
export function useUpdateCaseDetails() {
  const queryClient = useQueryClient();
  return {
    set: (details: CaseDetails) => queryClient.setQueryData(caseDetailsKey(details.id), details),
    refetch: (id: Identifier) => queryClient.invalidateQueries({ queryKey: caseDetailsKey(id) }),
  };
}
