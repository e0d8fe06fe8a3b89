import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useCanAccess } from 'react-admin';
import { useParams } from 'react-router-dom';
import type { BillingCycle } from '../../../contract/billing';
import { PrintStyles } from '../../print/PrintStyles';
import { BillingClientHeader } from './BillingClientHeader';
import { useBillingCycles } from './billingQueries';
import { CaseHoursSection } from './CaseHoursSection';
import { CycleMoveDialog } from './CycleMoveDialog';
import { CyclesTable } from './CyclesTable';
import type { CycleMove } from './cycleMoves';
import { useSetCycleStatus } from './useCycleWrites';

/**
 * `/billing/continuous-monitoring/{clientId}` (base layout, DESIGN §9): the client's months, newest first;
 * set a month's rate, close it, mark it invoiced, reopen it, open its statement; below, a month's hours per case.
 */
export const BillingClientPage = () => {
  const { clientId = '' } = useParams();
  const { data: cycles, error } = useBillingCycles(clientId);
  const { canAccess: canEdit = false } = useCanAccess({ resource: 'billing', action: 'edit' });
  const [chosen, setChosen] = useState<{ cycle: BillingCycle; move: CycleMove }>();
  const changeStatus = useSetCycleStatus(clientId);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto', p: { xs: 2, sm: 4 }, bgcolor: 'background.paper' }}>
      <PrintStyles />
      <BillingClientHeader clientId={clientId} />
      {error ? (
        <Alert severity="error">The billing cycles could not be read: {error.message}</Alert>
      ) : cycles?.length === 0 ? (
        <Typography color="text.secondary">
          No months to bill yet: they start with the client's first recording.
        </Typography>
      ) : (
        <>
          <CyclesTable
            clientId={clientId}
            cycles={cycles}
            canEdit={canEdit}
            onChoose={(cycle, move) => setChosen({ cycle, move })}
          />
          {cycles && <CaseHoursSection clientId={clientId} cycles={cycles} />}
        </>
      )}
      {chosen && (
        <CycleMoveDialog
          move={chosen.move}
          pending={changeStatus.isPending}
          onConfirm={() => changeStatus.mutate(chosen, { onSettled: () => setChosen(undefined) })}
          onCancel={() => setChosen(undefined)}
        />
      )}
    </Box>
  );
};
