import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { AvailableTransition } from '../../../../contract/cases';
import { transitionLabel } from './pageLabels';

interface TransitionButtonProps {
  move: AvailableTransition;
  pending: boolean;
  onClick: () => void;
}

/** One move; while its guards are unmet it is disabled and says, under it, what is missing. */
export const TransitionButton = ({ move, pending, onClick }: TransitionButtonProps) => {
  const unmetId = useId();
  const blocked = !move.allowed;
  return (
    <Stack spacing={0.5} sx={{ maxWidth: 320 }}>
      <Button
        variant={move.kind === 'forward' ? 'contained' : 'outlined'}
        color={move.kind === 'cancel' ? 'error' : 'primary'}
        disabled={blocked || pending}
        onClick={onClick}
        aria-describedby={blocked ? unmetId : undefined}
        sx={{ alignSelf: 'flex-start' }}
      >
        {transitionLabel(move)}
      </Button>
      {blocked && (
        <Typography id={unmetId} component="ul" variant="caption" color="text.secondary" sx={{ m: 0, pl: 2 }}>
          {move.unmet.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </Typography>
      )}
    </Stack>
  );
};
