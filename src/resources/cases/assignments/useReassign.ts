import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import type { CaseRow, Technologist } from '../../../../contract/cases';
import { MAX_PER_PAGE } from '../../../../contract/pageSize';
import type { AppDataProvider } from '../../../dataProvider';
import { caseListResource } from '../../../dataProvider/resourcePaths';
import { refreshAfterWrite } from '../../../dataProvider/writeLinks';

/** A move takes the case `from` one technologist `to` another; only `to` adds, only `from` removes. */
export interface Reassignment {
  row: Pick<CaseRow, 'id' | 'caseNumber'>;
  from?: Pick<Technologist, 'username' | 'name'>;
  to?: Pick<Technologist, 'username' | 'name'>;
}

const ASSIGNMENTS = caseListResource('assignments');

function done({ row, from, to }: Reassignment): string {
  if (from && to) return `${row.caseNumber} moved from ${from.name} to ${to.name}`;
  if (to) return `${row.caseNumber} assigned to ${to.name}`;
  return `${row.caseNumber} removed from ${from?.name}`;
}

/**
 * Reassigns a case through PUT /users/{username}/continuous-monitoring/cases, which replaces that
 * technologist's whole set of active cases: each set is read from the server just before it is written,
 * and a move adds before it removes, so a refusal (409 at the load limit) leaves everything as it was.
 */
export function useReassign() {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const activeCaseIds = async (username: string) => {
    const { data } = await dataProvider.getList<CaseRow>(ASSIGNMENTS, {
      filter: { technologist: username },
      pagination: { page: 1, perPage: MAX_PER_PAGE },
      sort: { field: 'createdAt', order: 'ASC' },
    });
    return data.map((found) => found.id);
  };
  return useMutation({
    mutationFn: async ({ row, from, to }: Reassignment) => {
      if (to)
        await dataProvider.setTechnologistCases(to.username, [...(await activeCaseIds(to.username)), row.id]);
      if (from) {
        const kept = (await activeCaseIds(from.username)).filter((id) => id !== row.id);
        await dataProvider.setTechnologistCases(from.username, kept);
      }
    },
    onSuccess: (_result, change) => notify(done(change), { type: 'success' }),
    onError: (error) => notify(error.message, { type: 'error' }),
    // Read again even after a refusal: the move may have added the case to one set before it failed.
    onSettled: () => refreshAfterWrite(queryClient, { resource: ASSIGNMENTS }),
  });
}
