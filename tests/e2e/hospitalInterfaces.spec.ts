import { expect, test } from '@playwright/test';
import type { CaseDetails } from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import {
  ackOf,
  adt,
  eegOrder,
  type HospitalPatient,
  type HospitalPeer,
  sendAll,
  startHospitalPeer,
} from '../../scripts/support/hospital';
import { apiAs } from './support/api';
import { DEMO_PASSWORD, E2E_MLLP_PORT } from './support/constants';
import { createUser } from './support/identity';
import { openTab } from './support/openPage';
import { addInterpretation, signReport } from './support/reports';
import { signIn, signOut } from './support/signIn';
import { createClient, HOUR_MS, ZONE } from './support/study';

const CASES = '/continuous-monitoring/cases';

let hospital: HospitalPeer | undefined;
test.afterAll(async () => {
  await hospital?.stop();
});

test('an admin connects a hospital; its admission and EEG order become an intake case with the patient; the signed final goes back to the hospital over HL7 and FHIR; the message log shows both ways', async ({
  page,
}) => {
  const admin = await apiAs('admin', DEMO_PASSWORD);
  const client = await createClient(
    admin,
    { prefix: 'HI', name: 'Harbor Interfaces Hospital', timeZone: ZONE },
    { body: 'Watch every ICU recording.', checkIntervalMinutes: 60 },
  );
  // The hospital's receiving side, on the two ports after the server's HL7 listener.
  hospital = await startHospitalPeer({ mllpPort: E2E_MLLP_PORT + 1, fhirPort: E2E_MLLP_PORT + 2 });
  const sender = { application: 'EPIC', facility: client.code };

  // The admin points the client's interface at the hospital, in the Interface tab.
  await signIn(page, 'admin', DEMO_PASSWORD);
  await page.goto(`/#${API_PATHS.client(client.id)}/interface`);
  await page.getByRole('switch', { name: "Take this hospital's messages" }).check();
  await page.getByLabel('Sending application (MSH-3)').fill(sender.application);
  await page.getByLabel('Sending facility (MSH-4)').fill(sender.facility);
  await page.getByRole('switch', { name: 'Send reports over MLLP' }).check();
  await page.getByRole('textbox', { name: 'Host', exact: true }).fill('127.0.0.1');
  await page.getByRole('spinbutton', { name: 'Port' }).fill(String(hospital.mllpPort));
  await page.getByRole('switch', { name: 'Send reports over FHIR' }).check();
  await page
    .getByRole('textbox', { name: 'Base URL', exact: true })
    .fill(`http://127.0.0.1:${hospital.fhirPort}/fhir`);
  await page.getByRole('button', { name: 'Set bearer token' }).click();
  await page.getByLabel('New bearer token').fill('hospital-token-e2e');
  await page.getByRole('checkbox', { name: 'Final' }).check();
  await page.getByRole('button', { name: 'Save interface' }).click();
  await expect(page.getByText('Interface settings saved')).toBeVisible();
  await expect(page.getByText('Bearer token:')).toHaveText('Bearer token: set');
  await expect(page.getByLabel('New bearer token')).toHaveCount(0);
  await signOut(page);

  // The hospital admits a patient and orders a continuous EEG over MLLP; each message is acknowledged AA.
  const patient: HospitalPatient = {
    mrn: `${client.code}-100`,
    lastName: 'Rivera',
    firstName: 'Anna',
    born: '19800214',
    sex: 'F',
    unit: 'ICU',
    room: '3',
    visit: `V-${client.code}`,
  };
  const acks = await sendAll({ host: '127.0.0.1', port: E2E_MLLP_PORT }, [
    adt(sender, 'A01', patient),
    eegOrder(sender, patient, {
      placerOrderNumber: `PON-${client.code}`,
      service: 'Continuous video EEG',
      reason: 'Altered mental status',
      priority: 'S',
      provider: { id: '1234', lastName: 'House', firstName: 'Greg', phone: '+1 555 0100' },
    }),
  ]);
  expect(acks.map((ack) => ackOf(ack).code)).toEqual(['AA', 'AA']);
  const caseNumber = /taken as case (\S+)$/.exec(ackOf(acks[1]).text)?.[1] ?? '';
  expect(caseNumber).toMatch(new RegExp(`^${client.code}-\\d{4}-0001$`));

  // A technologist opens the intake case from the order: the patient is there, as the hospital sent it.
  const technologist = await createUser('technologist');
  await signIn(page, technologist.username, technologist.password, technologist.name);
  await page.getByRole('menuitem', { name: 'Intake' }).click();
  await page.getByRole('link', { name: caseNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Case ${caseNumber}` })).toBeVisible();
  await expect(page.getByLabel('Order', { exact: true })).toContainText(`PON-${client.code}`);
  await expect(page.getByLabel('Order', { exact: true })).toContainText('House');
  await expect(page.getByLabel('Order', { exact: true })).toContainText('STAT');
  const caseId = Number(new RegExp(`${CASES}/intake/(\\d+)/`).exec(page.url())?.[1] ?? 0);
  await openTab(page, 'Patient');
  const details = page.getByRole('main');
  await expect(details).toContainText(patient.mrn);
  await expect(details).toContainText('Rivera');
  await expect(details).toContainText('Anna');
  await signOut(page);

  // The study is recorded (set up over the API), then read by reader1.
  const start = new Date(Date.now() - 14 * HOUR_MS);
  const end = new Date(start.getTime() + 12 * HOUR_MS);
  const taken = await admin<CaseDetails>('GET', API_PATHS.caseDetails(caseId));
  await admin<CaseDetails>('PATCH', API_PATHS.case(caseId), {
    recordingStart: start.toISOString(),
    reader: 'reader1',
    version: taken.version,
  });
  await admin('PUT', API_PATHS.technologistCases(technologist.username), { caseIds: [caseId] });
  await admin('POST', API_PATHS.caseTransitions(caseId), {
    to: 'monitoring',
    version: (await admin<CaseDetails>('GET', API_PATHS.caseDetails(caseId))).version,
  });
  const technologistApi = await apiAs(technologist.username, technologist.password);
  await technologistApi('POST', API_PATHS.caseRecords(caseId, 'time-logs'), {
    activity: 'monitoring',
    start: start.toISOString(),
    end: end.toISOString(),
  });
  const ended = await admin<CaseDetails>('PATCH', API_PATHS.case(caseId), {
    recordingEnd: end.toISOString(),
    version: (await admin<CaseDetails>('GET', API_PATHS.caseDetails(caseId))).version,
  });
  await admin('POST', API_PATHS.caseTransitions(caseId), { to: 'preview', version: ended.version });

  await signIn(page, 'reader1', DEMO_PASSWORD, 'Marcus Feld');
  await page.goto(`/#${CASES}/preview/${caseId}/interpretations`);
  const impression = 'Normal continuous EEG; no seizures.';
  await addInterpretation(page, 'Final', null, impression);
  await signReport(page, page.getByRole('row').filter({ hasText: impression }), impression);
  await signOut(page);

  // The hospital receives the final report over HL7 v2 and over FHIR, for its patient.
  await expect
    .poll(() => hospital?.received.map((report) => `${report.transport} ${report.kind} ${report.mrn}`).sort())
    .toEqual([`fhir DiagnosticReport final ${patient.mrn}`, `mllp ORU^R01^ORU_R01 ${patient.mrn}`]);
  const hl7Report = hospital.received.find((report) => report.transport === 'mllp');
  expect(hl7Report?.raw).toContain(impression);

  // The admin's message log shows the messages in and out of this client, each acknowledged.
  await signIn(page, 'admin', DEMO_PASSWORD);
  await page.getByRole('menuitem', { name: 'Hospital messages' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hospital messages' })).toBeVisible();
  await page.goto(
    `/#${API_PATHS.interfaceMessages}?filter=${encodeURIComponent(JSON.stringify({ clientId: client.id }))}`,
  );
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: 'ADT^A01' })).toContainText('Accepted');
  await expect(rows.filter({ hasText: 'ORM^O01' })).toContainText('Accepted');
  await expect(rows.filter({ hasText: 'ORU^R01' })).toContainText('Sent');
  await expect(rows.filter({ hasText: 'DiagnosticReport' })).toContainText('Sent');
  await rows.filter({ hasText: 'ORM^O01' }).click();
  await expect(page.getByLabel('Raw text of the message')).toContainText(`PON-${client.code}`);
});
