import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useInput } from 'react-admin';

/**
 * A write-only secret (a FHIR token or client secret): the page says only whether one is stored and never
 * shows or prefills it. The field's value is what is sent: left out keeps the stored one, `''` clears it,
 * any other text replaces it.
 */
export const SecretInput = ({ source, label, isSet }: { source: string; label: string; isSet: boolean }) => {
  const { field, fieldState, id } = useInput({ source, format: (value) => value, parse: (value) => value });
  const [mode, setMode] = useState<'keep' | 'replace' | 'clear'>('keep');
  const choose = (next: typeof mode) => {
    setMode(next);
    field.onChange(next === 'clear' ? '' : undefined);
  };
  const state =
    mode === 'clear'
      ? 'will be cleared on save'
      : mode === 'replace'
        ? 'will be replaced on save'
        : isSet
          ? 'set'
          : 'not set';
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="body2" id={`${id}-state`}>
        {label}: <strong>{state}</strong>
      </Typography>
      {mode === 'replace' ? (
        <TextField
          id={id}
          label={`New ${label.toLowerCase()}`}
          type="password"
          autoComplete="new-password"
          size="small"
          fullWidth
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(event) => field.onChange(event.target.value === '' ? undefined : event.target.value)}
          onBlur={field.onBlur}
          error={fieldState.invalid}
          helperText={fieldState.error?.message ?? 'Saved encrypted; it cannot be read back'}
          sx={{ mt: 1 }}
        />
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5, '& button': { whiteSpace: 'nowrap' } }}>
        {mode === 'keep' ? (
          <>
            <Button size="small" onClick={() => choose('replace')}>
              {isSet ? `Replace ${label.toLowerCase()}` : `Set ${label.toLowerCase()}`}
            </Button>
            {isSet && (
              <Button size="small" color="warning" onClick={() => choose('clear')}>
                Clear {label.toLowerCase()}
              </Button>
            )}
          </>
        ) : (
          <Button size="small" onClick={() => choose('keep')}>
            {isSet ? `Keep the stored ${label.toLowerCase()}` : 'Cancel'}
          </Button>
        )}
      </Box>
    </Box>
  );
};
