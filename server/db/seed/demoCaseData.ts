import type { EVENT_TYPES } from '../../../contract/caseRecords';
import type { ActionKind, CaseStage, MonitoringLevel, StudyType } from '../../../contract/cases';

/**
 * Forty-one fictional cases of the demo clients (demoClientData.ts), a working day of the monitoring
 * service: fresh orders in intake, recordings running (some overdue for a check, several watched at once by
 * one technologist), studies waiting for the reader, reviewed ones waiting for billing, closed ones of the
 * last weeks and two cancelled orders. Times count back from the moment of seeding. The demo technologists
 * are tech1 and newhire, each within the load of DESIGN §4 (a continuous case weighs 3, an intermittent one
 * 1, at most 12): tech1's active cases weigh 9 and newhire's 9, so either can still take one more continuous
 * case (tech1 can hand a patient they watch over to newhire); tech1 watches three patients at once (three
 * open logs). Each recording gets its clinical records
 * (demoRecords.ts).
 */

/**
 * An event beyond the ones every recording gets (demoRecords.ts), at a moment of the recording, with the
 * client's first contact told `notifiedAfterMinutes` later (null: not yet).
 */
export type DemoEvent = {
  type: (typeof EVENT_TYPES)[number];
  notifiedAfterMinutes: number | null;
} & ({ hoursAfterStart: number } | { minutesAgo: number });

/** An action on the case, `hoursAfterOpening`, or on its transition `to` a stage, shortly after it. */
export type DemoAction = { kind: ActionKind; note: string; by: string } & (
  | { hoursAfterOpening: number }
  | { onTransitionTo: CaseStage }
);

export type DemoCase = {
  /** The demo client's code. */
  client: string;
  stage: CaseStage;
  studyType: StudyType;
  hasVideo: boolean;
  monitoringLevel: MonitoringLevel;
  /** Usernames; the first one hooked the patient up. */
  technologists: readonly string[];
  /** When the order came in, in hours before the seeding. */
  openedHoursAgo: number;
  /** Default: the first technologist, or admin without one. */
  createdBy?: string;
  /** Intake only: `partial` has no date of birth or sex yet, `none` no patient details at all. */
  patient?: 'partial' | 'none';
  /** Intake only: the recording has started, the case is ready to move to monitoring. */
  hookedUp?: boolean;
  /**
   * Monitoring only: minutes since the latest check (a 4-minute `check` log on an intermittent case, an
   * impedance measurement on a continuous one, where the shift's `monitoring` logs run until then unless a
   * log is open); without it nothing was logged in the last three hours (overdue, unless watched).
   */
  checkedMinutesAgo?: number;
  /**
   * Monitoring only: the first technologist's `monitoring` log open since this many hours, or since their
   * shift began when they were on it already (watching a continuous case; beyond MAX_OPEN_LOG_HOURS a log
   * left running, stale).
   */
  openLogHoursAgo?: number;
  /** Events beyond the usual ones: notifications on time, late or not yet made. */
  events?: readonly DemoEvent[];
  /** Past monitoring: how long the recording ran, in hours. */
  recordingHours?: number;
  /** Who moved it to preview, when not the first technologist. */
  previewedBy?: string;
  /** Cancelled at intake (closed straight from intake, by an administrator): why. */
  cancelReason?: string;
  actions?: readonly DemoAction[];
};

export const DEMO_CASES: readonly DemoCase[] = [
  // Intake: new orders, some still without a technologist or complete patient details.
  {
    client: 'SBRMC',
    stage: 'intake',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: [],
    openedHoursAgo: 0.4,
    createdBy: 'tech1',
    patient: 'partial',
  },
  {
    client: 'MVH',
    stage: 'intake',
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: [],
    createdBy: 'tech1',
    openedHoursAgo: 2.5,
  },
  {
    client: 'CRCH',
    stage: 'intake',
    studyType: 'routine',
    hasVideo: true,
    monitoringLevel: 'unmonitored',
    technologists: ['newhire'],
    openedHoursAgo: 1.5,
    hookedUp: true,
  },
  {
    client: 'PCNI',
    stage: 'intake',
    studyType: 'long-term',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: [],
    openedHoursAgo: 5,
    patient: 'none',
  },
  {
    client: 'RUH',
    stage: 'intake',
    studyType: 'routine',
    hasVideo: false,
    monitoringLevel: 'unmonitored',
    technologists: ['tech1'],
    openedHoursAgo: 3,
  },
  {
    client: 'BMH',
    stage: 'intake',
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: [],
    openedHoursAgo: 1,
    createdBy: 'admin',
    patient: 'partial',
  },

  // Monitoring: recordings running. tech1 watches three patients at once (open logs), newhire two (one log
  // left running since yesterday); three are overdue: two intermittent ones without a recent check and a
  // continuous one nobody has watched for hours.
  {
    client: 'SBRMC',
    stage: 'monitoring',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'intermittent',
    technologists: ['tech1'],
    openedHoursAgo: 20,
    checkedMinutesAgo: 2,
  },
  {
    client: 'CRCH',
    stage: 'monitoring',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['tech1'],
    openedHoursAgo: 7,
    checkedMinutesAgo: 9,
    openLogHoursAgo: 2.5,
    actions: [
      {
        kind: 'escalated',
        note: 'Background suppressed after a propofol bolus: the neurologist on call was asked to review.',
        by: 'admin',
        hoursAfterOpening: 4,
      },
    ],
  },
  {
    client: 'BMH',
    stage: 'monitoring',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['newhire'],
    openedHoursAgo: 30,
    checkedMinutesAgo: 2,
    openLogHoursAgo: 4,
    // A second seizure, the neurologist not told yet: the notification is overdue.
    events: [{ type: 'seizure', minutesAgo: 25, notifiedAfterMinutes: null }],
    actions: [
      {
        kind: 'physician-paged',
        note: 'Electrographic seizure, 90 s, left temporal: neurologist on call paged.',
        by: 'newhire',
        hoursAfterOpening: 11,
      },
      {
        kind: 'client-notified',
        note: 'ICU charge nurse told of the seizure; lorazepam given at the bedside.',
        by: 'newhire',
        hoursAfterOpening: 11.2,
      },
    ],
  },
  {
    client: 'PCNI',
    stage: 'monitoring',
    studyType: 'long-term',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['newhire'],
    openedHoursAgo: 50,
  },
  {
    client: 'MVH',
    stage: 'monitoring',
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: ['tech1'],
    openedHoursAgo: 14,
    checkedMinutesAgo: 17,
  },
  {
    client: 'RUH',
    stage: 'monitoring',
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: ['newhire'],
    openedHoursAgo: 10,
  },
  {
    client: 'BRMH',
    stage: 'monitoring',
    studyType: 'ambulatory',
    hasVideo: false,
    monitoringLevel: 'unmonitored',
    technologists: ['newhire'],
    openedHoursAgo: 26,
    checkedMinutesAgo: 12,
  },
  {
    client: 'SHMC',
    stage: 'monitoring',
    studyType: 'long-term',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: ['newhire'],
    openedHoursAgo: 40,
    openLogHoursAgo: 20,
    actions: [
      {
        kind: 'other',
        note: 'Unit asked to reposition the amplifier cable after a bed move.',
        by: 'newhire',
        hoursAfterOpening: 20,
      },
    ],
  },
  {
    client: 'LSPC',
    stage: 'monitoring',
    studyType: 'ambulatory',
    hasVideo: false,
    monitoringLevel: 'unmonitored',
    technologists: ['tech1'],
    openedHoursAgo: 22,
    checkedMinutesAgo: 12,
  },
  {
    client: 'NLMC',
    stage: 'monitoring',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'intermittent',
    technologists: ['tech1', 'newhire'],
    openedHoursAgo: 16,
    checkedMinutesAgo: 7,
    openLogHoursAgo: 3,
    actions: [
      {
        kind: 'client-notified',
        note: 'Three electrodes off after transport; the unit re-applied them.',
        by: 'tech1',
        hoursAfterOpening: 9,
      },
    ],
  },
  {
    client: 'KCH',
    stage: 'monitoring',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['tech1'],
    openedHoursAgo: 9,
    // Watched since the shift began, with no check since: never overdue while the log runs (DESIGN §4).
    openLogHoursAgo: 1.5,
    events: [{ type: 'electrode-off', hoursAfterStart: 3, notifiedAfterMinutes: 12 }],
  },

  // Preview: recordings ended, waiting for the reader.
  {
    client: 'KCH',
    stage: 'preview',
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: ['tech1'],
    openedHoursAgo: 40,
    recordingHours: 24,
  },
  {
    client: 'SBRMC',
    stage: 'preview',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['newhire'],
    openedHoursAgo: 75,
    recordingHours: 48,
    previewedBy: 'reader1',
  },
  {
    client: 'MVH',
    stage: 'preview',
    studyType: 'long-term',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: ['tech1'],
    openedHoursAgo: 55,
    recordingHours: 36,
  },
  {
    client: 'LSPC',
    stage: 'preview',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['newhire', 'tech1'],
    openedHoursAgo: 31.5,
    recordingHours: 20,
    actions: [
      {
        kind: 'physician-paged',
        note: 'Possible subclinical seizures overnight: the attending asked for a read this morning.',
        by: 'newhire',
        onTransitionTo: 'preview',
      },
    ],
  },
  {
    client: 'SHMC',
    stage: 'preview',
    studyType: 'routine',
    hasVideo: false,
    monitoringLevel: 'unmonitored',
    technologists: ['tech1'],
    openedHoursAgo: 34,
    recordingHours: 1.5,
  },
  {
    client: 'NLMC',
    stage: 'preview',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['tech1'],
    openedHoursAgo: 62,
    recordingHours: 48,
  },

  // Reviewed: read and reported, waiting for billing to close them.
  {
    client: 'CRCH',
    stage: 'reviewed',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['newhire'],
    openedHoursAgo: 96,
    recordingHours: 48,
  },
  {
    client: 'PCNI',
    stage: 'reviewed',
    studyType: 'long-term',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['tech1'],
    openedHoursAgo: 200,
    recordingHours: 96,
  },
  {
    client: 'BMH',
    stage: 'reviewed',
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: ['tech1'],
    openedHoursAgo: 120,
    recordingHours: 24,
  },
  {
    client: 'RUH',
    stage: 'reviewed',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['tech1', 'newhire'],
    openedHoursAgo: 150,
    recordingHours: 72,
    previewedBy: 'reader1',
    // The unit was told of a second seizure 45 minutes on, past the protocol's 10.
    events: [{ type: 'seizure', hoursAfterStart: 30, notifiedAfterMinutes: 45 }],
  },
  {
    client: 'BRMH',
    stage: 'reviewed',
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: ['newhire'],
    openedHoursAgo: 80,
    recordingHours: 24,
  },
  {
    client: 'KCH',
    stage: 'reviewed',
    studyType: 'ambulatory',
    hasVideo: false,
    monitoringLevel: 'unmonitored',
    technologists: ['tech1'],
    openedHoursAgo: 300,
    recordingHours: 48,
  },

  // Closed: the last weeks' studies, and two orders cancelled before hookup.
  {
    client: 'SBRMC',
    stage: 'closed',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['tech1'],
    openedHoursAgo: 220,
    recordingHours: 72,
  },
  {
    client: 'MVH',
    stage: 'closed',
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: ['newhire'],
    openedHoursAgo: 260,
    recordingHours: 24,
    events: [{ type: 'electrode-off', hoursAfterStart: 10, notifiedAfterMinutes: 50 }],
  },
  {
    client: 'CRCH',
    stage: 'closed',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['tech1', 'newhire'],
    openedHoursAgo: 330,
    recordingHours: 96,
    events: [{ type: 'status-epilepticus', hoursAfterStart: 29.2, notifiedAfterMinutes: 4 }],
    actions: [
      {
        kind: 'client-notified',
        note: 'Status epilepticus: PICU attending and charge nurse called within 5 minutes.',
        by: 'tech1',
        hoursAfterOpening: 30,
      },
      {
        kind: 'escalated',
        note: 'Escalated to the epilepsy attending: seizures continued after the second medication.',
        by: 'reader1',
        hoursAfterOpening: 31,
      },
    ],
  },
  {
    client: 'PCNI',
    stage: 'closed',
    studyType: 'long-term',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['newhire'],
    openedHoursAgo: 450,
    recordingHours: 120,
  },
  {
    client: 'SHMC',
    stage: 'closed',
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: ['tech1'],
    openedHoursAgo: 500,
    recordingHours: 36,
  },
  {
    client: 'BMH',
    stage: 'closed',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['tech1'],
    openedHoursAgo: 560,
    recordingHours: 48,
    actions: [
      {
        kind: 'other',
        note: 'Statement query from the client: hours confirmed against the time logs.',
        by: 'billing1',
        onTransitionTo: 'closed',
      },
    ],
  },
  {
    client: 'NLMC',
    stage: 'closed',
    studyType: 'routine',
    hasVideo: false,
    monitoringLevel: 'unmonitored',
    technologists: ['newhire'],
    openedHoursAgo: 620,
    recordingHours: 1,
  },
  {
    client: 'RUH',
    stage: 'closed',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['newhire'],
    openedHoursAgo: 700,
    recordingHours: 60,
  },
  {
    client: 'BRMH',
    stage: 'closed',
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: ['tech1'],
    openedHoursAgo: 800,
    recordingHours: 24,
  },
  {
    client: 'LSPC',
    stage: 'closed',
    studyType: 'icu',
    hasVideo: true,
    monitoringLevel: 'continuous',
    technologists: ['tech1'],
    openedHoursAgo: 880,
    recordingHours: 48,
  },
  {
    client: 'KCH',
    stage: 'closed',
    studyType: 'icu',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: [],
    openedHoursAgo: 400,
    createdBy: 'admin',
    patient: 'partial',
    cancelReason: 'Order cancelled: the patient was flown to another hospital before hookup.',
  },
  {
    client: 'SBRMC',
    stage: 'closed',
    studyType: 'long-term',
    hasVideo: false,
    monitoringLevel: 'intermittent',
    technologists: ['tech1'],
    openedHoursAgo: 180,
    cancelReason: 'Duplicate order: the study had been entered twice.',
  },
];

/** Fictional patients: names are combined from these lists, never taken from a real record. */
export const FIRST_NAMES = [
  'Avery',
  'Beatriz',
  'Caleb',
  'Delphine',
  'Emeka',
  'Freya',
  'Gideon',
  'Harriet',
  'Ivo',
  'Juniper',
  'Kofi',
  'Linnea',
  'Mateo',
  'Noor',
  'Oskar',
  'Paloma',
  'Quentin',
  'Rosalind',
  'Soren',
  'Talia',
] as const;

export const LAST_NAMES = [
  'Abernathy',
  'Baptiste',
  'Castellanos',
  'Drummond',
  'Eriksen',
  'Fairbanks',
  'Gallagher',
  'Hollis',
  'Ibarra',
  'Jankowski',
  'Kowalczyk',
  'Lindgren',
  'Marchetti',
  'Nakagawa',
  'Okonjo',
  'Pemberton',
  'Quarshie',
  'Rasmussen',
  'Szabo',
  'Thorne',
] as const;

export const ORDERING_PHYSICIANS = [
  'Dr. Alicia Moreno',
  'Dr. Kwame Mensah',
  'Dr. Ingrid Halvorsen',
  'Dr. Rahul Desai',
  'Dr. Beatrix Chu',
] as const;

export const INDICATIONS = [
  'Altered mental status after cardiac arrest; rule out nonconvulsive seizures.',
  'Breakthrough seizures on two medications; rule out nonconvulsive status epilepticus.',
  'Subarachnoid hemorrhage: seizure and vasospasm surveillance.',
  'Unexplained coma after traumatic brain injury.',
  'Spells of staring and lip smacking; characterise the events.',
  'Fluctuating consciousness with sepsis; rule out subclinical seizures.',
] as const;

export const MEDICATIONS = [
  'Levetiracetam 1000 mg twice daily.',
  'Lacosamide 200 mg twice daily; propofol infusion.',
  'Valproate 500 mg three times daily.',
  'Midazolam infusion, weaning.',
  'None at hookup.',
] as const;

/** The children's hospitals: their patients are children. */
export const PEDIATRIC_CLIENTS: ReadonlySet<string> = new Set(['CRCH', 'LSPC']);
