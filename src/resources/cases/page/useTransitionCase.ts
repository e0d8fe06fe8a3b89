import { useMutation } from '@tanstack/react-query';
import { type HttpError, useDataProvider, useNotify } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { AvailableTransition, CaseDetails } from '../../../../contract/cases';
import { casePagePath } from '../../../../contract/paths';
import type { AppDataProvider } from '../../../dataProvider';
import { CASE_DETAILS_RESOURCE } from '../../../dataProvider/resourcePaths';
import { writeTo } from '../../../dataProvider/writeLinks';
import { useCasePageParams } from './casePageTabs';
import { transitionDoneMessage } from './pageLabels';
import { useUpdateCaseDetails } from './useCaseDetails';

export interface TransitionRequest {
  move: AvailableTransition;
  reason?: string;
}

/**
 * Moves the case with the version it was loaded with. On success the page follows the case to its new
 * stage's URL; a refusal (409: a guard failed or someone changed the case meanwhile, 403) is notified in
 * the server's words and the case is read again, so its buttons show why.
 */
export function useTransitionCase(details: CaseDetails) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const { tab } = useCasePageParams();
  const cache = useUpdateCaseDetails();
  return useMutation<Awaited<ReturnType<AppDataProvider['transitionCase']>>, HttpError, TransitionRequest>({
    mutationFn: ({ move, reason }) =>
      dataProvider.transitionCase(details.id, {
        to: move.to,
        reason: reason ?? '',
        version: details.version,
      }),
    // The lists, the load and the homes are read again (writeLinks.ts); the case moved is the answer's.
    meta: writeTo({
      resource: CASE_DETAILS_RESOURCE,
      id: details.id,
      method: 'transitionCase',
      answered: true,
    }),
    onSuccess: ({ case: moved }, { move }) => {
      cache.set(moved);
      notify(transitionDoneMessage(details.caseNumber, move), { type: 'success' });
      navigate(casePagePath(moved.stage, moved.id, tab));
    },
    onError: (error) => {
      notify(error.message, { type: 'error' });
      cache.refetch(details.id);
    },
  });
}
