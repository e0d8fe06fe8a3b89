import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useGetIdentity, useNotify, usePermissions } from 'react-admin';
import type { Role } from '../../contract/roles';
import { BillableHours } from './BillableHours';
import { CasesPerStage } from './CasesPerStage';
import { useLogCheck, useOperationsBoard } from './homeQueries';
import { seesReportsOnBoard } from './homeWidgets';
import { MonitoringBoard } from './MonitoringBoard';
import { UpdatedAt } from './UpdatedAt';

/** The operations board (GET /getHome2), for admins and technologists: checks, billable hours, stages. */
export const OperationsBoard = () => {
  const { data: board, error, dataUpdatedAt } = useOperationsBoard();
  const { identity } = useGetIdentity();
  const { permissions: roles } = usePermissions<Role[]>();
  const logCheck = useLogCheck();
  const notify = useNotify();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, mt: 1 }}>
        <Typography variant="h6" component="h2">
          Operations
        </Typography>
        <UpdatedAt at={dataUpdatedAt} />
      </Box>
      <MonitoringBoard
        data={board?.monitoring}
        error={error}
        username={identity ? String(identity.id) : undefined}
        showReports={roles ? seesReportsOnBoard(roles) : false}
        loggingCheckOf={logCheck.isPending ? logCheck.variables?.id : undefined}
        onLogCheck={(row) =>
          logCheck.mutate(row, {
            onSuccess: () => notify(`Check logged on ${row.caseNumber}`, { type: 'success' }),
            onError: (failure) =>
              notify(`The check on ${row.caseNumber} was not logged: ${failure.message}`, { type: 'error' }),
          })
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <BillableHours data={board?.billableHours} error={error} />
        <CasesPerStage data={board?.stageCounts} error={error} />
      </Box>
    </>
  );
};
