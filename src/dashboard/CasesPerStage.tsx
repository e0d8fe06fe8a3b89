import Stack from '@mui/material/Stack';
import { CASE_STAGES } from '../../contract/cases';
import type { StageCounts } from '../../contract/home';
import { STAGE_LABELS } from '../resources/cases/caseLabels';
import { HomeWidget, type WidgetData } from './HomeWidget';
import { ShareBar, sharesOf } from './ShareBar';

/** Every case by stage, as bars: where the work piles up. */
export const CasesPerStage = (props: WidgetData<StageCounts>) => (
  <HomeWidget title="Cases per stage" skeletonLines={5} {...props}>
    {(counts) => {
      const shares = sharesOf(CASE_STAGES.map((stage) => counts[stage]));
      return (
        <Stack spacing={1}>
          {CASE_STAGES.map((stage, index) => (
            <ShareBar
              key={stage}
              label={STAGE_LABELS[stage]}
              value={String(counts[stage])}
              share={shares[index]}
            />
          ))}
        </Stack>
      );
    }}
  </HomeWidget>
);
