import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { IndexedPatient } from '../../contract/interfaces';
import { API_PATHS } from '../../contract/paths';
import type { Role } from '../../contract/roles';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { serviceAs } from '../support/caseFixtures';
import type { FakeRequest } from '../support/fakeApiRules';
import { CLIENT_ID, MESSAGES, message, messagesHandler, settingsHandler } from '../support/fakeInterfacesApi';
import { type FakeHandler, HandlersHarness } from '../support/HandlersHarness';
import { catchDownloads } from './support/downloads';
import { submitWith } from './support/renderStory';
import { bodyRowsOf, tableShowing } from './support/tables';

const requestsOf = (onRequest: ReturnType<typeof vi.fn>, method: string, path: string) =>
  onRequest.mock.calls
    .map(([request]) => request as FakeRequest)
    .filter((request) => request.method === method && request.path === path);

const renderAs = (
  role: Role,
  path: string,
  handlers: FakeHandler[],
  extra: { onRequest?: (request: FakeRequest) => void; failures?: Record<string, Error> } = {},
) => render(<HandlersHarness {...serviceAs(role, path)} handlers={handlers} {...extra} />);

describe("a client's Interface tab", () => {
  const interfacePath = `${API_PATHS.client(CLIENT_ID)}/interface`;

  it('shows the settings, says whether each secret is set without showing it, and sends a secret only when replaced or cleared', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    renderAs('admin', interfacePath, [settingsHandler], { onRequest });
    expect(await screen.findByLabelText('Sending application (MSH-3)')).toHaveValue('EPIC');
    expect(screen.getByRole('tab', { name: 'Interface' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('Bearer token:').textContent).toBe('Bearer token: set');
    expect(screen.getByText('Client secret:').textContent).toBe('Client secret: not set');
    expect(screen.queryByLabelText(/New bearer token/)).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Final' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Preliminary' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Daily' }));
    await user.click(screen.getByRole('button', { name: 'Set client secret' }));
    fireEvent.change(screen.getByLabelText('New client secret'), { target: { value: 's3cret' } });
    await submitWith(user, 'Save interface');
    await waitFor(() =>
      expect(requestsOf(onRequest, 'PUT', API_PATHS.clientInterface(CLIENT_ID))).toHaveLength(1),
    );
    const [put] = requestsOf(onRequest, 'PUT', API_PATHS.clientInterface(CLIENT_ID));
    expect(put.body).toMatchObject({
      version: 3,
      inboundEnabled: true,
      sendingApplication: 'EPIC',
      fhirClientSecret: 's3cret',
      reportKinds: ['final', 'addendum', 'daily'],
    });
    expect(put.body).not.toHaveProperty('fhirBearerToken');
    expect(await screen.findByText('Client secret:')).toHaveTextContent('Client secret: set');
  });

  it('clears a stored token when asked', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    renderAs('admin', interfacePath, [settingsHandler], { onRequest });
    await user.click(await screen.findByRole('button', { name: 'Clear bearer token' }));
    expect(screen.getByText('Bearer token:')).toHaveTextContent('will be cleared on save');
    await submitWith(user, 'Save interface');
    await waitFor(() =>
      expect(requestsOf(onRequest, 'PUT', API_PATHS.clientInterface(CLIENT_ID))).toHaveLength(1),
    );
    expect(requestsOf(onRequest, 'PUT', API_PATHS.clientInterface(CLIENT_ID))[0].body).toMatchObject({
      fhirBearerToken: '',
    });
    expect(await screen.findByText('Bearer token:')).toHaveTextContent('Bearer token: not set');
  });

  it('says clearly when someone else saved first (409), keeping what the admin typed', async () => {
    const user = userEvent.setup();
    renderAs('admin', interfacePath, [settingsHandler], {
      failures: {
        [`PUT ${API_PATHS.clientInterface(CLIENT_ID)}`]: toHttpError(409, {
          error: 'Someone else changed the hospital interface meanwhile',
        }),
      },
    });
    const facility = await screen.findByLabelText('Sending facility (MSH-4)');
    fireEvent.change(facility, { target: { value: 'BAYSIDE-EAST' } });
    await submitWith(user, 'Save interface');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed the hospital interface meanwhile');
    expect(within(alert).getByRole('button', { name: 'Load their version' })).toBeInTheDocument();
    expect(screen.getByLabelText('Sending facility (MSH-4)')).toHaveValue('BAYSIDE-EAST');
  });

  it("shows the server's field errors (400) under their fields", async () => {
    const user = userEvent.setup();
    renderAs('admin', interfacePath, [settingsHandler], {
      failures: {
        [`PUT ${API_PATHS.clientInterface(CLIENT_ID)}`]: toHttpError(400, {
          error: 'Invalid fhirBaseUrl',
          fields: [{ field: 'fhirBaseUrl', message: 'This FHIR server refuses Vigil' }],
        }),
      },
    });
    await screen.findByLabelText('Base URL');
    await user.click(screen.getByRole('checkbox', { name: 'Daily' }));
    await submitWith(user, 'Save interface');
    expect(await screen.findByText('This FHIR server refuses Vigil')).toBeInTheDocument();
    expect(screen.getByLabelText('Base URL')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is not a tab for a technologist', async () => {
    renderAs('technologist', `${API_PATHS.client(CLIENT_ID)}/details`, []);
    expect(await screen.findByRole('tab', { name: 'Details' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Interface' })).toBeNull();
  });
});

describe('the hospital messages page', () => {
  it('lists the messages in and out, and opens one with its raw text a segment a line; a failed one is resent after a confirmation', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    renderAs('admin', API_PATHS.interfaceMessages, [messagesHandler(MESSAGES)], { onRequest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hospital messages' })).toBeInTheDocument();
    const table = await tableShowing('ORU^R01');
    await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(2));
    const [failed, received] = bodyRowsOf(table);
    expect(failed.join(' ')).toContain('ORU^R01');
    expect(failed.join(' ')).toContain('Failed');
    expect(failed.join(' ')).toContain('ECONNREFUSED');
    expect(received.join(' ')).toMatch(/ADT\^A01.*Accepted.*AA/);

    await user.click(screen.getByText('VIGIL-7'));
    const raw = await screen.findByLabelText('Raw text of the message');
    expect(raw.textContent?.split('\n')).toEqual([
      'MSH|^~\\&|VIGIL|VIGIL|EPIC|BAYSIDE|20261122080000||ORU^R01|VIGIL-7|P|2.5.1',
      'PID|1||B-100^^^BAYSIDE^MR',
      'OBX|1|TX|||Normal EEG',
    ]);
    expect(raw).toHaveStyle({ fontFamily: 'monospace' });
    expect(screen.getByText('Error: Could not deliver over MLLP: ECONNREFUSED')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Send ORU^R01 VIGIL-7 again?');
    expect(requestsOf(onRequest, 'POST', API_PATHS.interfaceMessageResend(2))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Message VIGIL-7 is queued to be sent again')).toBeInTheDocument();
    expect(requestsOf(onRequest, 'POST', API_PATHS.interfaceMessageResend(2))).toHaveLength(1);
  });

  it('exports the messages as CSV where an error a hospital wrote never runs as a formula', async () => {
    const downloads = catchDownloads();
    const user = userEvent.setup();
    const formula = '=HYPERLINK("http://evil.example","open")';
    renderAs('admin', API_PATHS.interfaceMessages, [
      messagesHandler([message(3, { status: 'error', ackCode: 'AE', error: formula })]),
    ]);
    await tableShowing('C-3');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(async () => expect(await downloads()).toHaveLength(1));
    const [csv] = await downloads();
    expect(csv.text).toContain(`'=HYPERLINK`);
    expect(csv.text).not.toMatch(/(^|,)"?=/m);
  });

  it('offers no resend for a message that came in', async () => {
    renderAs('admin', `${API_PATHS.interfaceMessage(1)}/show`, [messagesHandler(MESSAGES)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'ADT^A01 C-1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('says so when no message matches', async () => {
    renderAs('admin', API_PATHS.interfaceMessages, [messagesHandler([])]);
    expect(await screen.findByText(/No message matches these filters/)).toBeInTheDocument();
  });
});

describe("the admin's home", () => {
  it('counts the reports that failed and leads to them in the message log', async () => {
    const user = userEvent.setup();
    renderAs('admin', '/', [messagesHandler(MESSAGES)]);
    expect(await screen.findByText('1 report could not be sent to its hospital.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open the failed messages' }));
    const table = await tableShowing('VIGIL-7');
    await waitFor(() => expect(bodyRowsOf(table)).toHaveLength(1));
  });

  it('says nothing when every report went out', async () => {
    const onRequest = vi.fn();
    renderAs('admin', '/', [messagesHandler([MESSAGES[0]])], { onRequest });
    await waitFor(() => expect(requestsOf(onRequest, 'GET', API_PATHS.interfaceMessages)).toHaveLength(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.queryByText(/could not be sent/)).toBeNull();
  });
});

const ANNA: IndexedPatient = {
  mrn: 'B-100',
  firstName: 'Anna',
  lastName: 'Rivera',
  dateOfBirth: '1980-02-14',
  sex: 'F',
  unit: 'ICU',
  room: '3',
  visitNumber: 'V900',
  admittedAt: '2026-11-22T07:00:00.000Z',
  dischargedAt: null,
};
/** Bayside's index holds Anna; any other client's hospital sends nothing. */
const patientsHandler: FakeHandler = ({ method, path, query = {} }) => {
  const clientId = /^\/continuous-monitoring\/clients\/(\d+)\/patients$/.exec(path)?.[1];
  if (method !== 'GET' || !clientId) return undefined;
  const q = String(query.q ?? '').toLowerCase();
  const rows = [ANNA]
    .filter(() => Number(clientId) === CLIENT_ID)
    .filter((row) => !q || row.mrn.toLowerCase().startsWith(q) || row.lastName.toLowerCase().startsWith(q));
  return { data: rows, total: rows.length };
};

describe('the intake form with a hospital that sends its admissions', () => {
  const createPath = `${API_PATHS.caseStage('intake')}/create`;

  it('finds the patient by name and fills the MRN, name, date of birth, sex and location', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    renderAs('technologist', createPath, [patientsHandler], { onRequest });
    await user.click(await screen.findByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Bayside Memorial Hospital' }));
    const find = await screen.findByRole('combobox', { name: 'Find patient (MRN or name)' });
    await user.type(find, 'riv');
    // The search waits for the typing to pause before it asks: the patient is picked from its answer.
    await waitFor(() =>
      expect(
        requestsOf(onRequest, 'GET', API_PATHS.clientPatients(CLIENT_ID)).map(({ query }) => query?.q),
      ).toContain('riv'),
    );
    await user.click(await screen.findByRole('option', { name: /Rivera, Anna · MRN B-100/ }));
    expect(screen.getByLabelText('MRN')).toHaveValue('B-100');
    expect(screen.getByLabelText('Last name')).toHaveValue('Rivera');
    expect(screen.getByLabelText('First name')).toHaveValue('Anna');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1980-02-14');
    expect(screen.getByLabelText('Unit')).toHaveValue('ICU');
    expect(screen.getByLabelText('Room')).toHaveValue('3');
  });

  it("shows in the form a refusal naming the hospital's patient and the one typed (409)", async () => {
    const user = userEvent.setup();
    const refusal =
      "MRN B-100 is Rivera, Anna (born 1980-02-14) in the hospital's admissions, but this patient is Rivers, Ann (born 1980-02-14); check the MRN, or pick the patient from the hospital's list";
    renderAs('technologist', createPath, [patientsHandler], {
      failures: { [`POST ${API_PATHS.cases}`]: toHttpError(409, { error: refusal }) },
    });
    await user.click(await screen.findByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Bayside Memorial Hospital' }));
    await user.click(screen.getByRole('combobox', { name: 'Study type' }));
    await user.click(await screen.findByRole('option', { name: 'Long-term' }));
    await user.click(screen.getByRole('radio', { name: 'Continuous' }));
    fireEvent.change(screen.getByLabelText('MRN'), { target: { value: 'B-100' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Rivers' } });
    await submitWith(user, 'Create case');
    const alert = await screen.findByText(refusal);
    expect(alert.closest('form')).not.toBeNull();
  });

  it('offers no search for a client whose hospital sends nothing', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    renderAs('technologist', createPath, [patientsHandler], { onRequest });
    await user.click(await screen.findByRole('combobox', { name: 'Client' }));
    await user.click(await screen.findByRole('option', { name: 'Northside General Hospital' }));
    await waitFor(() =>
      expect(onRequest.mock.calls.some(([request]) => /\/clients\/\d+\/patients$/.test(request.path))).toBe(
        true,
      ),
    );
    expect(screen.queryByRole('combobox', { name: 'Find patient (MRN or name)' })).toBeNull();
  });
});
