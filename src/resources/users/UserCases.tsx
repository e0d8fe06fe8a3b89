import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, Link, useGetList } from 'react-admin';
import type { CaseRow } from '../../../contract/cases';
import { MAX_PER_PAGE } from '../../../contract/pageSize';
import { API_PATHS } from '../../../contract/paths';
import type { User } from '../../../contract/users';
import { skeletonRows } from '../../customRoutes/billing/skeletonRows';
import { RetryAlert } from '../../customRoutes/RetryAlert';
import { caseListResource } from '../../dataProvider/resourcePaths';
import { type ReportRow, ReportTable } from '../../print/ReportTable';
import { useReassign } from '../cases/assignments/useReassign';
import { MONITORING_LEVEL_LABELS, STAGE_LABELS } from '../cases/caseLabels';
import { CaseNumberField } from '../cases/fields/CaseNumberField';
import { refreshUsers } from './userQueries';

const HEAD = ['Case', 'Patient', 'Client', 'Stage', 'Level', 'Assignment'];

/** The user's active cases: the assignments (intake and monitoring cases) that name them. */
function useActiveCases(username: string) {
  const query = useGetList<CaseRow>(caseListResource('assignments'), {
    filter: { technologist: username },
    pagination: { page: 1, perPage: MAX_PER_PAGE },
    sort: { field: 'caseNumber', order: 'ASC' },
  });
  return { ...query, data: query.data?.filter((row) => row.technologists.includes(username)) };
}

/**
 * A user's active cases, each a link to its page, with "Unassign" (their whole set is written again
 * without the case, after a confirmation); reassigning to someone else happens on the assignments board.
 */
export const UserCases = ({ user }: { user: User }) => {
  const { data: cases, error, refetch } = useActiveCases(user.username);
  const reassign = useReassign();
  const queryClient = useQueryClient();
  const [unassigning, setUnassigning] = useState<CaseRow>();

  const unassign = (row: CaseRow) =>
    reassign.mutate(
      { row, from: user },
      {
        onSettled: () => {
          setUnassigning(undefined);
          refreshUsers(queryClient);
        },
      },
    );
  const caseRow = (row: CaseRow): ReportRow => ({
    key: row.id,
    cells: [
      <CaseNumberField key="case" row={row} />,
      row.patientName ?? 'Not entered yet',
      row.clientName,
      STAGE_LABELS[row.stage],
      MONITORING_LEVEL_LABELS[row.monitoringLevel],
      <Button
        key="unassign"
        size="small"
        aria-label={`Unassign ${row.caseNumber}`}
        disabled={reassign.isPending}
        onClick={() => setUnassigning(row)}
      >
        Unassign
      </Button>,
    ],
  });

  return (
    <Stack component="section" aria-label="Active cases" spacing={1}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Active cases{cases ? ` (${cases.length})` : ''}
        </Typography>
        <Link to={API_PATHS.caseAssignments}>Reassign on the assignments board</Link>
      </Stack>
      {error ? (
        <RetryAlert onRetry={() => refetch()}>The active cases could not be read: {error.message}</RetryAlert>
      ) : cases?.length === 0 ? (
        <Typography color="text.secondary">No active case is assigned to {user.name}.</Typography>
      ) : (
        <ReportTable
          label={cases ? `Active cases of ${user.name}` : 'Active cases, loading'}
          head={HEAD}
          rows={cases ? cases.map(caseRow) : skeletonRows(HEAD.length)}
        />
      )}
      {unassigning && (
        <Confirm
          isOpen
          title={`Unassign ${unassigning.caseNumber}?`}
          content={`${user.name} will no longer be assigned to ${unassigning.caseNumber}. The case itself stays as it is.`}
          confirm="Unassign"
          loading={reassign.isPending}
          onConfirm={() => unassign(unassigning)}
          onClose={() => setUnassigning(undefined)}
        />
      )}
    </Stack>
  );
};
