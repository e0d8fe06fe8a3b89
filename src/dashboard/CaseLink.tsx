import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { casePagePath } from '../../contract/paths';

interface CaseLinkProps {
  caseNumber: string;
  stage: string;
  id: number;
  /** The case page's tab to open; its details by default. */
  tab?: string;
}

/** A case number that opens the case's page. */
export const CaseLink = ({ caseNumber, stage, id, tab }: CaseLinkProps) => (
  <Link component={RouterLink} to={casePagePath(stage, id, tab)} sx={{ whiteSpace: 'nowrap' }}>
    {caseNumber}
  </Link>
);
