import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PrintIcon from '@mui/icons-material/Print';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { Link, Title } from 'react-admin';
import type { CaseDetails } from '../../../../contract/cases';
import { casePrintPath } from '../../../../contract/paths';
import { formatInZone } from '../../../dates';
import { FactList } from '../../../FactList';
import { clientPath } from '../../clients/clientPaths';
import { MONITORING_LEVEL_LABELS, STAGE_LABELS, STUDY_TYPE_LABELS } from '../caseLabels';
import { EditOrderButton } from '../clocks/EditOrderDialog';
import { NotificationFlag } from '../records/kinds/NotificationFlag';
import { personLabelOf } from '../records/recordFormat';
import { CaseTransitions } from './CaseTransitions';
import { DeleteCaseButton } from './DeleteCaseButton';
import { NextCheckCountdown } from './NextCheckCountdown';
import { NextReportFlag } from './NextReportFlag';
import { patientLine } from './patientLine';

const headerFacts = (details: CaseDetails) => [
  { label: 'Study type', value: STUDY_TYPE_LABELS[details.studyType] },
  { label: 'Video', value: details.hasVideo ? 'With video' : 'No video' },
  { label: 'Monitoring level', value: MONITORING_LEVEL_LABELS[details.monitoringLevel] },
  {
    label: 'Technologists',
    value: details.technologists.map(({ name }) => name).join(', ') || 'None assigned',
  },
  { label: 'Reader', value: details.reader ? personLabelOf(details, details.reader) : 'Not assigned' },
  {
    label: 'Recording start',
    value: details.recordingStart
      ? formatInZone(details.recordingStart, details.client.timeZone)
      : 'Not started',
  },
  {
    label: 'Recording end',
    value: details.recordingEnd ? formatInZone(details.recordingEnd, details.client.timeZone) : 'Not ended',
  },
];

/**
 * The header fields; on a phone folded behind a button, so the tabs and the record are on the first screen.
 */
const HeaderFacts = ({ details }: { details: CaseDetails }) => {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [open, setOpen] = useState(false);
  const id = useId();
  const facts = <FactList label="Case header" facts={headerFacts(details)} />;
  if (!narrow) return facts;
  return (
    <div>
      <Button
        size="small"
        aria-expanded={open}
        aria-controls={id}
        endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? 'Hide case header' : 'Show case header'}
      </Button>
      <Collapse in={open} id={id}>
        {facts}
      </Collapse>
    </div>
  );
};

/**
 * The top of the case page: case number, stage, client and patient, the header fields, and the stage
 * changes the caller may make.
 */
export const CaseHeader = ({ details }: { details: CaseDetails }) => (
  <Stack spacing={2} sx={{ mt: 2, mb: 2 }}>
    <Title title={`Case ${details.caseNumber}`} />
    <div>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1">
          Case {details.caseNumber}
        </Typography>
        <Chip
          label={STAGE_LABELS[details.stage]}
          size="small"
          color={details.stage === 'closed' ? 'default' : 'primary'}
        />
        {details.overdue && <Chip label="Check overdue" size="small" color="error" />}
        <NextCheckCountdown details={details} />
        <NotificationFlag details={details} />
        <NextReportFlag details={details} />
        <Button
          component={Link}
          to={casePrintPath(details.id)}
          target="_blank"
          rel="noopener"
          size="small"
          startIcon={<PrintIcon />}
        >
          Print report
        </Button>
        <EditOrderButton details={details} />
        <DeleteCaseButton details={details} />
      </Stack>
      <Typography color="text.secondary">
        <Link to={clientPath(details.client.id, 'details')}>{details.client.name}</Link>
        {' · '}
        {patientLine(details.patient)}
      </Typography>
    </div>
    <HeaderFacts details={details} />
    <CaseTransitions details={details} />
  </Stack>
);
