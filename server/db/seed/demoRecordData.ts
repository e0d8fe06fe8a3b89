import { acnsFindingsSchema } from '../../../contract/acns';
import type { EVENT_TYPES } from '../../../contract/caseRecords';

/**
 * The words of fictional clinical records (DESIGN §4 "Per-case records"), shared by the demo cases and the
 * large benchmark seed: what technologists note during a recording, how they describe events, what readers
 * write in an interpretation, why billing adjusts a case's minutes.
 */

export const CASE_NOTE_TEXTS = [
  'Recording reviewed: no change in background since the last check.',
  'Patient repositioned by nursing; all electrodes intact on video.',
  'Muscle artifact over the temporal chains while the patient was agitated.',
  'Sedation increased by the ICU team; background more suppressed.',
  'Family at the bedside; pushbutton use explained again.',
  'Camera re-aimed after the bed was moved; patient fully in view.',
  'EKG artifact in the referential montage; bipolar montage clear.',
  'Patient asleep, spindles and vertex waves seen.',
  'Nurse reports a brief stare without response; reviewed, no EEG correlate.',
  'Intermittent 60 Hz artifact from an infusion pump; unit asked to move it.',
] as const;

/** Appended to a record's text by its later revisions, so an item's history shows what changed. */
export const AMENDMENTS = [
  'Corrected after review of the video.',
  'Time confirmed with the bedside nurse.',
  'Wording clarified for the reader.',
] as const;

type EventType = (typeof EVENT_TYPES)[number];

export const EVENT_DESCRIPTIONS: Record<EventType, readonly string[]> = {
  seizure: [
    'Electrographic seizure, left temporal onset, evolving over 90 seconds.',
    'Right hemispheric seizure with left arm clonic activity on video.',
    'Generalised tonic-clonic seizure; patient turned on the side by the nurse.',
  ],
  pushbutton: [
    'Pushbutton pressed by the family: patient stared for about 20 seconds.',
    'Pushbutton pressed by the patient: a rising feeling in the stomach.',
  ],
  clinical: [
    'Nurse reports twitching of the right face; no EEG change.',
    'Patient briefly unresponsive on video; EEG shows drowsiness.',
  ],
  medication: [
    'Lorazepam 2 mg IV given by the ICU team.',
    'Levetiracetam load 60 mg/kg started.',
    'Propofol infusion increased.',
  ],
  artifact: [
    'Chewing artifact during a meal.',
    'Chest physiotherapy: rhythmic artifact over all channels.',
    'Electrical interference from a bed warmer.',
  ],
  'electrode-fix': ['T7 and O1 re-gelled after high impedance.', 'Fp2 replaced after the patient pulled it.'],
  disconnect: ['Amplifier disconnected for a CT scan.', 'Recording paused while the patient went to MRI.'],
  notification: ['Neurologist on call told of the rising seizure burden.', 'Unit told of electrodes off.'],
  'status-epilepticus': [
    'Continuous electrographic seizure activity for more than 5 minutes, left hemisphere.',
    'Recurrent seizures without return to baseline between them.',
  ],
  'electrode-off': [
    'P8 and O2 off after the patient was turned; unit asked to re-apply.',
    'Several frontal electrodes off: the head wrap slipped.',
  ],
};

/** A reader's findings, each read consistent in itself; the ones naming seizures are SEIZURE_READS. */
export const INTERPRETATION_READS = [
  {
    background: 'Continuous, reactive 8–9 Hz posterior background.',
    sleep: 'Normal sleep architecture with spindles and K-complexes.',
    epileptiform: 'No epileptiform discharges.',
    seizures: 'No electrographic seizures.',
    impression: 'Normal awake and asleep EEG.',
    acnsBackground: {
      pdrHz: 8.5,
      continuity: 'continuous',
      symmetry: 'symmetric',
      reactivity: 'reactive',
      voltage: 'normal',
      sleepTransients: 'normal',
    },
    patterns: [],
  },
  {
    background: 'Diffuse 4–6 Hz slowing, reactive to stimulation.',
    sleep: 'No clear sleep transients.',
    epileptiform: 'No epileptiform discharges.',
    seizures: 'No electrographic seizures.',
    impression: 'Abnormal: mild diffuse slowing, consistent with encephalopathy. No seizures.',
    acnsBackground: {
      pdrAbsent: true,
      continuity: 'continuous',
      symmetry: 'symmetric',
      reactivity: 'reactive',
      voltage: 'normal',
      sleepTransients: 'absent',
    },
    patterns: [],
  },
  {
    background: 'Diffuse slowing, more over the left hemisphere.',
    sleep: 'Fragmented sleep, frequent arousals.',
    epileptiform: 'Occasional left temporal sharp waves.',
    seizures: 'Electrographic seizures from the left temporal region, the longest 90 seconds.',
    impression: 'Abnormal: left temporal epileptiform discharges and seizures; continued monitoring advised.',
    acnsBackground: {
      pdrAbsent: true,
      continuity: 'nearly continuous',
      symmetry: 'mild asymmetry',
      reactivity: 'reactive',
      sleepTransients: 'abnormal',
    },
    patterns: [
      {
        mainTerm1: 'L',
        mainTerm2: 'RDA',
        prevalence: 'occasional',
        frequencyHz: 1.5,
        plus: ['S'],
        evolution: 'evolving',
      },
    ],
    acnsSeizures: [{ class: 'ESz', durationSeconds: 90, lateralization: 'left' }],
    seizureBurdenPercent: 2,
  },
  {
    background: 'Discontinuous, poorly reactive background.',
    sleep: 'No clear sleep transients.',
    epileptiform: 'Lateralised periodic discharges, right hemisphere, 1 Hz.',
    seizures: 'No electrographic seizures.',
    impression: 'Abnormal: lateralised periodic discharges carry a high seizure risk.',
    acnsBackground: {
      pdrAbsent: true,
      continuity: 'discontinuous',
      symmetry: 'marked asymmetry',
      reactivity: 'unreactive',
      voltage: 'low',
      sleepTransients: 'absent',
    },
    patterns: [
      {
        mainTerm1: 'L',
        mainTerm2: 'PD',
        prevalence: 'abundant',
        frequencyHz: 1,
        plus: ['F'],
        evolution: 'static',
      },
    ],
  },
  {
    background: 'Burst suppression with bursts of 1–3 seconds under propofol.',
    sleep: 'No sleep transients under sedation.',
    epileptiform: 'Generalised periodic discharges with triphasic morphology.',
    seizures: 'Right hemispheric seizures until the second medication, none after.',
    impression:
      'Abnormal: seizures controlled after the second medication; burst suppression under propofol.',
    acnsBackground: {
      pdrAbsent: true,
      continuity: 'burst-suppression',
      symmetry: 'symmetric',
      reactivity: 'unreactive',
      voltage: 'suppressed',
      sleepTransients: 'absent',
    },
    patterns: [
      { mainTerm1: 'G', mainTerm2: 'PD', prevalence: 'frequent', frequencyHz: 1.5, evolution: 'fluctuating' },
    ],
    acnsSeizures: [
      { class: 'ESz', durationSeconds: 240, lateralization: 'right' },
      { class: 'ESz', durationSeconds: 75, lateralization: 'right' },
    ],
    seizureBurdenPercent: 6,
  },
] as const;
export const SEIZURE_READS = [2, 4] as const;
export type InterpretationRead = (typeof INTERPRETATION_READS)[number];
/** The free-text parts of a read (the rest is its ACNS coding). */
export type InterpretationText = 'background' | 'sleep' | 'epileptiform' | 'seizures' | 'impression';

/** A read's ACNS coding as the API stores it, every field present. */
export const acnsOfRead = (read: InterpretationRead) => acnsFindingsSchema.parse(read);

/** Billing notes: why a case's billable minutes were adjusted (negative: not billed). */
export const BILLING_ADJUSTMENTS = [
  { text: 'Hookup delayed by the unit: 30 minutes not billed.', adjustMinutes: -30 },
  { text: 'Reapplication after an MRI, agreed with the client.', adjustMinutes: 45 },
  { text: 'Recording paused for a CT scan: 15 minutes not billed.', adjustMinutes: -15 },
  { text: 'Statement checked against the time logs; no change.', adjustMinutes: 0 },
] as const;

/** What a technologist did about electrodes above the protocol's impedance limit. */
export const IMPEDANCE_ACTIONS = [
  'Re-gelled and rechecked below the limit.',
  'Electrode replaced; unit asked to keep the head wrap on.',
] as const;
