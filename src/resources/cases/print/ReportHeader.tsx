import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useIsFetching } from '@tanstack/react-query';
import { Link } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import { casePagePath } from '../../../../contract/paths';
import { SCREEN_ONLY } from '../../../print/PrintStyles';
import { STAGE_LABELS } from '../caseLabels';
import { patientLine } from '../page/patientLine';

/**
 * The report's title block, and on screen only the way back and the Print button (enabled once every
 * section has been read, so that nothing prints half loaded).
 */
export const ReportHeader = ({ details }: { details: CaseDetails }) => {
  const loading = useIsFetching() > 0;
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
      <div>
        <Typography variant="overline" component="p">
          Vigil
        </Typography>
        <Typography variant="h5" component="h1">
          Continuous EEG monitoring report
        </Typography>
        <Typography sx={{ fontWeight: 'bold' }}>
          Case {details.caseNumber} · {STAGE_LABELS[details.stage]}
        </Typography>
        <Typography>
          {details.client.name} · {patientLine(details.patient)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Times are in {details.client.timeZone}, the client's time zone.
        </Typography>
      </div>
      <Stack className={SCREEN_ONLY} direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Button component={Link} to={casePagePath(details.stage, details.id)}>
          Back to the case
        </Button>
        <Button
          variant="contained"
          startIcon={<PrintIcon />}
          onClick={() => window.print()}
          disabled={loading}
        >
          Print
        </Button>
      </Stack>
    </Stack>
  );
};
