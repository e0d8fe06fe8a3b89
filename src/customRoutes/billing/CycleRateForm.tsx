import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import type { Identifier } from 'react-admin';
import { type BillingCycle, rateField } from '../../../contract/billing';
import { PRINT_ONLY } from '../../print/PrintStyles';
import { monthLabel } from './billingFormat';
import { rateFieldError, useSetCycleRate } from './useCycleWrites';

interface CycleRateFormProps {
  clientId: Identifier;
  /** An open month; the form is keyed by its version, so a saved rate shows as the new starting value. */
  cycle: BillingCycle;
}

/**
 * A month's hourly rate, set in its row: checked as typed with the contract's rule (the server's own), saved
 * by Enter or Save; the server's word on a refused rate shows under the field.
 */
export const CycleRateForm = ({ clientId, cycle }: CycleRateFormProps) => {
  const [rate, setRate] = useState(cycle.rate ?? '');
  const save = useSetCycleRate(clientId);
  const typed = rate.trim() === '' ? undefined : rateField.safeParse(rate);
  const message = typed?.error?.issues[0]?.message ?? rateFieldError(save.error);
  const unchanged = rate.trim() === (cycle.rate ?? '');
  const month = monthLabel(cycle.month);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed?.success && !unchanged) save.mutate({ cycle, rate: typed.data });
  };
  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      onSubmit={submit}
      noValidate
      sx={{ alignItems: 'flex-start' }}
    >
      <span className={PRINT_ONLY}>{cycle.rate ?? 'No rate'}</span>
      <TextField
        size="small"
        label="Rate"
        value={rate}
        onChange={(event) => {
          setRate(event.target.value);
          save.reset();
        }}
        error={Boolean(message)}
        helperText={message ?? 'Per hour; Enter saves'}
        slotProps={{ htmlInput: { 'aria-label': `Rate for ${month}`, inputMode: 'decimal' } }}
        sx={{ width: 180 }}
      />
      <Button
        type="submit"
        size="small"
        variant="outlined"
        disabled={!typed?.success || unchanged}
        loading={save.isPending}
        aria-label={`Save the rate for ${month}`}
        sx={{ mt: 0.5 }}
      >
        Save
      </Button>
    </Stack>
  );
};
