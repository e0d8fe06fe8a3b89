import { z } from 'zod';
import { recordMetaSchema } from './caseRecords';
import { idValue, instant, optionalText } from './fields';

/**
 * Technologist time logs (DESIGN §4 "time-logs"): who worked on a case, from when to when, doing what.
 * A log with no end is running. On one case a technologist's logs never overlap and at most one runs; across
 * the cases they are assigned to they may (concurrent monitoring, DESIGN §4 "Monitoring operations").
 * A log links the case notes written during it (`caseNoteIds`); an empty list, on any write, asks the
 * server to link every live note of the case that falls inside the log's window.
 */

export const TIME_LOG_ACTIVITIES = [
  'hookup',
  'monitoring',
  'check',
  'maintenance',
  'review',
  'takedown',
] as const;
export type TimeLogActivity = (typeof TIME_LOG_ACTIVITIES)[number];

/** An open time log older than this many hours is stale (DESIGN §4 "Open logs"; `MAX_OPEN_LOG_HOURS`). */
export const DEFAULT_MAX_OPEN_LOG_HOURS = 16;

/** A time log lasts at most one shift (DESIGN §4, round three), whatever `MAX_OPEN_LOG_HOURS` says. */
export const MAX_TIME_LOG_HOURS = 16;

/** The server's monitoring-operation settings, handed to the routes that judge open logs. */
export type MonitoringSettings = { maxOpenLogHours: number };

/** Spec §8: the front end stops correcting a case's time logs after this many retries. */
export const TIME_LOG_CORRECTION_RETRIES = 3;

const technologist = z
  .string({ error: 'Technologist must be a username' })
  .trim()
  .min(1, 'Technologist must be a username')
  .max(128, 'Technologist must be a username')
  .regex(/^[\p{L}\p{M}\p{S}\p{N}\p{P}]+$/u, 'Technologist must be a username');

const caseNoteIds = z
  .array(idValue('Case note'), { error: 'Case notes must be a list of note ids' })
  .max(500, 'A time log links at most 500 notes')
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b));

const activity = z.enum(TIME_LOG_ACTIVITIES, {
  error: `Choose an activity: ${TIME_LOG_ACTIVITIES.join(', ')}`,
});
const billable = z.boolean({ error: 'Billable must be true or false' });
const end = instant('End')
  .nullish()
  .transform((value) => value ?? null);

/** A new log: the caller's by default, starting now by default, running until it is given an end. */
export const timeLogCreateSchema = z.object({
  technologist: technologist.optional(),
  start: instant('Start').optional(),
  end,
  activity: activity.default('monitoring'),
  billable: billable.default(true),
  caseNoteIds: caseNoteIds.default([]),
});
export type TimeLogCreate = z.input<typeof timeLogCreateSchema>;

/** The 400 of a log that runs backwards: the server's and the log dialog's. */
export const BACKWARDS_LOG_MESSAGE = 'A time log must end after it starts';

/** The fields a time log stores (each revision's body). */
export const timeLogFieldsSchema = z.object({
  technologist,
  start: instant('Start'),
  end,
  activity,
  billable,
  caseNoteIds,
});
export type TimeLogFields = z.infer<typeof timeLogFieldsSchema>;

/** A revision: the fields that change and the revision edited; `caseNoteIds: []` re-links from the window. */
export const timeLogRevisionSchema = timeLogFieldsSchema
  .partial()
  .extend({
    baseRevision: z
      .number({ error: 'Base revision is required: send the revision you edited' })
      .int('Base revision must be a whole number')
      .positive('Base revision must be 1 or more'),
    voided: z.boolean({ error: 'Voided must be true or false' }).optional(),
    voidReason: optionalText('Void reason', 1000, { multiline: true }),
  })
  .refine((input) => !input.voided || input.voidReason !== '', {
    path: ['voidReason'],
    message: 'Say why the time log is voided',
  });
export type TimeLogRevision = z.input<typeof timeLogRevisionSchema>;

const INSERTION_LOCATIONS = ['before', 'after'] as const;
export type InsertionLocation = (typeof INSERTION_LOCATIONS)[number];

export const insertionQuerySchema = z.object({
  location: z.enum(INSERTION_LOCATIONS, { error: 'Location must be before or after' }),
});

/**
 * A log inserted next to another of the same technologist: before it, it ends where that log starts and
 * needs its own `start`; after it, it starts where that log ends and runs until `end` (or stays open).
 */
export const timeLogInsertionSchema = z.object({
  start: instant('Start').optional(),
  end,
  activity: activity.optional(),
  billable: billable.optional(),
  caseNoteIds: caseNoteIds.default([]),
});
export type TimeLogInsertion = z.input<typeof timeLogInsertionSchema>;

const moment = z.iso.datetime();

export const timeLogSchema = recordMetaSchema.extend({
  technologist: z.string(),
  start: moment,
  end: moment.nullable(),
  activity: z.enum(TIME_LOG_ACTIVITIES),
  billable: z.boolean(),
  caseNoteIds: z.array(z.number().int()),
  /** A running log older than MAX_OPEN_LOG_HOURS (DESIGN §4 "Open logs"): forgotten, most likely. */
  stale: z.boolean(),
  /** A running log's latest allowed end: one shift after its start, within its window; null once ended. */
  latestEnd: moment.nullable(),
});
export type TimeLog = z.infer<typeof timeLogSchema>;

/** The first log whose links are stale, with the stale note ids (DESIGN §4 "Time-log correction"). */
const timeLogCorrectionSchema = z.object({
  _id: z.number().int(),
  revision: z.number().int(),
  caseNoteIds: z.array(z.number().int()),
});
export type TimeLogCorrection = z.infer<typeof timeLogCorrectionSchema>;

export const timeLogListSchema = z.object({
  timeLogs: z.array(timeLogSchema),
  timeLogCorrection: timeLogCorrectionSchema.nullable(),
});
export type TimeLogList = z.infer<typeof timeLogListSchema>;
