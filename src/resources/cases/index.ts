import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import ViewWeekIcon from '@mui/icons-material/ViewWeek';
import { createElement } from 'react';
import type { ResourceProps } from 'react-admin';
import { CASE_STAGES, type CaseRow, type CaseStage } from '../../../contract/cases';
import { caseListResource } from '../../dataProvider/resourcePaths';
import { lazyPreloaded, lazyWithReload } from '../../lazyWithReload';
import { PAGE_CHUNKS } from '../../pageChunks';
import { STAGE_LABELS } from './caseLabels';

const CaseList = lazyPreloaded(PAGE_CHUNKS.caseList, (module) => module.CaseList);
const CaseCreate = lazyWithReload(() =>
  import('./create/CaseCreate').then((module) => ({ default: module.CaseCreate })),
);
// The case page, `{stage}/{caseId}/{tab}`: on the edit route (`:id/*`), as the client page; a custom route
// `:stage/:caseId/*` would rank below the stage resources' own `{stage}/*` and never be reached.
const CasePage = lazyWithReload(() =>
  import('./page/CasePage').then((module) => ({ default: module.CasePage })),
);
const AssignmentBoard = lazyWithReload(() =>
  import('./assignments/AssignmentBoard').then((module) => ({ default: module.AssignmentBoard })),
);

/** A stage list, `/continuous-monitoring/cases/{stage}` (issue 7); intake also takes new cases. */
const stageResource = (stage: CaseStage) =>
  ({
    name: caseListResource(stage),
    options: { label: STAGE_LABELS[stage] },
    list: createElement(CaseList, { stage }),
    create: stage === 'intake' ? CaseCreate : undefined,
    edit: CasePage,
    icon: MonitorHeartIcon,
    recordRepresentation: (row: CaseRow) => row.caseNumber,
  }) satisfies ResourceProps;

/** `/continuous-monitoring/cases/assignments`: the technologists' board. */
const assignments = {
  name: caseListResource('assignments'),
  options: { label: 'Assignments' },
  list: AssignmentBoard,
  icon: ViewWeekIcon,
} satisfies ResourceProps;

/** The case lists, each its own resource named after its route, spread as `<Resource {...resource} />`. */
const cases: ResourceProps[] = [...CASE_STAGES.map(stageResource), assignments];

export default cases;
