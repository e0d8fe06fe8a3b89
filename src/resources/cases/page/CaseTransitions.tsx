import Stack from '@mui/material/Stack';
import { useState } from 'react';
import type { AvailableTransition, CaseDetails } from '../../../../contract/cases';
import { transitionLabel } from './pageLabels';
import { ReasonDialog } from './ReasonDialog';
import { TransitionButton } from './TransitionButton';
import { useTransitionCase } from './useTransitionCase';

/** The moves the caller's roles may make from the case's stage, one button each. */
export const CaseTransitions = ({ details }: { details: CaseDetails }) => {
  const transition = useTransitionCase(details);
  const [asking, setAsking] = useState<AvailableTransition>();
  if (details.allowedTransitions.length === 0) return null;
  const start = (move: AvailableTransition) =>
    move.reasonRequired ? setAsking(move) : transition.mutate({ move });
  return (
    <Stack
      component="section"
      aria-label="Stage changes"
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      {details.allowedTransitions.map((move) => (
        <TransitionButton
          key={move.to}
          details={details}
          move={move}
          pending={transition.isPending}
          onClick={() => start(move)}
        />
      ))}
      {asking && (
        <ReasonDialog
          title={transitionLabel(asking)}
          caseNumber={details.caseNumber}
          pending={transition.isPending}
          onCancel={() => setAsking(undefined)}
          onConfirm={(reason) =>
            transition.mutate({ move: asking, reason }, { onSettled: () => setAsking(undefined) })
          }
        />
      )}
    </Stack>
  );
};
