import { DataTable } from 'react-admin';
import type { CaseRow } from '../../../../contract/cases';
import { formatInZone } from '../../../dates';
import { CaseNumberField } from './CaseNumberField';

const Col = DataTable.Col<CaseRow>;

/** The columns every table of cases shows: the stage lists and a client's cases tab; each row's times in its client's zone. */
export const CASE_COLUMNS = {
  caseNumber: <Col source="caseNumber" label="Case number" render={(row) => <CaseNumberField row={row} />} />,
  patient: <Col source="patientName" label="Patient" disableSort render={(row) => row.patientName ?? '—'} />,
  recordingStart: (
    <Col
      source="recordingStart"
      label="Recording start"
      render={(row) => formatInZone(row.recordingStart, row.clientTimeZone)}
    />
  ),
  updated: (
    <Col
      source="updatedAt"
      label="Updated"
      render={(row) => formatInZone(row.updatedAt, row.clientTimeZone)}
    />
  ),
};
