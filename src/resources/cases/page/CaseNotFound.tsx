import Typography from '@mui/material/Typography';
import { Link } from 'react-admin';
import { CASE_STAGES } from '../../../../contract/cases';
import { API_PATHS } from '../../../../contract/paths';
import { PageMessage } from '../../../customRoutes/PageMessage';
import { STAGE_LABELS } from '../caseLabels';

const CASE_NOT_FOUND_TITLE = 'Case not found';

const isStage = (stage: string): stage is (typeof CASE_STAGES)[number] =>
  (CASE_STAGES as readonly string[]).includes(stage);

/** An unknown case id: says so, and leads back to the stage's list. */
export const CaseNotFound = ({ caseId, stage }: { caseId: string; stage: string }) => (
  <PageMessage title={CASE_NOT_FOUND_TITLE}>
    <Typography gutterBottom>
      There is no case with the id <code>{caseId}</code>. It may have been deleted, or the link is mistyped.
    </Typography>
    {isStage(stage) && (
      <Link to={API_PATHS.caseStage(stage)}>Back to the {STAGE_LABELS[stage].toLowerCase()} cases</Link>
    )}
  </PageMessage>
);
