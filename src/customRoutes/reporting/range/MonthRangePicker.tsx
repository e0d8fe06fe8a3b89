import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { PRINT_ONLY } from '../../../print/PrintStyles';
import { MonthField } from './MonthField';
import { quickRanges } from './monthRange';
import type { MonthRangeState } from './useMonthRange';

/** From and To months plus the usual ranges; an invalid range is explained here (and not fetched). */
export const MonthRangePicker = ({ from, to, problem, setRange }: MonthRangeState) => {
  const choices = quickRanges();
  const chosen = choices.find(({ range }) => range.from === from && range.to === to)?.label ?? null;
  return (
    <Stack role="group" aria-label="Report months" spacing={1}>
      <span className={PRINT_ONLY}>
        Months {from} to {to}
      </span>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <MonthField label="From" value={from} onCommit={(month) => setRange({ from: month, to })} />
        <MonthField label="To" value={to} onCommit={(month) => setRange({ from, to: month })} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={chosen}
          aria-label="Quick ranges"
          onChange={(_event, label: string | null) => {
            const choice = choices.find((candidate) => candidate.label === label);
            if (choice) setRange(choice.range);
          }}
        >
          {choices.map(({ label }) => (
            <ToggleButton key={label} value={label}>
              {label}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {problem && <Alert severity="warning">{problem}</Alert>}
    </Stack>
  );
};
