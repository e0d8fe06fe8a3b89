import type { Meta, StoryObj } from '@storybook/react-vite';
import { serviceAs } from '@test-support/caseFixtures';
import { CLIENT_ID, settingsHandler } from '@test-support/fakeInterfacesApi';
import { HandlersHarness } from '@test-support/HandlersHarness';
import { expect, userEvent } from 'storybook/test';
import { API_PATHS } from '../../../../contract/paths';
import { toHttpError } from '../../../dataProvider/httpClient';

/** A client's Interface tab (`/continuous-monitoring/clients/2/interface`): what the hospital sends and receives. */
const meta = {
  title: 'Clients/Interface tab',
  component: HandlersHarness,
  parameters: { layout: 'fullscreen' },
  args: {
    ...serviceAs('admin', `${API_PATHS.client(CLIENT_ID)}/interface`),
    handlers: [settingsHandler],
  },
} satisfies Meta<typeof HandlersHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

const SETTINGS = `GET ${API_PATHS.clientInterface(CLIENT_ID)}`;

/** ADT in from EPIC, final reports and addenda out over FHIR; the bearer token is set, never shown. */
export const Full: Story = {
  play: async ({ canvas }) => {
    await expect(await canvas.findByLabelText('Sending application (MSH-3)')).toHaveValue('EPIC');
    await expect(canvas.getByText('Bearer token:')).toHaveTextContent('Bearer token: set');
  },
};

export const Loading: Story = {
  args: { pending: [SETTINGS] },
  parameters: { stillLoading: true },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('progressbar', { name: 'Loading the interface settings' }),
    ).toBeVisible();
  },
};

export const Failed: Story = {
  args: { failures: { [SETTINGS]: toHttpError(503, { error: 'The database is not reachable' }) } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(/The interface settings could not be read/)).toBeVisible();
  },
};

/** The server refuses the FHIR server's address; the message shows under the field. */
export const SaveRefused: Story = {
  args: {
    failures: {
      [`PUT ${API_PATHS.clientInterface(CLIENT_ID)}`]: toHttpError(400, {
        error: 'Invalid interface',
        fields: [{ field: 'fhirBaseUrl', message: 'This FHIR server refuses Vigil' }],
      }),
    },
  },
  play: async ({ canvas }) => {
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Daily' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save interface' }));
    await expect(await canvas.findByText('This FHIR server refuses Vigil')).toBeVisible();
  },
};
