import type { Meta, StoryObj } from '@storybook/react-vite';
import { AppHarness } from '@test-support/AppHarness';
import { serviceAs } from '@test-support/caseFixtures';
import { API_PATHS } from '../../../../contract/paths';
import { toHttpError } from '../../../dataProvider/httpClient';

/** New case, `/continuous-monitoring/cases/intake/create`, for a technologist, over the fake API. */
const meta = {
  title: 'Cases/New case',
  component: AppHarness,
  parameters: { layout: 'fullscreen' },
  args: serviceAs('technologist', `${API_PATHS.caseStage('intake')}/create`),
} satisfies Meta<typeof AppHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

export const NewCase: Story = {};

/** The server refuses the MRN with a field error, shown under the field. */
export const ServerRefusesTheMrn: Story = {
  args: {
    failures: {
      [`POST ${API_PATHS.cases}`]: toHttpError(400, {
        error: 'Invalid patient.mrn',
        fields: [{ field: 'patient.mrn', message: 'MRN B-55142 belongs to another patient of this client' }],
      }),
    },
  },
};

/** The server refuses the case as a whole (the client stopped taking cases meanwhile): a notice, no page. */
export const ServerRefusesTheCase: Story = {
  args: {
    failures: {
      [`POST ${API_PATHS.cases}`]: toHttpError(409, {
        error: 'Bayside Memorial Hospital takes no new cases',
      }),
    },
  },
};
