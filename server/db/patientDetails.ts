import { and, eq, ne, sql } from 'drizzle-orm';
import type { Patient, PatientInput, PatientRevision } from '../../contract/cases';
import { appendRevision, itemHistory } from './caseRecords';
import { casePatients, caseRecordItems, cases } from './schema';
import { type DbOrTx, readAll } from './transaction';

/**
 * A case's patient details (DESIGN §4, §8): `case_patients` holds them as they are now; each PUT keeps the
 * details it replaces as a revision of the case's one `patient-details` record (revision n = version n),
 * in the append-only revisions every clinical record shares.
 */

type PatientRow = typeof casePatients.$inferSelect;

export function toPatient({ caseId: _case, updatedBy: _by, ...row }: PatientRow): Patient {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

export async function insertPatient(db: DbOrTx, caseId: number, input: PatientInput, by: string) {
  const [row] = await db
    .insert(casePatients)
    .values({ caseId, ...input, updatedBy: by })
    .returning();
  return toPatient(row);
}

export async function getPatient(db: DbOrTx, caseId: number): Promise<Patient | null> {
  const [row] = await db.select().from(casePatients).where(eq(casePatients.caseId, caseId));
  return row ? toPatient(row) : null;
}

const PATIENT_FIELDS = [
  'mrn',
  'firstName',
  'lastName',
  'dateOfBirth',
  'sex',
  'unit',
  'room',
  'orderingPhysician',
  'indication',
  'medications',
] as const;

export const fieldsOf = (row: PatientRow) =>
  Object.fromEntries(PATIENT_FIELDS.map((field) => [field, row[field]])) as PatientInput;

export async function lockPatient(tx: DbOrTx, caseId: number): Promise<PatientRow | undefined> {
  const [row] = await tx.select().from(casePatients).where(eq(casePatients.caseId, caseId)).for('update');
  return row;
}

async function patientItemId(db: DbOrTx, caseId: number): Promise<number | undefined> {
  const [item] = await db
    .select({ id: caseRecordItems.id })
    .from(caseRecordItems)
    .where(and(eq(caseRecordItems.caseId, caseId), eq(caseRecordItems.kind, 'patient-details')));
  return item?.id;
}

/** Keeps the details about to be replaced as the revision numbered by their version. */
export async function keepAsRevision(tx: DbOrTx, row: PatientRow): Promise<void> {
  const itemId =
    (await patientItemId(tx, row.caseId)) ??
    (await tx.insert(caseRecordItems).values({ caseId: row.caseId, kind: 'patient-details' }).returning())[0]
      .id;
  await appendRevision(
    tx,
    itemId,
    row.version,
    fieldsOf(row),
    { voided: false, voidReason: '' },
    row.updatedBy,
    row.updatedAt,
  );
}

/** The new details, one version on; the caller holds the row's lock and has checked the version. */
export async function replacePatient(tx: DbOrTx, row: PatientRow, input: PatientInput, by: string) {
  const [updated] = await tx
    .update(casePatients)
    .set({ ...input, updatedBy: by, version: row.version + 1, updatedAt: new Date() })
    .where(eq(casePatients.caseId, row.caseId))
    .returning();
  return toPatient(updated);
}

/** Every state of the details, newest first: the current one, then those kept by each PUT. */
export async function patientHistory(db: DbOrTx, caseId: number): Promise<PatientRevision[]> {
  const [[current], itemId] = await readAll(db, [
    () => db.select().from(casePatients).where(eq(casePatients.caseId, caseId)),
    () => patientItemId(db, caseId),
  ]);
  if (!current) return [];
  const kept = itemId === undefined ? [] : await itemHistory(db, itemId);
  return [
    {
      ...fieldsOf(current),
      revision: current.version,
      author: current.updatedBy,
      createdAt: current.updatedAt.toISOString(),
      current: true,
    },
    ...kept.map((stored) => ({
      ...(stored.body as PatientInput),
      revision: stored.revision,
      author: stored.author,
      createdAt: stored.createdAt.toISOString(),
      current: false,
    })),
  ];
}

/**
 * The number of another case of the same client whose patient has this MRN but is someone else (another
 * name or date of birth): an MRN names one patient of a hospital, who may come back for another study.
 */
export async function mrnUsedByAnotherPatient(
  db: DbOrTx,
  clientId: number,
  exceptCaseId: number | undefined,
  patient: PatientInput,
): Promise<string | undefined> {
  if (!patient.mrn) return undefined;
  // Two intakes of the same MRN at once are ordered, so the second sees the first.
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`mrn:${clientId}:${patient.mrn}`}))`);
  const [row] = await db
    .select({ caseNumber: cases.caseNumber })
    .from(casePatients)
    .innerJoin(cases, eq(cases.id, casePatients.caseId))
    .where(
      and(
        eq(casePatients.mrn, patient.mrn),
        eq(cases.clientId, clientId),
        exceptCaseId === undefined ? undefined : ne(cases.id, exceptCaseId),
        sql`(lower(${casePatients.lastName}), lower(${casePatients.firstName}), ${casePatients.dateOfBirth})
          is distinct from (lower(${patient.lastName}), lower(${patient.firstName}), ${patient.dateOfBirth}::date)`,
      ),
    )
    .orderBy(cases.id)
    .limit(1);
  return row?.caseNumber;
}
