import type { Identifier } from 'react-admin';
import type { CallAttemptInput } from '../../contract/callAttempts';
import type { RecordItem } from '../../contract/caseRecords';
import type {
  ActionInput,
  CaseAction,
  CaseDetails,
  CaseHandover,
  CasePatch,
  CaseProtocolSnapshot,
  CaseTransition,
  HandoverInput,
  Technologist,
  TransitionInput,
} from '../../contract/cases';
import { API_PATHS } from '../../contract/paths';
import type { Person } from '../../contract/users';
import type { HttpClient } from './httpClient';

/** What a transition answers: the transition recorded and the case as it now is. */
export interface TransitionResult {
  transition: CaseTransition;
  case: CaseDetails;
}

/** A technologist's active cases after a PUT of their whole set. */
export type TechnologistCases = Technologist & { caseIds: number[] };

/**
 * The cases' calls that are not plain record reads (DESIGN §8 "Cases"): the lists themselves go through
 * `getList` on the stage resources (`continuous-monitoring/cases/intake`, …), intake and deleting an intake
 * case through `create` and `delete` on the cases resource, a case page's record (header, client, patient,
 * technologists, history and the caller's moves) through `getOne` on `…/cases/details`.
 */
export function caseMethods(httpClient: HttpClient) {
  return {
    /** Changes header fields; `version` is the one loaded (409 when stale). */
    patchCase: async (id: Identifier, patch: CasePatch) =>
      (await httpClient<CaseDetails>(API_PATHS.case(id), { method: 'PATCH', body: patch })).data,
    /** Moves the case; 409 lists every unmet guard, 403 when the role may not make the move. */
    transitionCase: async (id: Identifier, input: TransitionInput) =>
      (
        await httpClient<TransitionResult>(API_PATHS.caseTransitions(id), {
          method: 'POST',
          body: input,
        })
      ).data,
    /** Records an action on the case, or on one of its transitions when `transitionId` is given. */
    addCaseAction: async (id: Identifier, input: ActionInput, transitionId?: Identifier) =>
      (
        await httpClient<CaseAction>(
          transitionId === undefined
            ? API_PATHS.caseActions(id)
            : API_PATHS.caseTransitionActions(id, transitionId),
          { method: 'POST', body: input },
        )
      ).data,
    /** Hands the case over between technologists (DESIGN §4); answers the handover and the case. */
    /** Appends a critical call's attempt to an event; answers the event with its notification as it stands. */
    logCallAttempt: async (caseId: Identifier, itemId: Identifier, input: CallAttemptInput) =>
      (await httpClient<RecordItem>(API_PATHS.callAttempts(caseId, itemId), { method: 'POST', body: input }))
        .data,
    handOverCase: async (id: Identifier, input: HandoverInput) =>
      (
        await httpClient<{ handover: CaseHandover; case: CaseDetails }>(API_PATHS.caseHandovers(id), {
          method: 'POST',
          body: input,
        })
      ).data,
    /** The users who may be a case's reader, with their names and credentials. */
    getReaders: async () => (await httpClient<Person[]>(API_PATHS.readers)).data,
    /** Every technologist with their active load. */
    getTechnologists: async () => (await httpClient<Technologist[]>(API_PATHS.technologists)).data,
    /** Replaces a technologist's whole set of active cases; 409 beyond the load limits. */
    setTechnologistCases: async (username: string, caseIds: readonly number[]) =>
      (
        await httpClient<TechnologistCases>(API_PATHS.technologistCases(encodeURIComponent(username)), {
          method: 'PUT',
          body: { caseIds },
        })
      ).data,
    /** The protocol a closed case ran under (404 before it closed). */
    getClosedCaseProtocol: async (id: Identifier) =>
      (await httpClient<CaseProtocolSnapshot>(API_PATHS.closedCaseProtocol(id))).data,
  };
}
