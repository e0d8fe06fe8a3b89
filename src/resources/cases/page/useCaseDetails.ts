import { useQueryClient } from '@tanstack/react-query';
import { type HttpError, type Identifier, useGetOne } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import { CASE_DETAILS_RESOURCE } from '../../../dataProvider/resourcePaths';

/**
 * react-admin's cache key of a case page's record; named after its API path, so whatever refreshes the case
 * lists (e.g. a reassignment) refreshes it too.
 */
export const caseDetailsKey = (id: Identifier) => [CASE_DETAILS_RESOURCE, 'getOne', { id: String(id) }];

/** A case id as the API writes it; anything else is no case. */
export const isCaseId = (id: string) => /^[1-9][0-9]*$/.test(id);

/** The case page's record (GET …/cases/details/{id}); a case id that is not a number is never asked for. */
export const useCaseDetails = (id: string) =>
  useGetOne<CaseDetails, HttpError>(CASE_DETAILS_RESOURCE, { id: Number(id) }, { enabled: isCaseId(id) });

/** After a write: the case as the server answered it, or a fresh read when the write answers no case. */
export function useUpdateCaseDetails() {
  const queryClient = useQueryClient();
  return {
    set: (details: CaseDetails) => queryClient.setQueryData(caseDetailsKey(details.id), details),
    refetch: (id: Identifier) => queryClient.invalidateQueries({ queryKey: caseDetailsKey(id) }),
  };
}
