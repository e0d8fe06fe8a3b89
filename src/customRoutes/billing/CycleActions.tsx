import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { BillingCycle } from '../../../contract/billing';
import { type CycleMove, cycleMoves } from './cycleMoves';

interface CycleActionsProps {
  cycle: BillingCycle;
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

/** The status changes the server offers on a month (close, mark invoiced, reopen), each confirmed first. */
export const CycleActions = ({ cycle, onChoose }: CycleActionsProps) => (
  <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
    {cycleMoves(cycle).map((move) => (
      <MoveButton key={move.to} move={move} onChoose={onChoose} />
    ))}
  </Stack>
);
