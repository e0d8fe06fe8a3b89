import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type ChangeEvent, useRef, useState } from 'react';
import { FieldTitle, InputHelperText, useInput } from 'react-admin';
import { readWallClock, wallClockIn, zoneAbbreviation } from '../dates';

interface ZonedDateTimeInputProps {
  source: string;
  label: string;
  /** The client's IANA zone the time is read and written in, e.g. "America/Denver". */
  timeZone: string;
  helperText?: string;
  /** The instant a form without this field starts from. */
  defaultValue?: string;
  isRequired?: boolean;
  autoFocus?: boolean;
}

/** What a time that does not exist (clocks springing forward) leaves in the form: no instant, so refused. */
const NO_SUCH_TIME = 'no such time';

/** "01:30" of a wall-clock text "2026-11-01T01:30". */
const clockOf = (text: string) => text.slice(11, 16);

/**
 * One clock (DESIGN §4): a case's date and time, shown and typed as the wall clock of its client's zone with
 * the zone's abbreviation, whatever zone the browser is in; the form holds the UTC instant. A time the
 * clocks skip is refused with a message; a time they pass twice takes the earlier instant and says so (the
 * abbreviation tells which, e.g. MDT before MST).
 */
export const ZonedDateTimeInput = ({
  source,
  label,
  timeZone,
  helperText,
  defaultValue,
  isRequired,
  autoFocus,
}: ZonedDateTimeInputProps) => {
  const { field, fieldState, id, isRequired: required } = useInput({ source, isRequired, defaultValue });
  const value = typeof field.value === 'string' && field.value !== '' ? field.value : null;
  const [text, setText] = useState(() => wallClockIn(value, timeZone));
  // A value set from outside (a reset, a newer revision) is shown; one this input set is already.
  const ownValue = useRef(value);
  if (value !== ownValue.current) {
    ownValue.current = value;
    if (value !== NO_SUCH_TIME) setText(wallClockIn(value, timeZone));
  }

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value;
    const reading = readWallClock(typed, timeZone);
    const next =
      reading.kind === 'instant' ? reading.instant : reading.kind === 'empty' ? null : NO_SUCH_TIME;
    setText(typed);
    ownValue.current = next;
    field.onChange(next);
  };

  const reading = readWallClock(text, timeZone);
  const abbreviation = zoneAbbreviation(
    reading.kind === 'instant' ? reading.instant : new Date().toISOString(),
    timeZone,
  );
  const problem =
    reading.kind === 'nonexistent'
      ? `${clockOf(text)} does not exist that day in ${timeZone}: the clocks jump forward over it`
      : reading.kind === 'invalid'
        ? 'Not a date and time'
        : fieldState.error?.message;
  const note =
    reading.kind === 'instant' && reading.ambiguous
      ? `${clockOf(text)} comes twice that day as the clocks go back: taken as the first, ${abbreviation} (the second is ${zoneAbbreviation(reading.later, timeZone)})`
      : (helperText ?? `${timeZone} time`);

  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      type="datetime-local"
      value={text}
      onChange={onChange}
      onBlur={field.onBlur}
      autoFocus={autoFocus}
      size="small"
      className={`ra-input ra-input-${source}`}
      error={Boolean(problem)}
      label={<FieldTitle label={label} source={source} isRequired={required} />}
      helperText={<InputHelperText error={problem} helperText={note} />}
      slotProps={{
        inputLabel: { shrink: true },
        input: { endAdornment: <InputAdornment position="end">{abbreviation}</InputAdornment> },
      }}
    />
  );
};
