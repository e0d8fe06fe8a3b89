import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetIdentity, useNotify, usePermissions } from 'react-admin';
import type { Role } from '../../contract/roles';
import { useTechnologistName } from '../resources/cases/useTechnologists';
import { BillableHours } from './BillableHours';
import { BoardHandover } from './BoardHandover';
import { CasesPerStage } from './CasesPerStage';
import { useLogCheck, useOperationsBoard } from './homeQueries';
import { seesReportsOnBoard } from './homeWidgets';
import { MonitoringBoard } from './MonitoringBoard';
import { TurnaroundBoard } from './TurnaroundBoard';
import { UpdatedAt } from './UpdatedAt';

/**
 * The operations board (GET /getHome2), for admins and technologists: the checks, at the top of their home
 * (DESIGN §4: the board is what a shift keeps open); a technologist hands a case over from its row.
 */
export const OperationsBoard = () => {
  const { data: board, error, dataUpdatedAt } = useOperationsBoard();
  const { identity } = useGetIdentity();
  const { permissions: roles } = usePermissions<Role[]>();
  const logCheck = useLogCheck();
  const nameOf = useTechnologistName();
  const notify = useNotify();
  // The checks logged from this board, by case, and when. Each shows on its row while it is the case's latest
  // check: the board is read again at once by the live update (whether before or after the answer to the
  // click arrives), and a colleague's later check replaces it.
  const [logged, setLogged] = useState<ReadonlyMap<number, number>>(new Map());
  const [handingOver, setHandingOver] = useState<number>();
  const checksLogged = new Map(
    [...logged].filter(([id, at]) => {
      const row = board?.monitoring.find((candidate) => candidate.id === id);
      return row !== undefined && (row.lastCheckAt === null || Date.parse(row.lastCheckAt) <= at);
    }),
  );
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
        checksLogged={checksLogged}
        nameOf={nameOf}
        onHandOver={(row) => setHandingOver(row.id)}
        onLogCheck={(row) =>
          logCheck.mutate(row, {
            onSuccess: (check) =>
              setLogged((before) => new Map(before).set(row.id, Date.parse(check.end ?? check.start))),
            onError: (failure) =>
              notify(`The check on ${row.caseNumber} was not logged: ${failure.message}`, { type: 'error' }),
          })
        }
      />
      <TurnaroundBoard data={board?.clocks} error={error} />
      {handingOver !== undefined && (
        <BoardHandover caseId={handingOver} onClose={() => setHandingOver(undefined)} />
      )}
    </>
  );
};

/** The rest of the operations board (the same GET /getHome2, read once): billable hours and stages. */
export const OperationsSummary = () => {
  const { data: board, error } = useOperationsBoard();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <BillableHours data={board?.billableHours} error={error} />
      <CasesPerStage data={board?.stageCounts} error={error} />
    </Box>
  );
};
