import { desc, inArray, sql } from 'drizzle-orm';
import { type ActionKind, CASE_STAGES, type CaseStage } from '../../../contract/cases';
import { DEFAULT_IMPEDANCE_LIMIT_KOHM, type RevisionKind } from '../../../contract/clients';
import { caseYear, formatCaseNumber } from '../../domain/caseNumbers';
import { getRevision } from '../protocolRevisions';
import {
  caseActions,
  caseNumberCounters,
  casePatients,
  caseProtocolSnapshots,
  cases,
  caseTechnologists,
  caseTransitions,
  clientContacts,
  clients,
  protocolRevisions,
} from '../schema';
import type { DbOrTx, Tx } from '../transaction';
import {
  DEMO_CASES,
  type DemoAction,
  type DemoCase,
  FIRST_NAMES,
  INDICATIONS,
  LAST_NAMES,
  MEDICATIONS,
  ORDERING_PHYSICIANS,
  PEDIATRIC_CLIENTS,
} from './demoCaseData';
import { DEMO_CLIENTS } from './demoClientData';
import { type RecordedDemoCase, seedDemoRecords } from './demoRecords';

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
/** From the order to the start of the recording (the hookup). */
const HOOKUP_DELAY_HOURS = 0.75;
/** From the end of the recording to the move to preview. */
const PREVIEW_DELAY_HOURS = 0.5;
/** From preview to the reader's signed report. */
const REVIEW_DELAY_HOURS = 10;
/** From the report to billing closing the case. */
const CLOSE_DELAY_HOURS = 46;
const CANCEL_DELAY_HOURS = 1;
/** An action on a transition is logged this long after it. */
const ACTION_DELAY_MS = 10 * MINUTE_MS;

/** Who makes each forward move in the demo (each a user of a role allowed to make it). */
const DEMO_READER = 'reader1';
const DEMO_BILLING = 'billing1';
const DEMO_ADMIN = 'admin';

type CaseValues = Omit<typeof cases.$inferInsert, 'id'>;
type TransitionPlan = { fromStage: CaseStage; toStage: CaseStage; by: string; at: Date; reason: string };
/** An action on the case, or on its move to `onTransitionTo`. */
type ActionPlan = { kind: ActionKind; note: string; by: string; at: Date; onTransitionTo?: CaseStage };

/** Everything one demo case writes, before it has an id. */
type CasePlan = {
  values: CaseValues & { caseNumber: string; clientId: number };
  patient?: Omit<typeof casePatients.$inferInsert, 'caseId'>;
  technologists: Omit<typeof caseTechnologists.$inferInsert, 'caseId'>[];
  transitions: TransitionPlan[];
  actions: ActionPlan[];
  /** A recording's records (demoRecords.ts), all but the case's id. */
  recording?: Omit<RecordedDemoCase, 'caseId'>;
  snapshot?: { takenBy: string; takenAt: Date };
};

type DemoClientRow = {
  id: number;
  code: string;
  timeZone: string;
  units: string;
  /** The first of the client's escalation list. */
  contactId?: number;
};
type RevisionRow = {
  clientId: number;
  kind: RevisionKind;
  revision: number;
  createdAt: Date;
  impedanceLimitKOhm: number | null;
};

const hoursAfter = (moment: Date, hours: number) => new Date(moment.getTime() + hours * HOUR_MS);

/** The stage moves of a case that went the regular way to `demo.stage`, or was cancelled at intake. */
function transitionsOf(
  demo: DemoCase,
  createdAt: Date,
  recordingStart: Date | null,
  recordingEnd: Date | null,
): TransitionPlan[] {
  if (demo.cancelReason) {
    const at = hoursAfter(createdAt, CANCEL_DELAY_HOURS);
    return [{ fromStage: 'intake', toStage: 'closed', by: DEMO_ADMIN, at, reason: demo.cancelReason }];
  }
  const hookedUpBy = demo.technologists[0];
  const moves: TransitionPlan[] = [];
  const reached = CASE_STAGES.indexOf(demo.stage);
  if (reached >= 1 && recordingStart) {
    moves.push({
      fromStage: 'intake',
      toStage: 'monitoring',
      by: hookedUpBy,
      at: recordingStart,
      reason: '',
    });
  }
  if (reached >= 2 && recordingEnd) {
    const at = hoursAfter(recordingEnd, PREVIEW_DELAY_HOURS);
    moves.push({
      fromStage: 'monitoring',
      toStage: 'preview',
      by: demo.previewedBy ?? hookedUpBy,
      at,
      reason: '',
    });
  }
  if (reached >= 3) {
    const at = hoursAfter(moves[moves.length - 1].at, REVIEW_DELAY_HOURS);
    moves.push({ fromStage: 'preview', toStage: 'reviewed', by: DEMO_READER, at, reason: '' });
  }
  if (reached >= 4) {
    const at = hoursAfter(moves[moves.length - 1].at, CLOSE_DELAY_HOURS);
    moves.push({ fromStage: 'reviewed', toStage: 'closed', by: DEMO_BILLING, at, reason: '' });
  }
  return moves;
}

/** The demo's actions, and the reader's report on every case that was reviewed. */
function actionsOf(demo: DemoCase, createdAt: Date, transitions: readonly TransitionPlan[]): ActionPlan[] {
  const reported: DemoAction[] = transitions.some((move) => move.toStage === 'reviewed')
    ? [
        {
          kind: 'report-sent',
          note: 'Final report signed and sent to the ordering physician.',
          by: DEMO_READER,
          onTransitionTo: 'reviewed',
        },
      ]
    : [];
  // The reader's first look once monitoring starts (DESIGN §4 turn 4): it meets the first-review clock.
  const firstLook: DemoAction[] = transitions.some((move) => move.toStage === 'monitoring')
    ? [
        {
          kind: 'reviewed',
          note: 'First look at the recording.',
          by: DEMO_READER,
          onTransitionTo: 'monitoring',
        },
      ]
    : [];
  return [...(demo.actions ?? []), ...firstLook, ...reported].map(({ kind, note, by, ...when }) => {
    if ('hoursAfterOpening' in when)
      return { kind, note, by, at: hoursAfter(createdAt, when.hoursAfterOpening) };
    const move = transitions.find((transition) => transition.toStage === when.onTransitionTo);
    if (!move)
      throw new Error(`A demo ${demo.stage} case of ${demo.client} never moved to ${when.onTransitionTo}`);
    return {
      kind,
      note,
      by,
      at: new Date(move.at.getTime() + ACTION_DELAY_MS),
      onTransitionTo: when.onTransitionTo,
    };
  });
}

function patientOf(demo: DemoCase, index: number, client: DemoClientRow, by: string): CasePlan['patient'] {
  if (demo.patient === 'none') return undefined;
  const units = client.units.split(' and ');
  const pediatric = PEDIATRIC_CLIENTS.has(demo.client);
  const year = pediatric ? 2012 + (index % 12) : 1940 + ((index * 17) % 60);
  const month = String(((index * 5) % 12) + 1).padStart(2, '0');
  const day = String(((index * 11) % 28) + 1).padStart(2, '0');
  const complete = demo.patient !== 'partial';
  return {
    mrn: String(1_040_000 + index * 7_919),
    firstName: FIRST_NAMES[index % FIRST_NAMES.length],
    // A different stride, so the same first name never meets the same last name.
    lastName: LAST_NAMES[(index * 7 + Math.floor(index / LAST_NAMES.length)) % LAST_NAMES.length],
    dateOfBirth: complete ? `${year}-${month}-${day}` : null,
    sex: complete ? (index % 2 === 0 ? 'F' : 'M') : null,
    unit: units[index % units.length],
    room: String(100 + ((index * 13) % 40)),
    orderingPhysician: ORDERING_PHYSICIANS[index % ORDERING_PHYSICIANS.length],
    indication: INDICATIONS[index % INDICATIONS.length],
    medications: complete ? MEDICATIONS[index % MEDICATIONS.length] : '',
    updatedBy: by,
  };
}

/**
 * The demo case's order (DESIGN §4 turn 4), placed 25 minutes before intake: an ICU study stat, a long-term
 * one urgent, the others routine; every fifth case has none ("no order"), never an invented one.
 */
function demoOrder(demo: DemoCase, index: number, createdAt: Date) {
  if (index % 5 === 4) return {};
  return {
    orderedAt: new Date(createdAt.getTime() - 25 * MINUTE_MS),
    orderPriority: demo.studyType === 'icu' ? 'stat' : demo.studyType === 'long-term' ? 'urgent' : 'routine',
    orderingProvider: 'Dr. Helen Osei',
    orderingProviderPhone: '+1 555 0142',
    orderReason: 'Altered mental status; rule out non-convulsive seizures',
  } as const;
}

/** The revision of a kind the client had in force at `at` (what intake would have recorded). */
function revisionAt(revisions: readonly RevisionRow[], clientId: number, kind: RevisionKind, at: Date) {
  return revisions
    .filter(
      (row) => row.clientId === clientId && row.kind === kind && row.createdAt.getTime() <= at.getTime(),
    )
    .reduce<RevisionRow | undefined>(
      (latest, row) => (latest && latest.revision > row.revision ? latest : row),
      undefined,
    );
}

/** What the records of a case with a recording depend on (demoRecords.ts); nothing without one. */
function recordingOf(
  demo: DemoCase,
  index: number,
  { values, transitions }: Pick<CasePlan, 'values' | 'transitions'>,
  client: DemoClientRow,
  protocol: RevisionRow | undefined,
): CasePlan['recording'] {
  const { recordingStart, recordingEnd, createdAt } = values;
  if (!recordingStart || !createdAt || demo.technologists.length === 0) return undefined;
  const movedAt = (from: CaseStage, to: CaseStage) =>
    transitions.find((move) => move.fromStage === from && move.toStage === to)?.at;
  return {
    index,
    stage: demo.stage,
    studyType: demo.studyType,
    technologists: demo.technologists,
    orderedAt: createdAt,
    recordingStart,
    recordingEnd: recordingEnd ?? null,
    monitoringLevel: demo.monitoringLevel,
    checkedMinutesAgo: demo.checkedMinutesAgo,
    openLogHoursAgo: demo.openLogHoursAgo,
    events: demo.events ?? [],
    reviewedAt: movedAt('preview', 'reviewed'),
    closedAt: movedAt('reviewed', 'closed'),
    timeZone: client.timeZone,
    contactId: client.contactId,
    impedanceLimitKOhm: protocol?.impedanceLimitKOhm ?? DEFAULT_IMPEDANCE_LIMIT_KOHM,
  };
}

/**
 * Plans every demo case whose client is present, numbered per client and year after the numbers already
 * used (`lastNumbers`, keyed `clientId/year`), in the order the orders came in.
 */
function planDemoCases(
  now: Date,
  demoClients: ReadonlyMap<string, DemoClientRow>,
  revisions: readonly RevisionRow[],
  lastNumbers: Map<string, number>,
): CasePlan[] {
  const dated = DEMO_CASES.map((demo, index) => ({
    demo,
    index,
    createdAt: hoursAfter(now, -demo.openedHoursAgo),
  })).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const plans: CasePlan[] = [];
  for (const { demo, index, createdAt } of dated) {
    const client = demoClients.get(demo.client);
    if (!client) continue;
    const year = caseYear(client.timeZone, createdAt);
    const key = `${client.id}/${year}`;
    const sequence = (lastNumbers.get(key) ?? 0) + 1;
    lastNumbers.set(key, sequence);

    const pastIntake = demo.stage !== 'intake' && !demo.cancelReason;
    const recordingStart = pastIntake || demo.hookedUp ? hoursAfter(createdAt, HOOKUP_DELAY_HOURS) : null;
    const recordingEnd =
      recordingStart && demo.recordingHours ? hoursAfter(recordingStart, demo.recordingHours) : null;
    const transitions = transitionsOf(demo, createdAt, recordingStart, recordingEnd);
    const createdBy = demo.createdBy ?? demo.technologists[0] ?? DEMO_ADMIN;
    // Every move to closed, a cancellation too, keeps the protocol the case ran under.
    const closing = transitions.find((move) => move.toStage === 'closed');
    const protocol = revisionAt(revisions, client.id, 'protocol', createdAt);
    const values = {
      caseNumber: formatCaseNumber(demo.client, year, sequence),
      clientId: client.id,
      stage: demo.stage,
      studyType: demo.studyType,
      hasVideo: demo.hasVideo,
      monitoringLevel: demo.monitoringLevel,
      recordingStart,
      recordingEnd,
      reader:
        ['preview', 'reviewed'].includes(demo.stage) || closing?.fromStage === 'reviewed'
          ? DEMO_READER
          : null,
      protocolRevision: protocol?.revision ?? null,
      transferRevision: revisionAt(revisions, client.id, 'transfer', createdAt)?.revision ?? null,
      createdBy,
      ...demoOrder(demo, index, createdAt),
      version: 1 + transitions.length,
      createdAt,
      updatedAt: transitions.at(-1)?.at ?? createdAt,
    };
    plans.push({
      values,
      patient: patientOf(demo, index, client, createdBy),
      technologists: demo.technologists.map((username) => ({
        username,
        assignedBy: createdBy,
        assignedAt: new Date(createdAt.getTime() + 5 * MINUTE_MS),
      })),
      transitions,
      actions: actionsOf(demo, createdAt, transitions),
      recording: recordingOf(demo, index, { values, transitions }, client, protocol),
      snapshot: closing ? { takenBy: closing.by, takenAt: closing.at } : undefined,
    });
  }
  return plans;
}

/** The revisions a closed case ran under, as the API answers them (null: the client had none then). */
async function protocolSnapshot(
  tx: Tx,
  clientId: number,
  protocol?: number | null,
  transfer?: number | null,
) {
  const protocolRevision = protocol ? await getRevision(tx, clientId, 'protocol', protocol) : undefined;
  const transferRevision = transfer ? await getRevision(tx, clientId, 'transfer', transfer) : undefined;
  return {
    protocol: protocolRevision?.kind === 'protocol' ? protocolRevision : null,
    transfer: transferRevision?.kind === 'transfer' ? transferRevision : null,
  };
}

/** Writes the planned cases and all that hangs off them (an empty list is never inserted: it is invalid SQL). */
async function insertPlans(tx: Tx, plans: readonly CasePlan[], now: Date) {
  const inserted = await tx
    .insert(cases)
    .values(plans.map((plan) => plan.values))
    .returning({ id: cases.id, caseNumber: cases.caseNumber });
  const idOf = new Map(inserted.map((row) => [row.caseNumber, row.id]));
  const planned = plans.map((plan) => ({ ...plan, caseId: idOf.get(plan.values.caseNumber) ?? 0 }));

  const patients = planned.flatMap(({ caseId, patient }) => (patient ? [{ caseId, ...patient }] : []));
  if (patients.length > 0) await tx.insert(casePatients).values(patients);
  const assignments = planned.flatMap(({ caseId, technologists }) =>
    technologists.map((assignment) => ({ caseId, ...assignment })),
  );
  if (assignments.length > 0) await tx.insert(caseTechnologists).values(assignments);

  const moves = planned.flatMap(({ caseId, transitions }) =>
    transitions.map((move) => ({ caseId, ...move })),
  );
  const transitions =
    moves.length === 0
      ? []
      : await tx.insert(caseTransitions).values(moves).returning({
          id: caseTransitions.id,
          caseId: caseTransitions.caseId,
          toStage: caseTransitions.toStage,
        });
  const transitionId = (caseId: number, stage?: CaseStage) =>
    transitions.find((move) => move.caseId === caseId && move.toStage === stage)?.id ?? null;
  const actions = planned.flatMap(({ caseId, actions: caseActionPlans }) =>
    caseActionPlans.map(({ onTransitionTo, ...action }) => ({
      caseId,
      transitionId: transitionId(caseId, onTransitionTo),
      ...action,
    })),
  );
  if (actions.length > 0) await tx.insert(caseActions).values(actions);

  const snapshots = [];
  for (const { caseId, values, snapshot } of planned) {
    if (!snapshot) continue;
    const revisions = await protocolSnapshot(
      tx,
      values.clientId,
      values.protocolRevision,
      values.transferRevision,
    );
    snapshots.push({ caseId, ...revisions, ...snapshot });
  }
  if (snapshots.length > 0) await tx.insert(caseProtocolSnapshots).values(snapshots);

  await seedDemoRecords(
    tx,
    planned.flatMap(({ caseId, recording }) => (recording ? [{ ...recording, caseId }] : [])),
    now,
  );
}

/** Records the last number used per client and year, so the next intake continues the sequence. */
async function saveCounters(tx: Tx, lastNumbers: ReadonlyMap<string, number>) {
  const rows = [...lastNumbers].map(([key, lastNumber]) => {
    const [clientId, year] = key.split('/').map(Number);
    return { clientId, year, lastNumber };
  });
  await tx
    .insert(caseNumberCounters)
    .values(rows)
    .onConflictDoUpdate({
      target: [caseNumberCounters.clientId, caseNumberCounters.year],
      set: { lastNumber: sql`excluded.last_number` },
    });
}

/**
 * Seeds the demo cases (demoCaseData.ts) of the demo clients present, in one transaction, only when the
 * cases table is empty (so a restart or a real installation's cases are never touched).
 */
export async function seedDemoCases(
  db: DbOrTx,
  now = new Date(),
): Promise<{ seeded: boolean; cases: number }> {
  if ((await db.$count(cases)) > 0) return { seeded: false, cases: 0 };
  return db.transaction(async (tx) => {
    const demoClients = await tx
      .select({ id: clients.id, code: clients.code, timeZone: clients.timeZone })
      .from(clients)
      .where(
        inArray(
          clients.code,
          DEMO_CLIENTS.map((client) => client.code),
        ),
      );
    if (demoClients.length === 0) return { seeded: false, cases: 0 };
    const clientIds = demoClients.map((client) => client.id);
    const units = new Map(DEMO_CLIENTS.map((client) => [client.code, client.units]));
    const revisions = await tx
      .select({
        clientId: protocolRevisions.clientId,
        kind: protocolRevisions.kind,
        revision: protocolRevisions.revision,
        createdAt: protocolRevisions.createdAt,
        impedanceLimitKOhm: protocolRevisions.impedanceLimitKOhm,
      })
      .from(protocolRevisions)
      .where(inArray(protocolRevisions.clientId, clientIds));
    // A case deleted at intake keeps its number used: the demo numbers follow it.
    const counters = await tx
      .select()
      .from(caseNumberCounters)
      .where(inArray(caseNumberCounters.clientId, clientIds));
    const lastNumbers = new Map(counters.map((row) => [`${row.clientId}/${row.year}`, row.lastNumber]));
    const contacts = await tx
      .select({ id: clientContacts.id, clientId: clientContacts.clientId })
      .from(clientContacts)
      .where(inArray(clientContacts.clientId, clientIds))
      .orderBy(desc(clientContacts.escalationOrder));
    // Ordered last to first, so each client keeps its first contact.
    const firstContacts = new Map(contacts.map((contact) => [contact.clientId, contact.id]));
    const plans = planDemoCases(
      now,
      new Map(
        demoClients.map((client) => [
          client.code,
          { ...client, units: units.get(client.code) ?? '', contactId: firstContacts.get(client.id) },
        ]),
      ),
      revisions,
      lastNumbers,
    );
    if (plans.length === 0) return { seeded: false, cases: 0 };
    await insertPlans(tx, plans, now);
    await saveCounters(tx, lastNumbers);
    return { seeded: true, cases: plans.length };
  });
}
