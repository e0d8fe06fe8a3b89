import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FIRST_MONTH, LAST_MONTH } from '../../../../contract/billing';

const WHOLE_MONTH = /^\d{4}-\d{2}$/;

interface MonthFieldProps {
  label: string;
  value: string;
  onCommit: (month: string) => void;
}

/**
 * A month input (`<input type="month">`; browsers without one show a text box taking `YYYY-MM`). What is
 * typed is kept here and handed on once it is a whole month, or on leaving the field, so that typing
 * "2026-1" on the way to "2026-10" neither fetches nor adds a step to the browser's history.
 */
export const MonthField = ({ label, value, onCommit }: MonthFieldProps) => {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    // The range changed from outside (a quick choice, the back button): show it.
    setShown(value);
    setDraft(value);
  }
  const commit = (month: string) => {
    if (month !== value) onCommit(month);
  };
  return (
    <TextField
      type="month"
      label={label}
      value={draft}
      size="small"
      // A month needs no more room than its name: From and To sit side by side with the quick ranges.
      fullWidth={false}
      onChange={(event) => {
        setDraft(event.target.value);
        if (WHOLE_MONTH.test(event.target.value)) commit(event.target.value);
      }}
      onBlur={() => commit(draft)}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { min: FIRST_MONTH, max: LAST_MONTH, placeholder: 'YYYY-MM' },
      }}
    />
  );
};
