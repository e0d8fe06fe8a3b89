import { Confirm } from 'react-admin';
import type { CycleMove } from './cycleMoves';

interface CycleMoveDialogProps {
  move: CycleMove;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a month changes status: closing freezes its lines, invoicing can only be undone by an admin. */
export const CycleMoveDialog = ({ move, pending, onConfirm, onCancel }: CycleMoveDialogProps) => (
  <Confirm
    isOpen
    title={move.title}
    content={move.explanation}
    confirm={move.action}
    loading={pending}
    onConfirm={onConfirm}
    onClose={onCancel}
  />
);
