/**
 * The access log in words (DESIGN §6): what an audit entry records, said as an admin reads it ("opened case
 * MVH-2026-0006", "listed cases in monitoring: …"), from the call's route template or the write's name and
 * the ids it records. The entry itself keeps ids only; the case numbers and client names are looked up when
 * the log is read.
 */

/** What an entry names, with the names of its ids. */
export interface DescribedEntry {
  action: string;
  resource: string;
  resourceId: string | null;
  outcome: 'ok' | 'denied';
  details: Record<string, unknown>;
}

export interface EntryNames {
  /** A case's number by its id; undefined for a case deleted since. */
  caseNumber: (id: number) => string | undefined;
  /** A client's name by its id. */
  clientName: (id: number) => string | undefined;
}

/** How many case numbers a list read spells out before "and N more". */
const LISTED_CASE_NUMBERS = 5;

/** The case ids an entry names: its own case, or the cases a list read showed. */
export function caseIdsOf(entry: Pick<DescribedEntry, 'resource' | 'resourceId' | 'details'>): number[] {
  const ids = entry.details.caseIds;
  if (Array.isArray(ids)) return ids.filter((id): id is number => typeof id === 'number');
  // No id (a call on the cases with none in its path, an intake): no case, where Number(null) would be case 0.
  const own = entry.resource === 'cases' && entry.resourceId ? Number(entry.resourceId) : Number.NaN;
  return Number.isSafeInteger(own) ? [own] : [];
}

/** The id of the client an entry names: a client's or a statement's record, or a list of one client's cases. */
export function clientIdOf(entry: DescribedEntry): number | undefined {
  const id =
    entry.resource === 'clients' || entry.resource === 'billing' ? entry.resourceId : entry.details.clientId;
  const number = Number(id);
  return id !== undefined && id !== null && Number.isSafeInteger(number) ? number : undefined;
}

/** A phrase with its verb in two forms: done ("opened case X"), and tried ("tried to open case X"). */
type Phrase = { done: string; tried: string };
const phrase = (done: string, tried: string, object: string): Phrase => ({
  done: `${done} ${object}`,
  tried: `${tried} ${object}`,
});

/** `MVH-2026-0006, MVH-2026-0007 and 3 more`, or `none`. */
function caseNumbersText(ids: readonly number[], names: EntryNames): string {
  if (ids.length === 0) return 'no case';
  const shown = ids.slice(0, LISTED_CASE_NUMBERS).map((id) => names.caseNumber(id) ?? `#${id} (deleted)`);
  const more = ids.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** A record kind's path segment in words: `case-notes` → `case notes`. */
const kindWords = (kind: string) => kind.replaceAll('-', ' ');

/**
 * A read's phrase, by its route template (the API base stripped): `case` is the case it names, `client` the
 * client, `shown` the case numbers a list showed.
 */
function readPhrase(
  route: string,
  words: { case: string; client: string; shown: string },
): Phrase | undefined {
  const ofCase = `of case ${words.case}`;
  if (route.endsWith('/cases/details/:id')) return phrase('opened', 'open', `case ${words.case}`);
  if (route === '/getHome') return phrase('opened', 'open', `their home page: ${words.shown}`);
  if (route === '/getHome2') return phrase('read', 'read', `the operations board: ${words.shown}`);
  if (route === '/access-log') return phrase('looked up', 'look up', `a patient's cases: ${words.shown}`);
  if (route.endsWith('/clients/:id/cases')) {
    return phrase('listed', 'list', `the cases of ${words.client}: ${words.shown}`);
  }
  if (route.endsWith('/billable-hours')) {
    return phrase('read', 'read', `the billable hours of ${words.client}: ${words.shown}`);
  }
  if (route.endsWith('/cycle/:cycleId')) {
    return phrase('read', 'read', `the billing statement of ${words.client}: ${words.shown}`);
  }
  const record = /\/:caseId\/([a-z-]+)(\/:itemId)?(\/revisions)?$/.exec(route);
  if (record) {
    const [, kind, item, history] = record;
    const what = item ? `one of the ${kindWords(kind)}` : `the ${kindWords(kind)}`;
    return phrase('read', 'read', `${history ? `the history of ${what}` : what} ${ofCase}`);
  }
  const stage = /\/continuous-monitoring\/cases\/([a-z]+)$/.exec(route);
  if (stage) return phrase('listed', 'list', `cases in ${stage[1]}: ${words.shown}`);
  return undefined;
}

/** A write's phrase by its name (`case.transition`, `client.update`, …). */
function writePhrase(entry: DescribedEntry, words: { case: string; client: string }): string | undefined {
  const { details } = entry;
  const kind = typeof details.kind === 'string' ? kindWords(details.kind) : 'record';
  const user = entry.resourceId ?? '';
  const writes: Record<string, string> = {
    'case.intake': `took in case ${words.case}`,
    'case.update': `edited case ${words.case}`,
    'case.delete': `deleted case ${words.case}`,
    'case.transition': `moved case ${words.case} from ${details.from} to ${details.to}`,
    'case.action': `recorded an action on case ${words.case}`,
    'case.handover': `recorded a handover of case ${words.case}`,
    'case.technologists': `${details.change === 'unassigned' ? 'unassigned' : 'assigned'} ${details.technologist} ${details.change === 'unassigned' ? 'from' : 'to'} case ${words.case}`,
    'patient.update': `edited the patient details of case ${words.case}`,
    'record.create': `added to the ${kind} of case ${words.case}`,
    'record.revise': `revised one of the ${kind} of case ${words.case}`,
    'record.void': `voided one of the ${kind} of case ${words.case}`,
    'client.create': `added client ${words.client}`,
    'client.update': `edited client ${words.client}`,
    'client.delete': `deleted client ${words.client}`,
    'contact.create': `added a contact to ${words.client}`,
    'contact.update': `edited a contact of ${words.client}`,
    'usefulLink.create': `added a useful link to ${words.client}`,
    'usefulLink.update': `edited a useful link of ${words.client}`,
    'billing.rate': `set the rate of ${words.client} for ${details.month}`,
    'user.invite': `invited user ${user}`,
    'user.update': `edited user ${user}`,
    'user.access-groups': `changed the access groups of ${user}`,
    'user.enable': `enabled user ${user}`,
    'user.disable': `disabled user ${user}`,
    'user.sessions-ended': `ended every session of ${user}`,
    'sign-in': 'signed in',
    'backup.create': 'made a backup',
    'backup.link': `asked for a download link to backup ${entry.resourceId}`,
    'backup.restore': 'restored a backup',
    'bug.report': 'reported a bug',
  };
  if (entry.action in writes) return writes[entry.action];
  const status = /^billing\.(.+)$/.exec(entry.action);
  if (status) return `marked the statement of ${words.client} for ${details.month} ${status[1]}`;
  return undefined;
}

/**
 * Who an entry names, as the log shows it: the user; for a refused token, the name it claimed, marked
 * "unverified: …" (anyone can write any name into a token they sign themselves).
 */
export function shownActor(entry: { actor: string; details: Record<string, unknown> }): string {
  const claimed = entry.details.unverifiedUser;
  return typeof claimed === 'string' ? `unverified: ${claimed}` : entry.actor;
}

const TRIED_CALL: Record<string, string> = { GET: 'read', POST: 'write to', PUT: 'change', PATCH: 'change' };

/** What the entry records, in words. */
export function describeEntry(entry: DescribedEntry, names: EntryNames): string {
  const ids = caseIdsOf(entry);
  const clientId = clientIdOf(entry);
  const words = {
    case: ids.length > 0 ? caseNumbersText(ids.slice(0, 1), names) : 'unknown',
    client: clientId === undefined ? 'a client' : (names.clientName(clientId) ?? `client ${clientId}`),
    shown: caseNumbersText(ids, names),
  };
  const call = /^([A-Z]+) (?:\/api)?(\/\S*)$/.exec(entry.action);
  if (!call) return writePhrase(entry, words) ?? entry.action;
  const [, method, route] = call;
  const read = method === 'GET' ? readPhrase(route, words) : undefined;
  if (entry.outcome === 'ok') return read?.done ?? entry.action;
  const ofCase = ids.length > 0 ? ` (case ${words.case})` : '';
  return `tried to ${read?.tried ?? `${TRIED_CALL[method] ?? 'delete'} ${route}${ofCase}`}`;
}
