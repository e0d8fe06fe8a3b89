import { and, asc, desc, eq, max } from 'drizzle-orm';
import type { Revision, RevisionInput, RevisionKind } from '../../contract/clients';
import { DEFAULT_ESCALATION_MINUTES } from '../../contract/clients';
import type { ListQuery } from '../../contract/list';
import type { RuleRevision } from '../../contract/notifications';
import { DEFAULT_TURNAROUND_TARGETS } from '../../contract/turnaround';
import { type Page, selectPage } from './pagination';
import { protocolRevisions } from './schema';
import { type DbOrTx, isUniqueViolation } from './transaction';

type RevisionRow = typeof protocolRevisions.$inferSelect;

function toRevision(row: RevisionRow): Revision {
  const common = {
    clientId: row.clientId,
    revision: row.revision,
    body: row.body,
    author: row.author,
    createdAt: row.createdAt.toISOString(),
  };
  if (row.kind === 'transfer') return { kind: 'transfer', ...common };
  // The protocol_revisions_protocol_fields_check constraint guarantees these are set for a protocol.
  return {
    kind: 'protocol',
    ...common,
    notificationRules: row.notificationRules ?? [],
    checkIntervalMinutes: row.checkIntervalMinutes ?? 0,
    impedanceLimitKOhm: row.impedanceLimitKOhm ?? 0,
    reportTurnaroundHours: row.reportTurnaroundHours ?? 0,
    turnaroundTargets: row.turnaroundTargets ?? DEFAULT_TURNAROUND_TARGETS,
    escalationMinutes: row.escalationMinutes ?? DEFAULT_ESCALATION_MINUTES,
  };
}

const ofKind = (clientId: number, kind: RevisionKind) =>
  and(eq(protocolRevisions.clientId, clientId), eq(protocolRevisions.kind, kind));

/** The newest revision number of this kind, 0 when the client has none yet. */
export async function currentRevisionNumber(
  db: DbOrTx,
  clientId: number,
  kind: RevisionKind,
): Promise<number> {
  const [row] = await db
    .select({ revision: max(protocolRevisions.revision) })
    .from(protocolRevisions)
    .where(ofKind(clientId, kind));
  return row?.revision ?? 0;
}

export type RevisionOf<Kind extends RevisionKind> = Extract<Revision, { kind: Kind }>;

export async function getCurrentRevision<Kind extends RevisionKind>(
  db: DbOrTx,
  clientId: number,
  kind: Kind,
): Promise<RevisionOf<Kind> | undefined> {
  const [row] = await db
    .select()
    .from(protocolRevisions)
    .where(ofKind(clientId, kind))
    .orderBy(desc(protocolRevisions.revision))
    .limit(1);
  // The WHERE clause selected this kind, which toRevision's result carries.
  return row && (toRevision(row) as RevisionOf<Kind>);
}

export async function getRevision(
  db: DbOrTx,
  clientId: number,
  kind: RevisionKind,
  revision: number,
): Promise<Revision | undefined> {
  const [row] = await db
    .select()
    .from(protocolRevisions)
    .where(and(ofKind(clientId, kind), eq(protocolRevisions.revision, revision)));
  return row && toRevision(row);
}

/**
 * Every protocol revision of the client with its notification rules and when it was written, oldest first:
 * an event answers to the one in force when it occurred (a client has few).
 */
export async function ruleRevisions(db: DbOrTx, clientId: number): Promise<RuleRevision[]> {
  const rows = await db
    .select({
      revision: protocolRevisions.revision,
      createdAt: protocolRevisions.createdAt,
      notificationRules: protocolRevisions.notificationRules,
      escalationMinutes: protocolRevisions.escalationMinutes,
    })
    .from(protocolRevisions)
    .where(ofKind(clientId, 'protocol'))
    .orderBy(asc(protocolRevisions.revision));
  return rows.map((row) => ({
    revision: row.revision,
    createdAt: row.createdAt.toISOString(),
    notificationRules: row.notificationRules ?? [],
    escalationMinutes: row.escalationMinutes,
  }));
}

/** The history of one kind, newest first. */
export async function listRevisions(
  db: DbOrTx,
  clientId: number,
  kind: RevisionKind,
  query: Pick<ListQuery<'revision'>, 'page' | 'perPage' | 'order'>,
): Promise<Page<Revision>> {
  // Revision numbers are unique per client and kind, so they need no tie-break.
  const order = [(query.order === 'ASC' ? asc : desc)(protocolRevisions.revision)];
  const { rows, total } = await selectPage(db, protocolRevisions, ofKind(clientId, kind), order, query);
  return { rows: rows.map(toRevision), total };
}

/** Appends revision number `revision`; the input's `baseRevision` is the caller's concern, not stored. */
export async function insertRevision(
  db: DbOrTx,
  clientId: number,
  revision: number,
  { baseRevision: _edited, ...input }: RevisionInput,
  author: string,
): Promise<Revision> {
  const [row] = await db
    .insert(protocolRevisions)
    .values({ clientId, revision, author, ...input })
    .returning();
  return toRevision(row);
}

/** Two authors appending from the same base: the second insert hits the primary key. */
export function isConcurrentRevision(error: unknown): boolean {
  return isUniqueViolation(error, 'protocol_revisions_client_id_kind_revision_pk');
}
