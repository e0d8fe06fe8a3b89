import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOAD_LIMITS, type TechnologistLoad } from '../../../../contract/cases';
import { MONITORING_LEVEL_LABELS } from '../caseLabels';

const LIMITED_LEVELS = Object.keys(LOAD_LIMITS) as (keyof typeof LOAD_LIMITS)[];

const LoadMeter = ({ label, count, limit }: { label: string; count: number; limit: number }) => (
  <div>
    <Typography variant="body2">
      {label} {count}/{limit}
      {count >= limit && (
        <Typography component="span" variant="body2" color="warning.main" sx={{ fontWeight: 'bold', ml: 1 }}>
          {count > limit ? 'Over the limit' : 'Full'}
        </Typography>
      )}
    </Typography>
    <LinearProgress
      variant="determinate"
      aria-label={`${label} load`}
      value={Math.min(100, (count / limit) * 100)}
      color={count > limit ? 'error' : count === limit ? 'warning' : 'primary'}
    />
  </div>
);

/** A technologist's active cases against the load limits (DESIGN §4), e.g. "Continuous 3/4". */
export const LoadSummary = ({ load }: { load: TechnologistLoad }) => (
  <Stack spacing={0.5}>
    {LIMITED_LEVELS.map((level) => (
      <LoadMeter
        key={level}
        label={MONITORING_LEVEL_LABELS[level]}
        count={load[level]}
        limit={LOAD_LIMITS[level]}
      />
    ))}
    <Typography variant="body2">
      {MONITORING_LEVEL_LABELS.unmonitored} {load.unmonitored}
    </Typography>
  </Stack>
);
