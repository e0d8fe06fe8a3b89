import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildPatient } from '@test-support/caseDetailsBuilders';
import { closedCase, monitoringCase } from '@test-support/caseDetailsFixtures';
import { userWithRole } from '@test-support/clientFixtures';
import type { FakeRequest } from '@test-support/fakeApiRules';
import { fakeAuthProvider } from '@test-support/fakeAuthProvider';
import { fakePatientHttpClient, type PatientState } from '@test-support/fakePatientApi';
import { useHarnessAdmin } from '@test-support/harnessAdmin';
import { useMemo } from 'react';
import { AdminContext, defaultI18nProvider, Notification } from 'react-admin';
import type { CaseDetails, PatientInput } from '../../../../contract/cases';
import type { Role } from '../../../../contract/roles';
import { createDataProvider } from '../../../dataProvider';
import { PatientTab } from './PatientTab';

interface PatientTabHarnessProps {
  details: CaseDetails;
  role: Role;
  states?: PatientState[];
  mrnsInUse?: Record<string, string>;
  savedMeanwhile?: PatientState;
  onRequest?: (request: FakeRequest) => void;
}

/** The patient tab of one case, signed in with one role, over the fake patient-details API. */
const PatientTabHarness = ({
  details,
  role,
  states,
  mrnsInUse,
  savedMeanwhile,
  onRequest,
}: PatientTabHarnessProps) => {
  const { store, themes, queryClient } = useHarnessAdmin();
  const providers = useMemo(() => {
    const user = userWithRole(role);
    const httpClient = fakePatientHttpClient({
      caseId: details.id,
      username: user.username,
      states,
      mrnsInUse,
      savedMeanwhile,
      onRequest,
    });
    return {
      dataProvider: createDataProvider({ httpClient }),
      authProvider: fakeAuthProvider(user),
      i18nProvider: defaultI18nProvider,
    };
  }, [details, role, states, mrnsInUse, savedMeanwhile, onRequest]);
  return (
    <AdminContext
      {...providers}
      queryClient={queryClient}
      store={store}
      lightTheme={themes.light}
      darkTheme={themes.dark}
    >
      <Box sx={{ p: 2 }}>
        <PatientTab details={details} />
      </Box>
      <Notification />
    </AdminContext>
  );
};

const { version: _version, updatedAt: _updatedAt, ...intake } = buildPatient();
const at = (day: number, time: string) => `2026-03-0${day}T${time}:00.000Z`;

/** Given at intake, then the room and medications corrected on the ward. */
const STATES: PatientState[] = [
  { author: 'ada', createdAt: at(2, '08:05'), fields: { ...intake, room: '4-10', medications: '' } },
  { author: 'priya', createdAt: at(2, '09:50'), fields: intake },
];

/** Someone's save at 11:00 of these changes over the current details. */
const changed = (changes: Partial<PatientInput>, author: string): PatientState => ({
  author,
  createdAt: at(2, '11:00'),
  fields: { ...intake, ...changes },
});

const meta = {
  title: 'Cases/Case page/Patient',
  component: PatientTabHarness,
  args: { details: monitoringCase, role: 'technologist', states: STATES },
} satisfies Meta<typeof PatientTabHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** The current details, who saved them and when; a technologist may edit them. */
export const Recorded: Story = {};

/** Taken in without patient details: the tab says so, and they can be added. */
export const NoneYet: Story = { args: { states: [] } };

/** A reader sees the details and their history, with no way to edit them. */
export const Reader: Story = { args: { role: 'reader' } };

/** A closed case's details are read-only, whoever asks. */
export const ClosedCase: Story = { args: { details: closedCase } };

/** The MRN typed belongs to another patient of the client: the server's message shows under the MRN. */
export const MrnInUse: Story = { args: { mrnsInUse: { '200777': 'NSG-2026-0009' } } };

/** Someone else saved the details while the user edited them. */
export const ChangedMeanwhile: Story = {
  args: { savedMeanwhile: changed({ unit: 'Step-down unit', room: '2-03' }, 'ada') },
};
