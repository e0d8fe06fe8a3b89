import { caseRowHeader, rangeBoundary } from '../../contract/caseLists';
import {
  CASE_STAGES,
  type CaseDetails,
  type CaseRow,
  caseIntakeSchema,
  caseListQuerySchema,
  type Patient,
  type PatientInput,
  type Technologist,
  technologistCasesInputSchema,
} from '../../contract/cases';
import type { Client } from '../../contract/clients';
import { API_PATHS } from '../../contract/paths';
import { nearestClock } from '../../contract/turnaroundRules';
import type { Person } from '../../contract/users';
import { caseYear, formatCaseNumber } from '../../server/domain/caseNumbers';
import {
  assignmentRefusal,
  intakeClientRefusal,
  isActiveStage,
  lastTechnologistRefusal,
} from '../../server/domain/caseStages';
import { loadLimitRefusal, loadOf } from '../../server/domain/technologistLoad';
import { toHttpError } from '../../src/dataProvider/httpClient';
import {
  conflict,
  type FakeRequest,
  now,
  page,
  type Result,
  type Row,
  raiseNotFound,
  validate,
} from './fakeApiRules';

/** What a case's page shows beyond its row; the case page's fake API reads and adds to it. */
type FakeCaseDetails = Pick<
  CaseDetails,
  | 'client'
  | 'patient'
  | 'protocolRevision'
  | 'transferRevision'
  | 'channelCount'
  | 'order'
  | 'createdBy'
  | 'nextCheckBy'
  | 'transitions'
  | 'actions'
  | 'handovers'
  | 'nextReport'
>;

/** The records the fake Cases API starts with; a case without `details` gets them from its row. */
export interface CasesSeed {
  cases?: CaseRow[];
  /** Their `active` load is counted from the cases, as the server does. */
  technologists?: Technologist[];
  /** Who may be a case's reader; by default FAKE_READERS. */
  readers?: Person[];
  details?: Record<number, Partial<FakeCaseDetails>>;
}

/** The service's readers: Rhea Patel, a neurologist, and Ada Lovelace, the admin (admins may read too). */
const FAKE_READERS: Person[] = [
  { username: 'ada', name: 'Ada Lovelace', credentials: '' },
  { username: 'rhea', name: 'Rhea Patel', credentials: 'MD, FACNS' },
];

/**
 * The fake Cases API's records, shared by every fake that reads or writes cases: the lists and
 * assignments here, a client's cases tab, and the case page's own fake (which extends `details`).
 */
export interface FakeCasesState {
  cases: CaseRow[];
  technologists: Technologist[];
  readers: Person[];
  details: Map<number, FakeCaseDetails>;
}

/** "Last, First" as the API names the patient on a row; null while neither is known. */
const patientNameOf = ({ lastName, firstName }: Pick<Patient, 'lastName' | 'firstName'>) =>
  [lastName, firstName].filter(Boolean).join(', ') || null;

function patientOf(input: Required<PatientInput>, updatedAt: string): Patient {
  return { ...input, version: 1, updatedAt };
}

/** A seeded row's patient, read back from its name and MRN. */
function patientOfRow(row: CaseRow): Patient | null {
  if (row.patientName === null && row.mrn === null) return null;
  const [lastName = '', firstName = ''] = (row.patientName ?? '').split(', ');
  const blank = { unit: '', room: '', orderingPhysician: '', indication: '', medications: '' };
  return patientOf(
    { mrn: row.mrn ?? '', lastName, firstName, dateOfBirth: null, sex: null, ...blank },
    row.updatedAt,
  );
}

function detailsOfRow(row: CaseRow, client?: Client): FakeCaseDetails {
  return {
    client: {
      id: row.clientId,
      name: row.clientName,
      code: client?.code ?? row.caseNumber.split('-')[0],
      timeZone: client?.timeZone ?? row.clientTimeZone,
    },
    patient: patientOfRow(row),
    protocolRevision: null,
    transferRevision: null,
    channelCount: 21,
    createdBy: 'ada',
    nextCheckBy: null,
    order: null,
    transitions: [],
    actions: [],
    handovers: [],
    nextReport: null,
  };
}

export function fakeCasesState({
  cases = [],
  technologists = [],
  readers = FAKE_READERS,
  details = {},
}: CasesSeed): FakeCasesState {
  return {
    cases: [...cases],
    technologists: [...technologists],
    readers: [...readers],
    details: new Map(cases.map((row) => [row.id, { ...detailsOfRow(row), ...details[row.id] }])),
  };
}

/**
 * The case as GET details answers it. `allowedTransitions` is left empty: the case page's fake, which
 * knows the stage rules, fills it in. The server names only the case's reader and signers in `people`;
 * the fake names every reader, which the page reads the same way.
 */
export function caseDetailsOf(state: FakeCasesState, id: number): CaseDetails {
  const row = state.cases.find((found) => found.id === id) ?? raiseNotFound();
  const nameOf = (username: string) =>
    state.technologists.find((found) => found.username === username)?.name ?? username;
  return {
    ...caseRowHeader(row),
    ...(state.details.get(id) ?? detailsOfRow(row)),
    technologists: row.technologists.map((username) => ({ username, name: nameOf(username) })),
    people: state.readers,
    allowedTransitions: [],
  };
}

// Lists

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

/** The list filters of DESIGN §8: client, technologist, reader, `q` (case number, patient, MRN), from/to. */
const matches = (query: Row) => (row: CaseRow) => {
  const q = String(query.q ?? '').toLowerCase();
  const [last = '', first = ''] = (row.patientName ?? '').split(', ');
  const searched = [row.caseNumber, row.mrn ?? '', row.patientName ?? '', `${first} ${last}`];
  const start = row.recordingStart === null ? Number.NaN : Date.parse(row.recordingStart);
  return (
    (!given(query.clientId) || row.clientId === Number(query.clientId)) &&
    (!given(query.technologist) || row.technologists.includes(String(query.technologist))) &&
    (!given(query.reader) || row.reader === query.reader) &&
    (!q || searched.some((text) => text.toLowerCase().includes(q))) &&
    (!given(query.from) || start >= rangeBoundary(String(query.from), 'from').getTime()) &&
    (!given(query.to) || start <= rangeBoundary(String(query.to), 'to').getTime())
  );
};

/** One page of `rows` under a case list's query: filters, sort (createdAt DESC by default), page. */
export function listCases(rows: readonly CaseRow[], query: Row = {}): Result {
  // The real contract decides what a list accepts (e.g. which fields it sorts by), as the server does.
  const asSent = Object.entries(query).filter(
    ([, value]) => value !== undefined && value !== null && value !== '',
  );
  validate(caseListQuerySchema, Object.fromEntries(asSent.map(([key, value]) => [key, String(value)])));
  const kept = rows.filter(matches(query));
  if (query.sort === 'clockDueBy') {
    // As the server: the running clock due soonest first, the cases without one last, equals newest first.
    const due = (row: CaseRow) => nearestClock(row.clocks)?.dueBy ?? '9999';
    const sorted = [...kept].sort(
      (a, b) => due(a).localeCompare(due(b)) || b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
    );
    const paged = page(
      sorted.map((row, index) => ({ ...row, listPosition: index })),
      { ...query, sort: 'listPosition', order: 'ASC' },
    );
    const data = (paged.data as (CaseRow & { listPosition?: number })[]).map(
      ({ listPosition: _position, ...row }) => row,
    );
    return { ...paged, data };
  }
  return page(kept, {
    ...query,
    sort: query.sort ?? 'createdAt',
    order: query.order ?? 'DESC',
  });
}

// Technologists and their load

export const activeCasesOf = (state: FakeCasesState, username: string) =>
  state.cases.filter((row) => isActiveStage(row.stage) && row.technologists.includes(username));

const withLoad = (state: FakeCasesState, technologist: Technologist): Technologist => ({
  ...technologist,
  active: loadOf(activeCasesOf(state, technologist.username)),
});

const notFound = (message: string) => toHttpError(404, { error: message });

/** PUT: the technologist's whole set of active cases, refused beyond the load limits (DESIGN §4). */
function setTechnologistCases(state: FakeCasesState, username: string, body: unknown): Result {
  const technologist = state.technologists.find((found) => found.username === username);
  if (!technologist) throw notFound(`No technologist named ${username}`);
  const { caseIds } = validate(technologistCasesInputSchema, body);
  const wanted = caseIds.map((id) => {
    const row = state.cases.find((found) => found.id === id);
    if (!row) throw notFound(`Case ${id} not found`);
    const refused = assignmentRefusal(row.caseNumber, row.stage);
    if (refused) throw conflict(refused);
    return row;
  });
  const refusal = loadLimitRefusal(technologist.name, loadOf(wanted));
  if (refusal) throw conflict(refusal);
  const ids = new Set(caseIds);
  const left = activeCasesOf(state, username).filter((row) => !ids.has(row.id));
  const unstaffed = lastTechnologistRefusal(
    technologist.name,
    left.map((row) => ({ ...row, technologists: row.technologists.length })),
  );
  if (unstaffed) throw conflict(unstaffed);
  for (const [index, row] of state.cases.entries()) {
    const holds = row.technologists.includes(username);
    if (holds === ids.has(row.id) || (holds && !isActiveStage(row.stage))) continue;
    const technologists = holds
      ? row.technologists.filter((found) => found !== username)
      : [...row.technologists, username].sort();
    state.cases[index] = { ...row, technologists, version: row.version + 1, updatedAt: now() };
  }
  return { data: { ...withLoad(state, technologist), caseIds } };
}

// Intake

function intake(state: FakeCasesState, body: unknown, client: Client | undefined, username: string): Result {
  const { patient: patientInput, order: orderInput, ...input } = validate(caseIntakeSchema, body);
  const refused = intakeClientRefusal(input.clientId, client);
  if (refused || !client) {
    throw toHttpError(400, {
      error: 'Invalid clientId',
      fields: [{ field: 'clientId', message: refused ?? '' }],
    });
  }
  const at = now();
  const year = caseYear(client.timeZone, new Date(at));
  const prefix = formatCaseNumber(client.code, year, 0).slice(0, -4);
  const taken = state.cases.filter((row) => row.caseNumber.startsWith(prefix));
  const sequence = Math.max(0, ...taken.map((row) => Number(row.caseNumber.slice(prefix.length)))) + 1;
  const patient = patientInput ? patientOf(patientInput, at) : null;
  const row: CaseRow = {
    ...input,
    id: Math.max(0, ...state.cases.map((found) => found.id)) + 1,
    caseNumber: formatCaseNumber(client.code, year, sequence),
    clientName: client.name,
    clientTimeZone: client.timeZone,
    stage: 'intake',
    patientName: patient && patientNameOf(patient),
    mrn: patient?.mrn || null,
    recordingStart: null,
    recordingEnd: null,
    technologists: [],
    reader: null,
    overdue: false,
    order: orderInput ? { ...orderInput, placerOrderNumber: orderInput.placerOrderNumber || null } : null,
    clocks: [],
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  state.cases.push(row);
  state.details.set(row.id, { ...detailsOfRow(row, client), patient, createdBy: username });
  return { data: caseDetailsOf(state, row.id) };
}

const LIST_PATH = new RegExp(`^${API_PATHS.caseStage(`(${[...CASE_STAGES, 'assignments'].join('|')})`)}$`);
const TECHNOLOGIST_CASES_PATH = new RegExp(`^${API_PATHS.technologistCases('([^/]+)')}$`);

interface CasesApiOptions {
  /** The signed-in user, who takes a case in. */
  username: string;
  /** A client of the fake Clients API, for intake. */
  clientOf: (id: number) => Client | undefined;
}

/**
 * An in-memory Cases API (issue 7) with the server's rules and messages: the stage lists and the
 * assignments with their filters, intake, the technologists with their load and the load limits.
 * Answers `undefined` for other paths.
 */
export function fakeCasesApi(state: FakeCasesState, { username, clientOf }: CasesApiOptions) {
  return ({ method, path, query, body }: FakeRequest): Result | undefined => {
    if (path === API_PATHS.cases && method === 'POST') {
      return intake(state, body, clientOf(Number((body as Row | undefined)?.clientId)), username);
    }
    const list = LIST_PATH.exec(path)?.[1];
    if (list && method === 'GET') {
      const inList = (row: CaseRow) =>
        list === 'assignments' ? isActiveStage(row.stage) : row.stage === list;
      return listCases(state.cases.filter(inList), query);
    }
    if (path === API_PATHS.readers && method === 'GET') return { data: state.readers };
    if (path === API_PATHS.technologists && method === 'GET') {
      return { data: state.technologists.map((technologist) => withLoad(state, technologist)) };
    }
    const technologist = TECHNOLOGIST_CASES_PATH.exec(path)?.[1];
    if (technologist && method === 'PUT') {
      return setTechnologistCases(state, decodeURIComponent(technologist), body);
    }
    return undefined;
  };
}
