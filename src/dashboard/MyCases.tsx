import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { HomeCase } from '../../contract/home';
import { formatInZone } from '../dates';
import { MONITORING_LEVEL_LABELS, STAGE_LABELS } from '../resources/cases/caseLabels';
import { CaseLink } from './CaseLink';
import { HomeTable } from './HomeTable';
import { HomeWidget, type WidgetData } from './HomeWidget';

const HEADERS = ['Case', 'Client', 'Patient', 'Stage', 'Level', 'Recording start', 'Your role'];

const ROLE_LABELS: Record<HomeCase['role'], string> = { technologist: 'Technologist', reader: 'Reader' };

/** The caller's active cases, and why each is theirs: they work it, or they read it. */
export const MyCases = (props: WidgetData<HomeCase[]>) => (
  <HomeWidget title="My active cases" {...props}>
    {(cases) =>
      cases.length === 0 ? (
        <Typography color="text.secondary">You have no active cases.</Typography>
      ) : (
        <HomeTable label="My active cases" headers={HEADERS}>
          {cases.map((row) => (
            <TableRow key={row.id}>
              <TableCell>
                <CaseLink caseNumber={row.caseNumber} stage={row.stage} id={row.id} />
              </TableCell>
              <TableCell>{row.clientName}</TableCell>
              <TableCell>{row.patientName}</TableCell>
              <TableCell>{STAGE_LABELS[row.stage]}</TableCell>
              <TableCell>{MONITORING_LEVEL_LABELS[row.monitoringLevel]}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatInZone(row.recordingStart, row.clientTimeZone)}
              </TableCell>
              <TableCell>{ROLE_LABELS[row.role]}</TableCell>
            </TableRow>
          ))}
        </HomeTable>
      )
    }
  </HomeWidget>
);
