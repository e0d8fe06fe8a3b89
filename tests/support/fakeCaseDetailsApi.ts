import {
  type ActionInput,
  actionInputSchema,
  type CaseAction,
  type CaseDetails,
  type CaseHandover,
  type CaseProtocolSnapshot,
  type CaseRow,
  casePatchSchema,
  handoverInputSchema,
  transitionInputSchema,
} from '../../contract/cases';
import type { CurrentUser } from '../../contract/chrome';
import type { RevisionKind } from '../../contract/clients';
import { API_PATHS } from '../../contract/paths';
import { rolesFromGroups } from '../../contract/roles';
import {
  allowedTransitions,
  type CaseFacts,
  closedCaseRefusal,
  evaluateTransition,
  REQUIRED_PATIENT_FIELDS,
} from '../../server/domain/caseStages';
import { handoverWindowRefusal } from '../../server/domain/handovers';
import { takeOverRefusal } from '../../server/domain/technologistLoad';
import type { RevisionOfKind } from '../../src/dataProvider/clientMethods';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { conflict, type FakeRequest, now, type Result, validate } from './fakeApiRules';
import { activeCasesOf, caseDetailsOf, type FakeCasesState } from './fakeCasesApi';

/**
 * The case page's calls over the fake Cases API's records (issue 7): details with the moves the signed-in
 * user may make, header edits, transitions, actions and a closed case's protocol, with the server's stage
 * rules (server/domain/caseStages.ts) and messages. Answers `undefined` for other paths.
 */

interface CaseDetailsApiOptions {
  /** The signed-in user, whose roles decide the moves. */
  user: CurrentUser;
  /** The fake Clients API, which holds the protocol revisions a closed case keeps. */
  clientsApi: (request: FakeRequest) => Result | undefined;
}

// No clinical record exists before the clinical-records release: no open time log, no signed final
// interpretation, no unsettled billing note.
const NO_RECORDS = {
  openTimeLogCount: 0,
  hasSignedFinalInterpretation: false,
  draftInterpretations: [],
  unsettledBillingNoteCount: 0,
};

const factsOf = (details: CaseDetails): CaseFacts => ({
  missingPatientFields: REQUIRED_PATIENT_FIELDS.filter((field) => !details.patient?.[field]),
  technologistCount: details.technologists.length,
  recordingStartSet: details.recordingStart !== null,
  recordingEndSet: details.recordingEnd !== null,
  ...NO_RECORDS,
});

const lastTransition = (details: Pick<CaseDetails, 'transitions'>) =>
  details.transitions.toSorted((a, b) => a.at.localeCompare(b.at) || a.id - b.id).at(-1);

const notFound = (message: string) => toHttpError(404, { error: message });
const stale = (row: CaseRow) =>
  conflict(`Case ${row.caseNumber} was changed by someone else meanwhile; reload and try again.`);

const id = '(\\d+)';
const PATHS = {
  details: new RegExp(`^${API_PATHS.caseDetails(id)}$`),
  header: new RegExp(`^${API_PATHS.case(id)}$`),
  transitions: new RegExp(`^${API_PATHS.caseTransitions(id)}$`),
  actions: new RegExp(`^${API_PATHS.caseActions(id)}$`),
  handovers: new RegExp(`^${API_PATHS.caseHandovers(id)}$`),
  transitionActions: new RegExp(`^${API_PATHS.caseTransitionActions(id, id)}$`),
  protocol: new RegExp(`^${API_PATHS.closedCaseProtocol(id)}$`),
};

export function fakeCaseDetailsApi(state: FakeCasesState, { user, clientsApi }: CaseDetailsApiOptions) {
  const { username } = user;
  const roles = rolesFromGroups(user.roles);
  const missing = (caseId: number) => raise(notFound(`Case ${caseId} not found`));
  const rowOf = (caseId: number) => state.cases.find((row) => row.id === caseId) ?? missing(caseId);
  const history = (caseId: number) => state.details.get(caseId) ?? missing(caseId);
  const nextId = (ids: number[]) => Math.max(0, ...ids) + 1;

  /** GET details: the case with the moves the user's roles may make and what each still needs. */
  function details(caseId: number): CaseDetails {
    const found = caseDetailsOf(state, caseId);
    const previous = lastTransition(found)?.from;
    return { ...found, allowedTransitions: allowedTransitions(found.stage, roles, factsOf(found), previous) };
  }

  function save(row: CaseRow, changes: Partial<CaseRow>) {
    const saved = { ...changes, version: row.version + 1, updatedAt: now() };
    state.cases[state.cases.indexOf(row)] = { ...row, ...saved };
    // A page's details kept whole (a fixture's) take the same change.
    const kept = state.details.get(row.id);
    if (kept) state.details.set(row.id, { ...kept, ...saved });
  }

  function patch(row: CaseRow, body: unknown): Result {
    const { version, order, ...rest } = validate(casePatchSchema, body);
    // The order as the server keeps it: an empty placer number is none; null removes the order.
    const changes =
      order === undefined
        ? rest
        : { ...rest, order: order && { ...order, placerOrderNumber: order.placerOrderNumber || null } };
    const closed = closedCaseRefusal(row.caseNumber, row.stage);
    if (closed) throw conflict(closed);
    if (row.version !== version) throw stale(row);
    if (changes.reader && !state.readers.some((reader) => reader.username === changes.reader))
      throw toHttpError(400, {
        error: 'Invalid reader',
        fields: [{ field: 'reader', message: `${changes.reader} is not a reader` }],
      });
    save(row, changes);
    return { data: details(row.id) };
  }

  function transition(row: CaseRow, body: unknown): Result {
    const { to, reason, version } = validate(transitionInputSchema, body);
    const current = details(row.id);
    const verdict = evaluateTransition({
      from: row.stage,
      to,
      roles,
      facts: factsOf(current),
      previousStage: lastTransition(current)?.from,
      reason,
    });
    if (verdict.illegal) throw conflict(closedCaseRefusal(row.caseNumber, row.stage) ?? verdict.illegal);
    if (verdict.forbidden) throw toHttpError(403, { error: verdict.forbidden });
    if (row.version !== version) throw stale(row);
    if (!verdict.allowed)
      throw conflict(`Case ${row.caseNumber} cannot move to ${to}: ${verdict.unmet.join('; ')}.`);
    const saved = history(row.id);
    const everyTransition = [...state.details.values()].flatMap((found) => found.transitions);
    const recorded = {
      id: nextId(everyTransition.map((found) => found.id)),
      from: row.stage,
      to,
      by: username,
      at: now(),
      reason,
      actions: [],
    };
    state.details.set(row.id, { ...saved, transitions: [...saved.transitions, recorded] });
    save(row, { stage: to });
    return { data: { transition: recorded, case: details(row.id) } };
  }

  function addAction(row: CaseRow, body: unknown, transitionId?: number): Result {
    const input: ActionInput = validate(actionInputSchema, body);
    const closed = closedCaseRefusal(row.caseNumber, row.stage);
    if (closed) throw conflict(closed);
    const saved = history(row.id);
    const everyAction = [...state.details.values()].flatMap((found) => [
      ...found.actions,
      ...found.transitions.flatMap((recorded) => recorded.actions),
    ]);
    const action: CaseAction = {
      ...input,
      id: nextId(everyAction.map((found) => found.id)),
      by: username,
      at: now(),
      transitionId: transitionId ?? null,
    };
    if (transitionId === undefined) {
      state.details.set(row.id, { ...saved, actions: [...saved.actions, action] });
      return { data: action };
    }
    const target =
      saved.transitions.find((found) => found.id === transitionId) ??
      raise(notFound(`Transition ${transitionId} of case ${row.id} not found`));
    const transitions = saved.transitions.map((found) =>
      found === target ? { ...found, actions: [...found.actions, action] } : found,
    );
    state.details.set(row.id, { ...saved, transitions });
    return { data: action };
  }

  /**
   * A handover (DESIGN §4): recorded, and the incoming technologist put on the case. The time logs it ends
   * and opens live in the records' fake, which this one does not touch: their ids here are placeholders.
   */
  function handOver(row: CaseRow, body: unknown): Result {
    const input = validate(handoverInputSchema, body);
    const closed = closedCaseRefusal(row.caseNumber, row.stage);
    if (closed) throw conflict(closed);
    if (!roles.includes('admin') && input.from !== username)
      throw toHttpError(403, { error: `Only ${input.from} or an admin may hand over ${input.from}'s case` });
    const { recordingStart, recordingEnd, client } = details(row.id);
    const outside = handoverWindowRefusal(row.caseNumber, new Date(input.at), {
      recordingStart: recordingStart === null ? null : Date.parse(recordingStart),
      recordingEnd: recordingEnd === null ? null : Date.parse(recordingEnd),
      timeZone: client.timeZone,
    });
    if (outside) throw conflict(outside);
    if (!row.technologists.includes(input.to)) {
      // As the server: within the incoming technologist's load, or a 409 offering who could take the case.
      const candidates = state.technologists.map(({ username: candidate, name }) => ({
        username: candidate,
        name,
        held: activeCasesOf(state, candidate),
      }));
      const [incoming = { username: input.to, name: input.to, held: [] }] = candidates.filter(
        (candidate) => candidate.username === input.to,
      );
      const others = candidates.filter((candidate) => ![input.from, input.to].includes(candidate.username));
      const refusal = takeOverRefusal(incoming, row, others);
      if (refusal)
        throw toHttpError(409, { success: false, error: refusal.message, overLoad: refusal.overLoad });
    }
    const saved = history(row.id);
    const everyHandover = [...state.details.values()].flatMap((found) => found.handovers);
    const handover: CaseHandover = {
      ...input,
      id: nextId(everyHandover.map((found) => found.id)),
      by: username,
      closedLogId: 0,
      openedLogId: 0,
    };
    state.details.set(row.id, { ...saved, handovers: [...saved.handovers, handover] });
    if (!row.technologists.includes(input.to))
      save(row, { technologists: [...row.technologists, input.to].sort() });
    return { data: { handover, case: details(row.id) } };
  }

  /** The revisions the case ran under, kept when it closed (its last move, to closed). */
  function closedProtocol(row: CaseRow): Result {
    if (row.stage !== 'closed') throw notFound(`Case ${row.caseNumber} is not closed`);
    const saved = history(row.id);
    const closing = lastTransition(saved);
    const revision = <K extends RevisionKind>(kind: K, number: number | null) =>
      number === null
        ? null
        : (clientsApi({
            method: 'GET',
            path: API_PATHS.protocolRevision(row.clientId, number),
            query: { kind },
          })?.data as RevisionOfKind<K>);
    const snapshot: CaseProtocolSnapshot = {
      caseId: row.id,
      takenAt: closing?.at ?? row.updatedAt,
      takenBy: closing?.by ?? saved.createdBy,
      protocol: revision('protocol', saved.protocolRevision),
      transfer: revision('transfer', saved.transferRevision),
    };
    return { data: snapshot };
  }

  /** DELETE: as the server, only an intake case nothing has happened to, at the version the caller saw. */
  function remove(row: CaseRow, query: FakeRequest['query']): Result {
    const cancelInstead = 'cancel it: move it to closed with a reason';
    if (row.stage !== 'intake')
      throw conflict(`Case ${row.caseNumber} is in ${row.stage} and cannot be deleted; ${cancelInstead}.`);
    if (row.version !== Number(query?.version)) throw stale(row);
    const { transitions, actions } = history(row.id);
    if (transitions.length + actions.length > 0)
      throw conflict(`Case ${row.caseNumber} has records and cannot be deleted; ${cancelInstead}.`);
    state.cases.splice(state.cases.indexOf(row), 1);
    state.details.delete(row.id);
    return { data: row };
  }

  return ({ method, path, query, body }: FakeRequest): Result | undefined => {
    const match = (pattern: RegExp) => pattern.exec(path)?.slice(1).map(Number);
    const [detailsId] = match(PATHS.details) ?? [];
    if (detailsId && method === 'GET') return { data: details(rowOf(detailsId).id) };
    const [headerId] = match(PATHS.header) ?? [];
    if (headerId && method === 'PATCH') return patch(rowOf(headerId), body);
    if (headerId && method === 'DELETE') return remove(rowOf(headerId), query);
    const [movedId] = match(PATHS.transitions) ?? [];
    if (movedId && method === 'POST') return transition(rowOf(movedId), body);
    const [actedId] = match(PATHS.actions) ?? [];
    if (actedId && method === 'POST') return addAction(rowOf(actedId), body);
    const [handedId] = match(PATHS.handovers) ?? [];
    if (handedId && method === 'POST') return handOver(rowOf(handedId), body);
    const [caseId, transitionId] = match(PATHS.transitionActions) ?? [];
    if (caseId && method === 'POST') return addAction(rowOf(caseId), body, transitionId);
    const [closedId] = match(PATHS.protocol) ?? [];
    if (closedId && method === 'GET') return closedProtocol(rowOf(closedId));
    return undefined;
  };
}

function raise(error: Error): never {
  throw error;
}
