import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { BillingCycle } from '../../../contract/billing';
import { type CycleMove, cycleMoves, type MoveContext } from './cycleMoves';

interface CycleActionsProps {
  cycle: BillingCycle;
  context: MoveContext;
  onChoose: (move: CycleMove) => void;
}

/** A move not open to this user or month stays visible, disabled, with why beside it. */
const MoveButton = ({ move, onChoose }: { move: CycleMove; onChoose: (move: CycleMove) => void }) => {
  const refusalId = useId();
  return (
    <div>
      <Button
        size="small"
        variant="outlined"
        aria-label={move.name}
        disabled={move.refusal !== null}
        aria-describedby={move.refusal ? refusalId : undefined}
        onClick={() => onChoose(move)}
      >
        {move.action}
      </Button>
      {move.refusal && (
        <Typography id={refusalId} variant="caption" color="text.secondary" component="p">
          {move.refusal}
        </Typography>
      )}
    </div>
  );
};

/** The status changes of a month: close, mark invoiced, reopen; each confirmed before it is sent. */
export const CycleActions = ({ cycle, context, onChoose }: CycleActionsProps) => (
  <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
    {cycleMoves(cycle, context).map((move) => (
      <MoveButton key={move.to} move={move} onChoose={onChoose} />
    ))}
  </Stack>
);
