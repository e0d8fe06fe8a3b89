import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Count, useListContext } from 'react-admin';
import { Link } from 'react-router-dom';
import { CASE_STAGES, type CaseStage } from '../../../../contract/cases';
import { caseListResource } from '../../../dataProvider/resourcePaths';
import { STAGE_LABELS } from '../caseLabels';

/** A count asks for one row; the API sorts cases by its own fields (react-admin's default is `id`). */
const COUNT_SORT = { field: 'createdAt', order: 'DESC' } as const;

/**
 * The stages as tabs (react-admin demo's OrderList), each with its number of cases under the current
 * filters; a tab is a link to that stage's list, taking the filters along.
 */
export const StageTabs = ({ current }: { current: CaseStage }) => {
  const { filterValues } = useListContext();
  const filtered = Object.keys(filterValues).length > 0;
  const search = filtered ? `?filter=${encodeURIComponent(JSON.stringify(filterValues))}` : '';
  return (
    <Tabs value={current} variant="scrollable" aria-label="Case stages">
      {CASE_STAGES.map((stage) => (
        <Tab
          key={stage}
          value={stage}
          component={Link}
          to={`/${caseListResource(stage)}${search}`}
          label={
            <span>
              {STAGE_LABELS[stage]}{' '}
              <Count resource={caseListResource(stage)} filter={filterValues} sort={COUNT_SORT} />
            </span>
          }
        />
      ))}
    </Tabs>
  );
};
