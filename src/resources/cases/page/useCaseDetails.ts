import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type HttpError, type Identifier, useGetOne } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import { CASE_DETAILS_RESOURCE } from '../../../dataProvider/resourcePaths';
import { writeTo } from '../../../dataProvider/writeLinks';

/** react-admin's cache key of a case page's record (`getOne` on `…/cases/details`). */
const caseDetailsKey = (id: Identifier) => [CASE_DETAILS_RESOURCE, 'getOne', { id: String(id) }];

/** A case id as the API writes it; anything else is no case. */
export const isCaseId = (id: string) => /^[1-9][0-9]*$/.test(id);

/** The case page's record (GET …/cases/details/{id}); a case id that is not a number is never asked for. */
export const useCaseDetails = (id: string) =>
  useGetOne<CaseDetails, HttpError>(CASE_DETAILS_RESOURCE, { id: Number(id) }, { enabled: isCaseId(id) });

/** After a write: the case as the server answered it, or a fresh read (after a refusal: 409, someone else's change). */
export function useUpdateCaseDetails() {
  const queryClient = useQueryClient();
  return {
    set: (details: CaseDetails) => queryClient.setQueryData(caseDetailsKey(details.id), details),
    refetch: (id: Identifier) => queryClient.invalidateQueries({ queryKey: caseDetailsKey(id) }),
  };
}

/**
 * A write on the case itself through one of the data provider's case methods (`method`: a header PATCH, an
 * action, a handover), as a mutation of the case's page record: once it succeeds, what it changes is read
 * again (writeLinks.ts: the lists, the load, the homes, the case's time logs), and the case the server
 * answered (`caseOf`) is put in the cache; a write that answers no case has the case read again.
 */
export function useCaseWrite<Answer, Variables>(
  caseId: Identifier,
  method: string,
  write: (variables: Variables) => Promise<Answer>,
  caseOf?: (answer: Answer) => CaseDetails,
) {
  const cache = useUpdateCaseDetails();
  return useMutation<Answer, HttpError, Variables>({
    mutationFn: write,
    meta: writeTo({ resource: CASE_DETAILS_RESOURCE, id: caseId, method, answered: caseOf !== undefined }),
    onSuccess: (answer) => {
      if (caseOf) cache.set(caseOf(answer));
    },
  });
}
