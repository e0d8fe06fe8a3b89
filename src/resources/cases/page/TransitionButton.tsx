import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AvailableTransition, CaseDetails } from '../../../../contract/cases';
import { casePagePath } from '../../../../contract/paths';
import { guardTab } from './guardTabs';
import { transitionLabel } from './pageLabels';

interface TransitionButtonProps {
  details: Pick<CaseDetails, 'id' | 'stage'>;
  move: AvailableTransition;
  pending: boolean;
  onClick: () => void;
}

/** An unmet guard, linked to the tab that puts it right. */
const UnmetGuard = ({ details, reason }: { details: TransitionButtonProps['details']; reason: string }) => {
  const tab = guardTab(reason);
  if (!tab) return <li>{reason}</li>;
  return (
    <li>
      <Link component={RouterLink} to={casePagePath(details.stage, details.id, tab)} color="inherit">
        {reason}
      </Link>
    </li>
  );
};

/**
 * One move; while its guards are unmet it is disabled and says, under it, what is missing, each linked to
 * the tab where it is put right.
 */
export const TransitionButton = ({ details, move, pending, onClick }: TransitionButtonProps) => {
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
            <UnmetGuard key={reason} details={details} reason={reason} />
          ))}
        </Typography>
      )}
    </Stack>
  );
};
