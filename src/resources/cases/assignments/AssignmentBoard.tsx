import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ListBase, Loading, Pagination, Title, useCanAccess, useListContext } from 'react-admin';
import type { CaseRow } from '../../../../contract/cases';
import { MAX_PER_PAGE } from '../../../../contract/pageSize';
import { PageHeading } from '../../../layout/PageHeading';
import { useTechnologists } from '../useTechnologists';
import { BoardColumn } from './BoardColumn';

/** "Unassigned" first (the cases waiting for someone), then one column per technologist. */
const BoardColumns = () => {
  const { data: rows = [], isPending } = useListContext<CaseRow>();
  const { data: technologists = [], isPending: technologistsPending } = useTechnologists();
  const { canAccess: canReassign = false } = useCanAccess({ resource: 'cases', action: 'edit' });
  if (isPending || technologistsPending) return <Loading />;
  const props = { technologists, canReassign };
  // The grid keeps the row of columns from widening the page: the row scrolls instead.
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Stack direction="row" spacing={2} sx={{ overflowX: 'auto', alignItems: 'flex-start', py: 2 }}>
        <BoardColumn cases={rows.filter((row) => row.technologists.length === 0)} {...props} />
        {technologists.map((technologist) => (
          <BoardColumn
            key={technologist.username}
            technologist={technologist}
            cases={rows.filter((row) => row.technologists.includes(technologist.username))}
            {...props}
          />
        ))}
      </Stack>
    </Box>
  );
};

/** Pages only when there are more active cases than one page holds. */
const BoardPagination = () => {
  const { total = 0, perPage } = useListContext();
  return total > perPage ? <Pagination rowsPerPageOptions={[]} /> : null;
};

/**
 * `/continuous-monitoring/cases/assignments` (DESIGN §9): the active (intake, monitoring) cases by
 * technologist, with each one's load against the limits; those who may edit cases reassign them.
 */
export const AssignmentBoard = () => (
  <ListBase<CaseRow> perPage={MAX_PER_PAGE} sort={{ field: 'caseNumber', order: 'ASC' }}>
    <Title title="Assignments" />
    <PageHeading>Assignments</PageHeading>
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
      Active cases (intake and monitoring) by technologist.
    </Typography>
    <BoardColumns />
    <BoardPagination />
  </ListBase>
);
