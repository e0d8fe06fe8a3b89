import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { MouseEvent } from 'react';
import { Link } from 'react-admin';
import type { CaseRow } from '../../../../contract/cases';
import { casePageOf } from '../caseLinks';

type CaseLink = Pick<CaseRow, 'id' | 'stage' | 'caseNumber'> & { overdue?: boolean };

/** The case number as a link to the case's page, with a badge while its checks are overdue. */
export const CaseNumberField = ({ row }: { row: CaseLink }) => (
  // The badge goes under the number in a narrow column rather than widening it.
  <Stack
    direction="row"
    spacing={1}
    useFlexGap
    sx={{ alignItems: 'center', flexWrap: 'wrap', whiteSpace: 'nowrap' }}
  >
    {/* The row may be clickable too: the link alone should navigate. */}
    <Link to={casePageOf(row)} onClick={(event: MouseEvent) => event.stopPropagation()}>
      {row.caseNumber}
    </Link>
    {row.overdue && <Chip label="Overdue" color="error" size="small" />}
  </Stack>
);
