import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router-dom';
import { CASE_STAGES } from '../../contract/cases';
import type { StageCounts as Counts } from '../../contract/home';
import { API_PATHS } from '../../contract/paths';
import { VisuallyHidden } from '../layout/PageHeading';
import { STAGE_LABELS } from '../resources/cases/caseLabels';
import { HomeWidget, type WidgetData } from './HomeWidget';

/** How many cases each stage list holds, each a small card that opens its list. */
export const StageCounts = (props: WidgetData<Counts>) => (
  <HomeWidget title="Case lists" skeletonLines={2} {...props}>
    {(counts) => (
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, m: 0, p: 0 }}>
        {CASE_STAGES.map((stage) => (
          <Card key={stage} component="li" variant="outlined" sx={{ listStyle: 'none', minWidth: 120 }}>
            <CardActionArea component={Link} to={API_PATHS.caseStage(stage)} sx={{ px: 2, py: 1 }}>
              <Typography variant="overline" color="text.secondary" component="div">
                {STAGE_LABELS[stage]}
              </Typography>
              {/* Named by what it shows ("Intake 6 cases"): the word "cases" is for screen readers only. */}
              <Typography variant="h5" component="div">
                {counts[stage]} <VisuallyHidden>{counts[stage] === 1 ? 'case' : 'cases'}</VisuallyHidden>
              </Typography>
            </CardActionArea>
          </Card>
        ))}
      </Box>
    )}
  </HomeWidget>
);
