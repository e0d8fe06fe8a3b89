import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { NumberInput } from 'react-admin';
import { ORDER_PRIORITIES, type TurnaroundTargets } from '../../../../contract/turnaround';
import { PRIORITY_LABELS } from '../../cases/clocks/ClockStatus';

/** The protocol form's turnaround targets (DESIGN §4 turn 4): per priority, order → hookup → first review. */
export const TurnaroundTargetInputs = () => (
  <>
    <Typography variant="subtitle1" component="h3">
      Turnaround targets
    </Typography>
    {ORDER_PRIORITIES.map((priority) => (
      <Stack key={priority} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <NumberInput
          source={`turnaroundTargets.${priority}.orderToHookupMinutes`}
          label={`${PRIORITY_LABELS[priority]}: order to hookup (minutes)`}
          isRequired
        />
        <NumberInput
          source={`turnaroundTargets.${priority}.hookupToFirstReviewMinutes`}
          label={`${PRIORITY_LABELS[priority]}: hookup to first review (minutes)`}
          isRequired
        />
      </Stack>
    ))}
  </>
);

/** A protocol revision's turnaround targets, as a table. */
export const TurnaroundTargetTable = ({ targets }: { targets: TurnaroundTargets }) => (
  <Table size="small" aria-label="Turnaround targets">
    <TableHead>
      <TableRow>
        <TableCell>Priority</TableCell>
        <TableCell>Order to hookup</TableCell>
        <TableCell>Hookup to first review</TableCell>
      </TableRow>
    </TableHead>
    <TableBody>
      {ORDER_PRIORITIES.map((priority) => (
        <TableRow key={priority}>
          <TableCell>{PRIORITY_LABELS[priority]}</TableCell>
          <TableCell>{`${targets[priority].orderToHookupMinutes} minutes`}</TableCell>
          <TableCell>{`${targets[priority].hookupToFirstReviewMinutes} minutes`}</TableCell>
        </TableRow>
      ))}
    </TableBody>
  </Table>
);
