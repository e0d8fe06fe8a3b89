import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LOAD_CAPACITY, loadWeight } from '../../../../contract/caseLoad';
import { MONITORING_LEVELS, type TechnologistLoad } from '../../../../contract/cases';
import { MONITORING_LEVEL_LABELS } from '../caseLabels';

/**
 * A technologist's active cases against the combined load limit (DESIGN §4), e.g. "Load 9/12" over
 * "Continuous 2 · Intermittent 3 · Unmonitored 0".
 */
export const LoadSummary = ({ load }: { load: TechnologistLoad }) => {
  const weight = loadWeight(load);
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">
        Load {weight}/{LOAD_CAPACITY}
        {weight >= LOAD_CAPACITY && (
          <Typography
            component="span"
            variant="body2"
            color="warning.main"
            sx={{ fontWeight: 'bold', ml: 1 }}
          >
            {weight > LOAD_CAPACITY ? 'Over the limit' : 'Full'}
          </Typography>
        )}
      </Typography>
      <LinearProgress
        variant="determinate"
        aria-label="Load"
        value={Math.min(100, (weight / LOAD_CAPACITY) * 100)}
        color={weight > LOAD_CAPACITY ? 'error' : weight === LOAD_CAPACITY ? 'warning' : 'primary'}
      />
      <Typography variant="body2" color="text.secondary">
        {[...MONITORING_LEVELS]
          .reverse()
          .map((level) => `${MONITORING_LEVEL_LABELS[level]} ${load[level]}`)
          .join(' · ')}
      </Typography>
    </Stack>
  );
};
