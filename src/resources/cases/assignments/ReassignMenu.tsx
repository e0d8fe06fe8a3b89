import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import type { CaseRow, Technologist } from '../../../../contract/cases';
import { type Reassignment, useReassign } from './useReassign';

interface ReassignMenuProps {
  row: CaseRow;
  /** The technologist whose column the case is shown in; none in "Unassigned". */
  from?: Technologist;
  technologists: readonly Technologist[];
}

/** A case's reassign menu: move to, also assign, or remove from a technologist (keyboard: arrows, Enter). */
export const ReassignMenu = ({ row, from, technologists }: ReassignMenuProps) => {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const reassign = useReassign();
  const others = technologists.filter(({ username }) => !row.technologists.includes(username));
  const choose = (change: Omit<Reassignment, 'row'>) => () => {
    setAnchor(null);
    reassign.mutate({ row, ...change });
  };
  const items = [
    ...(from
      ? others.map((to) => ({
          key: `move-${to.username}`,
          label: `Move to ${to.name}`,
          change: { from, to },
        }))
      : []),
    ...others.map((to) => ({
      key: `add-${to.username}`,
      label: `${from ? 'Also assign' : 'Assign to'} ${to.name}`,
      change: { to },
    })),
  ];
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Reassign ${row.caseNumber}`}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        disabled={reassign.isPending}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <SwapHorizIcon fontSize="small" />
      </IconButton>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {items.map(({ key, label, change }) => (
          <MenuItem key={key} onClick={choose(change)}>
            {label}
          </MenuItem>
        ))}
        {from && items.length > 0 && <Divider />}
        {from && <MenuItem onClick={choose({ from })}>Remove from {from.name}</MenuItem>}
      </Menu>
    </>
  );
};
