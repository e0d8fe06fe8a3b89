import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { Technologist } from '../../../../contract/cases';
import { useTechnologists } from '../useTechnologists';

interface AddTechnologistProps {
  /** The usernames already on the case. */
  onCase: ReadonlySet<string>;
  pending: boolean;
  onAdd: (technologist: Technologist) => void;
}

const loadText = ({ continuous, intermittent, unmonitored }: Technologist['active']) =>
  `${continuous} continuous, ${intermittent} intermittent, ${unmonitored} unmonitored`;

/** Picks a technologist, with the active cases each holds, and assigns them to the case. */
export const AddTechnologist = ({ onCase, pending, onAdd }: AddTechnologistProps) => {
  const { data: technologists = [] } = useTechnologists();
  const candidates = technologists.filter((technologist) => !onCase.has(technologist.username));
  const [username, setUsername] = useState('');
  const chosen = candidates.find((candidate) => candidate.username === username);
  if (candidates.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label="Technologist"
        value={chosen ? username : ''}
        onChange={(event) => setUsername(event.target.value)}
        sx={{ minWidth: 260 }}
      >
        {candidates.map((candidate) => (
          <MenuItem key={candidate.username} value={candidate.username}>
            {candidate.name} ({loadText(candidate.active)})
          </MenuItem>
        ))}
      </TextField>
      <Button disabled={!chosen || pending} onClick={() => chosen && onAdd(chosen)}>
        Assign
      </Button>
    </Stack>
  );
};
