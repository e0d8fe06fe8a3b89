import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';

interface ShareBarProps {
  label: string;
  /** The figure as shown, e.g. "1284.50 h". */
  value: string;
  /** Its share of the largest figure compared, 0 to 1. */
  share: number;
}

/** One figure of a comparison: its label and value, over a bar as long as its share of the largest. */
export const ShareBar = ({ label, value, share }: ShareBarProps) => (
  <Box>
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography variant="body2">{label}</Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }}>
        {value}
      </Typography>
    </Box>
    {/* The figures are in the text above; the bar only shows them to the eye. */}
    <LinearProgress
      variant="determinate"
      value={share * 100}
      aria-hidden
      sx={{ height: 8, borderRadius: 1, mt: 0.5 }}
    />
  </Box>
);

/** Each value's share of the largest (all 0 when every value is 0). */
export function sharesOf(values: readonly number[]): number[] {
  const largest = Math.max(0, ...values);
  return values.map((value) => (largest === 0 ? 0 : value / largest));
}
