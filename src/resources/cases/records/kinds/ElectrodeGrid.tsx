import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import { alpha, type Theme } from '@mui/material/styles';
import { memo } from 'react';
import { NumberInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { RECORD_SHAPES } from '../../../../../contract/caseRecords';
import { isOverLimit } from '../../../../../contract/electrodes';
import { HEAD_COLUMNS, HEAD_LAYOUT } from './impedanceSummary';

/** The electrodes with a value, as the API takes them (an input left empty is no measurement). */
export const filledValues = (values: unknown): Record<string, number> =>
  Object.fromEntries(
    Object.entries(values ?? {}).filter(([, kOhm]) => typeof kOhm === 'number' && Number.isFinite(kOhm)),
  );

/** A value over the limit reads in red, on a red tint, and says so (not by colour alone). */
const OVER_LIMIT = {
  '& .MuiInputBase-root': { bgcolor: (theme: Theme) => alpha(theme.palette.error.main, 0.1) },
  '& input, & .MuiInputLabel-root, & .MuiFormHelperText-root': { color: 'error.main', fontWeight: 700 },
};

/** The map's own rule (at least one electrode), with the contract's message; a value's range shows on it. */
function missingMessage(values: Record<string, number>) {
  const result = RECORD_SHAPES.impedances.shape.values.safeParse(values);
  return result.error?.issues.find(({ path }) => path.length === 0)?.message;
}

/** One electrode's input: it watches its own value alone, so typing in it re-renders no other input. */
const ElectrodeInput = memo(
  ({ electrode, limit, row, column }: { electrode: string; limit: number; row: number; column: number }) => {
    const kOhm: unknown = useWatch({ name: `values.${electrode}` });
    const over = typeof kOhm === 'number' && Number.isFinite(kOhm) && isOverLimit(kOhm, limit);
    return (
      <NumberInput
        source={`values.${electrode}`}
        label={electrode}
        min={0}
        max={999}
        step={0.1}
        helperText={over ? `Over ${limit} kΩ` : false}
        sx={{ gridRow: row, gridColumn: column, ...(over ? OVER_LIMIT : {}) }}
      />
    );
  },
);

/** Says when no electrode has a value yet (the map's own rule). */
const MissingMessage = () => {
  const missing = missingMessage(filledValues(useWatch({ name: 'values' })));
  return missing ? <FormHelperText>{missing}</FormHelperText> : null;
};

/**
 * The impedances of a check, one input per electrode (kΩ) laid out like the head; a value over the limit
 * is flagged as it is typed.
 */
export const ElectrodeGrid = ({ limit }: { limit: number }) => (
  <Box sx={{ width: '100%', overflowX: 'auto', mb: 2 }}>
    <Box
      role="group"
      aria-label="Impedance in kΩ by electrode"
      sx={{
        display: 'grid',
        gridTemplateColumns: `repeat(${HEAD_COLUMNS}, minmax(64px, 1fr))`,
        columnGap: 1,
      }}
    >
      {HEAD_LAYOUT.flatMap((row, rowIndex) =>
        row.map((electrode, column) =>
          electrode ? (
            <ElectrodeInput
              key={electrode}
              electrode={electrode}
              limit={limit}
              row={rowIndex + 1}
              column={column + 1}
            />
          ) : null,
        ),
      )}
    </Box>
    <MissingMessage />
  </Box>
);
