import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Confirm } from 'react-admin';
import type { AvailableTransition, CaseDetails } from '../../../../contract/cases';
import { transitionLabel } from './pageLabels';
import { ReasonDialog } from './ReasonDialog';
import { TransitionButton } from './TransitionButton';
import { useTransitionCase } from './useTransitionCase';

/** The moves the caller's roles may make from the case's stage, one button each. */
export const CaseTransitions = ({ details }: { details: CaseDetails }) => {
  const transition = useTransitionCase(details);
  const [asking, setAsking] = useState<AvailableTransition>();
  const [closing, setClosing] = useState<AvailableTransition>();
  if (details.allowedTransitions.length === 0) return null;
  const start = (move: AvailableTransition) => {
    if (move.reasonRequired) return setAsking(move);
    // Closing a reviewed case is the last step: it becomes read-only, so it is confirmed first.
    if (move.to === 'closed') return setClosing(move);
    transition.mutate({ move });
  };
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
      <Confirm
        isOpen={Boolean(closing)}
        loading={transition.isPending}
        title={`Close case ${details.caseNumber}?`}
        content="Closing makes the case and every record on it read-only and keeps the protocol it ran under. Only an administrator can reopen it."
        confirm="Close case"
        onConfirm={() =>
          closing && transition.mutate({ move: closing }, { onSettled: () => setClosing(undefined) })
        }
        onClose={() => setClosing(undefined)}
      />
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
