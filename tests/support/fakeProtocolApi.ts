import {
  nextRevisionNumber,
  staleRevisionMessage,
  unknownNotifiedContacts,
} from '../../contract/clientRules';
import { type Revision, revisionInputSchema } from '../../contract/clients';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { conflict, type FakeRequest, now, page, type Result, raiseNotFound, validate } from './fakeApiRules';

/**
 * A client's protocol and transfer protocol: append-only revisions under `/clients/{id}/protocol`,
 * numbered from `baseRevision` as the server does; notified contacts must be the client's.
 */
export function fakeProtocolApi(
  revisions: Revision[],
  contactIdsOf: (clientId: number) => ReadonlySet<number>,
  author: string,
) {
  return ({ method, query, body }: FakeRequest, clientId: number, rest = ''): Result => {
    const ofKind = (kind: unknown) =>
      revisions.filter((found) => found.clientId === clientId && found.kind === kind);
    const history = ofKind(rest === '/transfer' ? 'transfer' : (query?.kind ?? 'protocol')).sort(
      (a, b) => b.revision - a.revision,
    );
    if (rest === '' || rest === '/transfer') return { data: history[0] ?? null };
    if (rest !== '/revisions')
      return { data: history.find((found) => `/revisions/${found.revision}` === rest) ?? raiseNotFound() };
    if (method === 'GET') return page(history, { ...query, sort: 'revision', order: 'DESC' });

    const { baseRevision, ...input } = validate(revisionInputSchema, body);
    const current = Math.max(0, ...ofKind(input.kind).map((found) => found.revision));
    const next = nextRevisionNumber(current, baseRevision);
    if (next === undefined) throw conflict(staleRevisionMessage(input.kind));
    if (input.kind === 'protocol') {
      const problems = unknownNotifiedContacts(input.notificationRules, contactIdsOf(clientId));
      if (problems.length > 0) throw toHttpError(400, { error: 'Invalid notify', fields: problems });
    }
    const created = { ...input, clientId, revision: next, author, createdAt: now() };
    revisions.push(created);
    return { data: created };
  };
}
