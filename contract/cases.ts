import { z } from 'zod';
import { protocolRevisionSchema, transferRevisionSchema } from './clients';
import {
  decimalParam,
  idParam,
  idValue,
  instant,
  optionalText,
  requiredText,
  searchText,
  version,
  versionQuerySchema,
} from './fields';
import { listQuerySchema } from './list';
import { nextReportSchema } from './reportsDue';
import { clockSchema, orderInputSchema, orderSchema } from './turnaround';
import { personSchema } from './users';

/**
 * The Cases API (DESIGN §4 "Case", §8 "Cases"): intake, the stage lists, a case's details, header edits,
 * transitions, actions and technologist assignments. Times are ISO-8601 strings in UTC.
 */

/** The stages a case moves through (DESIGN §4); `assignments` is a list, not a stage. */
export const CASE_STAGES = ['intake', 'monitoring', 'preview', 'reviewed', 'closed'] as const;
export type CaseStage = (typeof CASE_STAGES)[number];

/** Active cases (intake, monitoring) are the ones technologists are assigned to and count in their load. */
export const ACTIVE_CASE_STAGES = ['intake', 'monitoring'] as const satisfies readonly CaseStage[];

export const STUDY_TYPES = ['routine', 'long-term', 'ambulatory', 'icu'] as const;
export type StudyType = (typeof STUDY_TYPES)[number];

export const MONITORING_LEVELS = ['unmonitored', 'intermittent', 'continuous'] as const;
export type MonitoringLevel = (typeof MONITORING_LEVELS)[number];

export const PATIENT_SEXES = ['M', 'F', 'X', 'U'] as const;
export type PatientSex = (typeof PATIENT_SEXES)[number];

export const ACTION_KINDS = [
  'client-notified',
  'physician-paged',
  'report-sent',
  'escalated',
  'other',
  // A reader's first look at the study (DESIGN §4 turn 4): readers only; it stops the first-review clock.
  'reviewed',
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

const TRANSITION_KINDS = ['forward', 'cancel', 'reopen'] as const;
export type TransitionKind = (typeof TRANSITION_KINDS)[number];

const id = z.number().int();
const timestamp = z.iso.datetime();
const username = z.string();

const studyType = z.enum(STUDY_TYPES, {
  error: 'Choose a study type: routine, long-term, ambulatory or ICU',
});
const monitoringLevel = z.enum(MONITORING_LEVELS, {
  error: 'Choose a monitoring level: unmonitored, intermittent or continuous',
});
const hasVideo = z.boolean({ error: 'Video must be true or false' });

/** The date of birth: a calendar date, not in the future, not before 1900. */
const dateOfBirth = z.iso
  .date({ error: 'Date of birth must be a date, e.g. 1961-07-04' })
  .refine((value) => value <= new Date().toISOString().slice(0, 10), 'Date of birth cannot be in the future')
  .refine((value) => value >= '1900-01-01', 'Date of birth must be 1900 or later')
  .nullish()
  .transform((value) => value ?? null);

// Patient details (the next issue adds their revisions; intake stores what it is given here)

export const patientInputSchema = z.object({
  mrn: optionalText('MRN', 40),
  firstName: optionalText('First name', 100),
  lastName: optionalText('Last name', 100),
  dateOfBirth,
  sex: z
    .enum(PATIENT_SEXES, { error: 'Sex must be M, F, X or U' })
    .nullish()
    .transform((value) => value ?? null),
  unit: optionalText('Unit', 100),
  room: optionalText('Room', 40),
  orderingPhysician: optionalText('Ordering physician', 200),
  indication: optionalText('Indication', 2000, { multiline: true }),
  medications: optionalText('Medications', 2000, { multiline: true }),
});
export type PatientInput = z.infer<typeof patientInputSchema>;

export const patientSchema = z.object({
  mrn: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.iso.date().nullable(),
  sex: z.enum(PATIENT_SEXES).nullable(),
  unit: z.string(),
  room: z.string(),
  orderingPhysician: z.string(),
  indication: z.string(),
  medications: z.string(),
  version: id,
  updatedAt: timestamp,
});
export type Patient = z.infer<typeof patientSchema>;

/** PUT patient details: the whole set, and the version loaded (none before the case has any). */
export const patientPutSchema = patientInputSchema.extend({ version: version.optional() });
export type PatientPut = z.input<typeof patientPutSchema>;

/** One state of the patient's details in their history: revision n is what version n held. */
export const patientRevisionSchema = patientSchema.omit({ version: true, updatedAt: true }).extend({
  revision: id,
  author: username,
  createdAt: timestamp,
  /** The details as they are now (the newest revision). */
  current: z.boolean(),
});
export type PatientRevision = z.infer<typeof patientRevisionSchema>;

// Intake and header edits

export const caseIntakeSchema = z.object({
  clientId: idValue('Client'),
  studyType,
  hasVideo: hasVideo.default(false),
  monitoringLevel,
  patient: patientInputSchema.optional(),
  /** The hospital's order (DESIGN §4 turn 4); left out: no order. */
  order: orderInputSchema.optional(),
});
export type CaseIntake = z.infer<typeof caseIntakeSchema>;

/** PATCH: the header fields to change, and the version loaded; a field left out keeps its value. */
export const casePatchSchema = z.object({
  studyType: studyType.optional(),
  hasVideo: hasVideo.optional(),
  monitoringLevel: monitoringLevel.optional(),
  recordingStart: instant('Recording start').nullable().optional(),
  recordingEnd: instant('Recording end').nullable().optional(),
  /** EEG channels recorded; fewer than 8 is not a long-term EEG (DESIGN §4). */
  channelCount: z
    .number({ error: 'Channels must be a whole number from 1 to 512' })
    .int({ error: 'Channels must be a whole number from 1 to 512' })
    .min(1, 'Channels must be a whole number from 1 to 512')
    .max(512, 'Channels must be a whole number from 1 to 512')
    .optional(),
  /** The reader's username; null clears it. */
  reader: z
    .string({ error: 'Reader must be a username' })
    .trim()
    .min(1, 'Reader must be a username')
    .max(128, 'Reader must be at most 128 characters')
    .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u, 'Reader must be a username')
    .nullable()
    .optional(),
  /** The order, whole; null removes it. */
  order: orderInputSchema.nullable().optional(),
  version,
});
export type CasePatch = z.infer<typeof casePatchSchema>;

export const caseIdParams = z.object({ id: idParam('Case id') });
export const caseDeleteQuerySchema = versionQuerySchema;

// Lists

/** A case as the stage lists, the assignments and a client's cases tab show it. */
export const caseRowSchema = z.object({
  id,
  caseNumber: z.string(),
  clientId: id,
  clientName: z.string(),
  /** The client's IANA zone, in which the row's times are shown (DESIGN §4 one clock). */
  clientTimeZone: z.string(),
  stage: z.enum(CASE_STAGES),
  studyType: z.enum(STUDY_TYPES),
  hasVideo: z.boolean(),
  monitoringLevel: z.enum(MONITORING_LEVELS),
  /** "Last, First", or null before the patient details name the patient. */
  patientName: z.string().nullable(),
  mrn: z.string().nullable(),
  recordingStart: timestamp.nullable(),
  recordingEnd: timestamp.nullable(),
  technologists: z.array(username),
  reader: username.nullable(),
  /** Overdue for a check, by the board's rule (DESIGN §4 "Checks and overdue"). */
  overdue: z.boolean(),
  /** The case's order, null when it has none ("no order"). */
  order: orderSchema.nullable(),
  /** Its turnaround clocks (DESIGN §4 turn 4), in the order hookup, first review, preliminary. */
  clocks: z.array(clockSchema),
  version: id,
  createdAt: timestamp,
  updatedAt: timestamp,
});
export type CaseRow = z.infer<typeof caseRowSchema>;

const CASE_SORT_FIELDS = [
  /** The due time of the clock nearest to breach (cases without a running clock last). */
  'clockDueBy',
  'createdAt',
  'updatedAt',
  'caseNumber',
  'recordingStart',
  'recordingEnd',
  'stage',
] as const;
export type CaseSortField = (typeof CASE_SORT_FIELDS)[number];

/** A day (`2026-03-14`, the whole day in UTC) or a moment with its offset. */
export function dayOrInstant(label: string) {
  return z
    .string()
    .refine(
      (value) =>
        z.iso.date().safeParse(value).success || z.iso.datetime({ offset: true }).safeParse(value).success,
      `${label} must be a date (2026-03-14) or a date and time with its offset`,
    )
    .optional();
}

export const caseListQuerySchema = listQuerySchema(CASE_SORT_FIELDS, 'createdAt', 'DESC').extend({
  clientId: decimalParam('Client id').optional(),
  technologist: searchText('Technologist', 128),
  reader: searchText('Reader', 128),
  /** Case number, patient name or MRN. */
  q: searchText('Search', 200),
  /** Recording start on or after `from`, on or before `to` (a day counts whole). */
  from: dayOrInstant('From'),
  to: dayOrInstant('To'),
});
export type CaseListQuery = z.infer<typeof caseListQuerySchema>;

// Details

export const caseActionSchema = z.object({
  id,
  kind: z.enum(ACTION_KINDS),
  note: z.string(),
  by: username,
  at: timestamp,
  transitionId: id.nullable(),
});
export type CaseAction = z.infer<typeof caseActionSchema>;

const caseTransitionSchema = z.object({
  id,
  from: z.enum(CASE_STAGES),
  to: z.enum(CASE_STAGES),
  by: username,
  at: timestamp,
  reason: z.string(),
  actions: z.array(caseActionSchema),
});
export type CaseTransition = z.infer<typeof caseTransitionSchema>;

/**
 * A handover between shifts (DESIGN §4 "Staffing and handover"): at `at` the outgoing technologist's open log
 * on the case ended (`closedLogId`) and the incoming one's started (`openedLogId`); `by` wrote it.
 */
const caseHandoverSchema = z.object({
  id,
  from: username,
  to: username,
  at: timestamp,
  note: z.string(),
  by: username,
  closedLogId: id,
  openedLogId: id,
});
export type CaseHandover = z.infer<typeof caseHandoverSchema>;

const availableTransitionSchema = z.object({
  to: z.enum(CASE_STAGES),
  kind: z.enum(TRANSITION_KINDS),
  /** The move asks for a reason (cancel, reopen). */
  reasonRequired: z.boolean(),
  allowed: z.boolean(),
  /** What is missing, in words a technologist understands. */
  unmet: z.array(z.string()),
});
export type AvailableTransition = z.infer<typeof availableTransitionSchema>;

export const caseDetailsSchema = caseRowSchema
  .omit({ clientName: true, clientTimeZone: true, patientName: true, mrn: true, technologists: true })
  .extend({
    client: z.object({ id, name: z.string(), code: z.string(), timeZone: z.string() }),
    patient: patientSchema.nullable(),
    technologists: z.array(z.object({ username, name: z.string() })),
    /** The client's protocol and transfer-protocol revisions at intake (null: none then). */
    protocolRevision: id.nullable(),
    transferRevision: id.nullable(),
    /** EEG channels recorded (default 21, the 10–20 system). */
    channelCount: id,
    createdBy: username,
    /** When the next check is due by the board's rule, while in monitoring; null otherwise (DESIGN §4). */
    nextCheckBy: timestamp.nullable(),
    transitions: z.array(caseTransitionSchema),
    /** Actions on the case itself; those on a transition are listed with it. */
    actions: z.array(caseActionSchema),
    /** Handovers between technologists, oldest first. */
    handovers: z.array(caseHandoverSchema),
    /** The case's reader and the signers of its interpretations, by name and credentials. */
    people: z.array(personSchema),
    /** The moves the caller's roles may make from this stage, each with its unmet guards. */
    allowedTransitions: z.array(availableTransitionSchema),
    /**
     * The soonest-due report not signed yet (DESIGN §4 "Reports due"); null when none is owed: before the
     * recording starts, once the final is signed, and once the case is closed.
     */
    nextReport: nextReportSchema.nullable(),
  });
export type CaseDetails = z.infer<typeof caseDetailsSchema>;

// Transitions and actions

export const transitionInputSchema = z.object({
  to: z.enum(CASE_STAGES, { error: `Choose a stage: ${CASE_STAGES.join(', ')}` }),
  reason: optionalText('Reason', 1000, { multiline: true }),
  version,
});
export type TransitionInput = z.infer<typeof transitionInputSchema>;

export const transitionResultSchema = z.object({
  transition: caseTransitionSchema,
  case: caseDetailsSchema,
});

export const actionInputSchema = z.object({
  kind: z.enum(ACTION_KINDS, { error: `Choose a kind: ${ACTION_KINDS.join(', ')}` }),
  note: optionalText('Note', 2000, { multiline: true }),
});
export type ActionInput = z.infer<typeof actionInputSchema>;

/** POST …/cases/{id}/handovers: `from` hands the case over to `to` at `at` (not in the future). */
export const handoverInputSchema = z.object({
  // Usernames: the shared text rules refuse a control character (a NUL) on the field that holds it.
  from: requiredText('From (the outgoing technologist)', 128),
  to: requiredText('To (the incoming technologist)', 128),
  at: instant('At'),
  note: optionalText('Note', 2000, { multiline: true }),
});
export type HandoverInput = z.input<typeof handoverInputSchema>;

export const handoverResultSchema = z.object({ handover: caseHandoverSchema, case: caseDetailsSchema });

export const transitionActionParams = caseIdParams.extend({ tid: idParam('Transition id') });

// Technologists and their load

const technologistLoadSchema = z.object({
  continuous: z.number().int(),
  intermittent: z.number().int(),
  unmonitored: z.number().int(),
});
export type TechnologistLoad = z.infer<typeof technologistLoadSchema>;

export const technologistSchema = z.object({
  username,
  name: z.string(),
  active: technologistLoadSchema,
});
export type Technologist = z.infer<typeof technologistSchema>;

export const technologistCasesSchema = technologistSchema.extend({ caseIds: z.array(id) });

export const technologistCasesInputSchema = z.object({
  caseIds: z
    .array(idValue('Case id'), { error: 'Case ids must be a list of case ids' })
    .max(100, 'At most 100 cases')
    .refine((ids) => new Set(ids).size === ids.length, 'Each case may be listed once'),
});

// Closed-case protocol snapshot

export const caseProtocolSnapshotSchema = z.object({
  caseId: id,
  takenAt: timestamp,
  takenBy: username,
  protocol: protocolRevisionSchema.nullable(),
  transfer: transferRevisionSchema.nullable(),
});
export type CaseProtocolSnapshot = z.infer<typeof caseProtocolSnapshotSchema>;
