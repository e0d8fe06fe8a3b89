import type {
  CaseAction,
  CaseDetails,
  CaseRow,
  CaseTransition,
  Patient,
  Technologist,
} from '../../contract/cases';
import { buildCaseRow, buildTechnologist } from './caseBuilders';
import type { CasesSeed } from './fakeCasesApi';

/**
 * Builders of the case page's records (GET …/cases/details/{id}) for stories and tests, and the seed of
 * the fake Cases API that serves them: sensible defaults, overridable.
 */

export const buildPatient = (overrides: Partial<Patient> = {}): Patient => ({
  mrn: '100234',
  firstName: 'Grace',
  lastName: 'Okafor',
  dateOfBirth: '1958-11-23',
  sex: 'F',
  unit: 'Neuro ICU',
  room: '4-12',
  orderingPhysician: 'Dr. Maya Chen',
  indication: 'Altered mental status after cardiac arrest; rule out non-convulsive status epilepticus.',
  medications: 'Levetiracetam 500 mg twice daily; propofol infusion',
  version: 1,
  updatedAt: '2026-03-02T08:05:00.000Z',
  ...overrides,
});

export const buildCaseAction = (overrides: Partial<CaseAction> = {}): CaseAction => ({
  id: 1,
  kind: 'client-notified',
  note: 'Told the charge nurse the recording is running.',
  by: 'priya',
  at: '2026-03-02T09:40:00.000Z',
  transitionId: null,
  ...overrides,
});

export const buildCaseTransition = (overrides: Partial<CaseTransition> = {}): CaseTransition => ({
  id: 1,
  from: 'intake',
  to: 'monitoring',
  by: 'priya',
  at: '2026-03-02T09:35:00.000Z',
  reason: '',
  actions: [],
  ...overrides,
});

/** A monitoring case of Northside General (the row of `buildCaseRow`), with its patient and history. */
export const buildCaseDetails = (overrides: Partial<CaseDetails> = {}): CaseDetails => {
  const {
    clientName,
    clientTimeZone,
    patientName: _name,
    mrn: _mrn,
    technologists: _usernames,
    ...header
  } = buildCaseRow();
  return {
    ...header,
    client: { id: header.clientId, name: clientName, code: 'NSG', timeZone: clientTimeZone },
    patient: buildPatient(),
    technologists: [{ username: 'priya', name: 'Priya Raman' }],
    protocolRevision: 3,
    transferRevision: 1,
    channelCount: 21,
    createdBy: 'ada',
    nextCheckBy: null,
    order: null,
    transitions: [buildCaseTransition()],
    actions: [],
    handovers: [],
    people: [],
    allowedTransitions: [],
    nextReport: null,
    ...overrides,
  };
};

/** The list row of a case, as the stage lists show it. */
function caseRowOf({
  client,
  patient,
  technologists,
  protocolRevision: _protocol,
  transferRevision: _transfer,
  createdBy: _createdBy,
  nextCheckBy: _nextCheckBy,
  transitions: _transitions,
  actions: _actions,
  allowedTransitions: _moves,
  nextReport: _nextReport,
  channelCount: _channels,
  handovers: _handovers,
  people: _people,
  ...header
}: CaseDetails): CaseRow {
  return {
    ...header,
    clientName: client.name,
    clientTimeZone: client.timeZone,
    patientName: [patient?.lastName, patient?.firstName].filter(Boolean).join(', ') || null,
    mrn: patient?.mrn || null,
    technologists: technologists.map(({ username }) => username),
  };
}

/**
 * The fake Cases API's seed holding these cases (their `allowedTransitions` are the fake's to answer, from
 * the stage rules and the signed-in user's roles), and the technologists: those given, plus any on a case.
 */
export function caseDetailsSeed(cases: readonly CaseDetails[], technologists: readonly Technologist[] = []) {
  const known = new Map(technologists.map((technologist) => [technologist.username, technologist]));
  for (const { username, name } of cases.flatMap((found) => found.technologists))
    if (!known.has(username)) known.set(username, buildTechnologist({ username, name }));
  return {
    cases: cases.map(caseRowOf),
    technologists: [...known.values()],
    details: Object.fromEntries(
      cases.map(
        ({
          id,
          client,
          patient,
          protocolRevision,
          transferRevision,
          createdBy,
          transitions,
          actions,
          handovers,
        }) => [
          id,
          { client, patient, protocolRevision, transferRevision, createdBy, transitions, actions, handovers },
        ],
      ),
    ),
  } satisfies CasesSeed;
}
