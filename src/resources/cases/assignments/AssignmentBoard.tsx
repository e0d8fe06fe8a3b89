import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ListBase, Pagination, Title, useCanAccess, useListContext } from 'react-admin';
import type { CaseRow, Technologist } from '../../../../contract/cases';
import { MAX_PER_PAGE } from '../../../../contract/pageSize';
import { KEEP_ERROR_ON_PAGE, PageReadError } from '../../../customRoutes/RetryAlert';
import { PageHeading } from '../../../layout/PageHeading';
import { useTechnologists } from '../useTechnologists';
import { BoardColumn } from './BoardColumn';

const BOARD_TITLE = 'Assignments';

/** "Unassigned" first (the cases waiting for someone), then one column per technologist. */
const BoardColumns = ({
  rows,
  technologists,
  canReassign,
}: {
  rows: readonly CaseRow[];
  technologists: readonly Technologist[];
  canReassign: boolean;
}) => {
  const props = { technologists, canReassign };
  // The grid keeps the row of columns from widening the page: the row scrolls instead, focusable so that a
  // keyboard can scroll it (a column without a case has nothing else to focus).
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Stack
        direction="row"
        spacing={2}
        tabIndex={0}
        role="region"
        aria-label="Technologists' columns, scrollable"
        sx={{ overflowX: 'auto', alignItems: 'flex-start', py: 2 }}
      >
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

/** The board's title, level-one heading and what it shows, above `children`. */
const BoardPage = ({ children }: { children: ReactNode }) => (
  <>
    <Title title={BOARD_TITLE} />
    <PageHeading>{BOARD_TITLE}</PageHeading>
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
      Active cases (intake and monitoring) by technologist.
    </Typography>
    {children}
  </>
);

/**
 * The board once its two reads (the active cases, the technologists) are in. A read that failed is shown
 * with Try again, never as empty columns: "No active case" would tell a technologist there is no work.
 */
const Board = () => {
  const cases = useListContext<CaseRow>();
  const technologists = useTechnologists();
  const reassign = useCanAccess({ resource: 'cases', action: 'edit' });
  const error = cases.error ?? technologists.error;
  if (error)
    return (
      <PageReadError
        title={BOARD_TITLE}
        onRetry={() => {
          if (cases.error) cases.refetch();
          if (technologists.error) void technologists.refetch();
        }}
      >
        The active cases could not be read: {error.message}
      </PageReadError>
    );
  // A progress bar, not react-admin's spinner: its h5 "Loading" would stand right under the page's h1.
  if (!cases.data || !technologists.data || reassign.isPending)
    return (
      <BoardPage>
        <LinearProgress aria-label="Reading the active cases" sx={{ mt: 2 }} />
      </BoardPage>
    );
  return (
    <BoardPage>
      <BoardColumns
        rows={cases.data}
        technologists={technologists.data}
        canReassign={reassign.canAccess ?? false}
      />
      <BoardPagination />
    </BoardPage>
  );
};

/**
 * `/continuous-monitoring/cases/assignments` (DESIGN §9): the active (intake, monitoring) cases by
 * technologist, with each one's load against the limits; those who may edit cases reassign them.
 */
export const AssignmentBoard = () => (
  <ListBase<CaseRow>
    perPage={MAX_PER_PAGE}
    sort={{ field: 'caseNumber', order: 'ASC' }}
    queryOptions={KEEP_ERROR_ON_PAGE}
  >
    <Board />
  </ListBase>
);
