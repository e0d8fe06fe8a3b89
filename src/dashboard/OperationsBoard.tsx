import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { BillableHours } from './BillableHours';
import { CasesPerStage } from './CasesPerStage';
import { useOperationsBoard } from './homeQueries';
import { MonitoringBoard } from './MonitoringBoard';

/** The operations board (GET /getHome2), for admins and technologists: checks, billable hours, stages. */
export const OperationsBoard = () => {
  const { data: board, error } = useOperationsBoard();
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
        Operations
      </Typography>
      <MonitoringBoard data={board?.monitoring} error={error} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <BillableHours data={board?.billableHours} error={error} />
        <CasesPerStage data={board?.stageCounts} error={error} />
      </Box>
    </>
  );
};
