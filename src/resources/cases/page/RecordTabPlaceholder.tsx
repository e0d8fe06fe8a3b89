import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { CaseDetails, Patient } from '../../../../contract/cases';
import { formatCalendarDate } from '../../../dates';
import { SEX_LABELS } from '../caseLabels';
import type { RecordTab } from './casePageTabs';
import { FactList } from './FactList';

const RECORDS: Record<RecordTab, string> = {
  patient: 'Patient details and their revisions',
  events: 'Events',
  impedances: 'Impedance checks',
  'time-logs': 'Technologist time logs',
  'case-notes': 'Case notes',
  interpretations: 'Interpretations',
  'billing-notes': 'Billing notes',
};

const orDash = (value: string | null) => value || '—';

const patientFacts = (patient: Patient) => [
  { label: 'MRN', value: orDash(patient.mrn) },
  { label: 'Last name', value: orDash(patient.lastName) },
  { label: 'First name', value: orDash(patient.firstName) },
  { label: 'Date of birth', value: patient.dateOfBirth ? formatCalendarDate(patient.dateOfBirth) : '—' },
  { label: 'Sex', value: patient.sex ? SEX_LABELS[patient.sex] : '—' },
  { label: 'Unit', value: orDash(patient.unit) },
  { label: 'Room', value: orDash(patient.room) },
  { label: 'Ordering physician', value: orDash(patient.orderingPhysician) },
  { label: 'Indication', value: orDash(patient.indication) },
  { label: 'Medications', value: orDash(patient.medications) },
];

/**
 * A clinical-records tab before the clinical-records release: it says so plainly. The patient tab also
 * shows the patient details given at intake, read-only.
 */
export const RecordTabPlaceholder = ({ tab, details }: { tab: RecordTab; details: CaseDetails }) => (
  <Stack spacing={3}>
    <Alert severity="info">
      {RECORDS[tab]} arrive with the clinical-records release: until then they cannot be viewed or recorded
      here.
    </Alert>
    {tab === 'patient' && details.patient && (
      <FactList label="Patient details given at intake" facts={patientFacts(details.patient)} />
    )}
  </Stack>
);
