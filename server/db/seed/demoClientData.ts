import type { NotificationTrigger } from '../../../contract/clients';

/** Fictional hospitals for the demo and local runs; phone numbers are in the reserved 555-01xx range. */
export type DemoClient = {
  name: string;
  code: string;
  timeZone: string;
  /** Where billing periods start; midnight when left out. */
  billingPeriodStart?: string;
  address: string;
  phone: string;
  isEnabled: boolean;
  notes: string;
  /** The monitored units, named in the protocol text. */
  units: string;
};

export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    name: 'St. Brigid Regional Medical Center',
    code: 'SBRMC',
    timeZone: 'America/New_York',
    address: '1200 Harbor View Road, Portland, ME 04101',
    phone: '+1 207 555 0142',
    isEnabled: true,
    notes: 'Largest client; neuro ICU runs 12 beds with continuous EEG.',
    units: 'Neuro ICU and Medical ICU',
  },
  {
    name: 'Mercy Valley Hospital',
    code: 'MVH',
    timeZone: 'America/Chicago',
    // Bills its monitoring days from the 07:00 shift change.
    billingPeriodStart: '07:00',
    address: '455 Prairie Avenue, Peoria, IL 61602',
    phone: '+1 309 555 0117',
    isEnabled: true,
    notes: 'Call the unit before remote-connecting on weekends.',
    units: 'Surgical ICU',
  },
  {
    name: "Cedar Ridge Children's Hospital",
    code: 'CRCH',
    timeZone: 'America/Denver',
    // Bills 24-hour periods from each hookup.
    billingPeriodStart: 'recording-start',
    address: '88 Foothill Parkway, Boulder, CO 80302',
    phone: '+1 303 555 0188',
    isEnabled: true,
    notes: 'Pediatric and neonatal patients; parents are often at the bedside.',
    units: 'PICU and NICU',
  },
  {
    name: 'Pacific Crest Neurological Institute',
    code: 'PCNI',
    timeZone: 'America/Los_Angeles',
    address: '2100 Shoreline Boulevard, Monterey, CA 93940',
    phone: '+1 831 555 0163',
    isEnabled: true,
    notes: 'Epilepsy monitoring unit with video; presurgical evaluations.',
    units: 'Epilepsy Monitoring Unit',
  },
  {
    name: 'Saguaro Health Medical Center',
    code: 'SHMC',
    timeZone: 'America/Phoenix',
    address: '7300 East Desert Bloom Drive, Tucson, AZ 85710',
    phone: '+1 520 555 0129',
    isEnabled: true,
    notes: 'No daylight saving time: watch shift handover times in spring and autumn.',
    units: 'Neuro ICU',
  },
  {
    name: 'Bayou Memorial Hospital',
    code: 'BMH',
    timeZone: 'America/Chicago',
    address: '19 Cypress Lane, Lafayette, LA 70501',
    phone: '+1 337 555 0151',
    isEnabled: true,
    notes: 'Hurricane season: confirm the backup network link each June.',
    units: 'Cardiac ICU and Medical ICU',
  },
  {
    name: 'Northern Lights Medical Center',
    code: 'NLMC',
    timeZone: 'America/Anchorage',
    address: '3400 Aurora Drive, Anchorage, AK 99508',
    phone: '+1 907 555 0104',
    isEnabled: true,
    notes: 'Remote sites transfer patients by air; expect late-night hookups.',
    units: 'Neuro ICU',
  },
  {
    name: 'Kahala Community Hospital',
    code: 'KCH',
    timeZone: 'Pacific/Honolulu',
    address: '5100 Kalanianaole Highway, Honolulu, HI 96821',
    phone: '+1 808 555 0176',
    isEnabled: true,
    notes: 'Small ICU; one EEG machine, book it with the charge nurse.',
    units: 'ICU',
  },
  {
    name: 'Riverbend University Hospital',
    code: 'RUH',
    timeZone: 'America/Detroit',
    address: '900 Riverbend Avenue NE, Grand Rapids, MI 49503',
    phone: '+1 616 555 0133',
    isEnabled: true,
    notes: 'Teaching hospital: fellows read first, the attending signs.',
    units: 'Neuro ICU and Emergency Department',
  },
  {
    name: 'Blue Ridge Methodist Hospital',
    code: 'BRMH',
    timeZone: 'America/New_York',
    address: '61 Summit Street, Asheville, NC 28801',
    phone: '+1 828 555 0195',
    isEnabled: true,
    notes: 'Post-cardiac-arrest patients get 24 hours of cEEG by default.',
    units: 'Cardiac ICU',
  },
  {
    name: 'Lone Star Pediatric Center',
    code: 'LSPC',
    timeZone: 'America/Chicago',
    address: '2500 Bluebonnet Trail, Austin, TX 78704',
    phone: '+1 512 555 0110',
    isEnabled: true,
    notes: 'Ambulatory EEG returns go to the front desk, not the unit.',
    units: 'PICU',
  },
  {
    name: 'Great Basin Regional Hospital',
    code: 'GBRH',
    timeZone: 'America/Boise',
    address: '1450 Sagebrush Way, Boise, ID 83706',
    phone: '+1 208 555 0167',
    isEnabled: false,
    notes: 'Contract paused since the unit renovation; keep for history.',
    units: 'Medical ICU',
  },
];

export const DEMO_CONTACTS = [
  { name: 'Dr. Helen Okonkwo', mailbox: 'h.okonkwo', role: 'Neurologist on call', escalationOrder: 1 },
  { name: 'Marco Delgado, RN', mailbox: 'm.delgado', role: 'ICU charge nurse', escalationOrder: 2 },
  { name: 'Dr. Samuel Brandt', mailbox: 's.brandt', role: 'Epilepsy attending', escalationOrder: 3 },
  { name: 'Tara Lindqvist', mailbox: 't.lindqvist', role: 'EEG lab manager', escalationOrder: 4 },
] as const;

export const DEMO_LINKS = [
  { label: 'EEG review station', path: 'eeg-viewer', description: 'Remote review of the live recording.' },
  { label: 'Neurology on-call schedule', path: 'on-call', description: 'Who to page, by day and shift.' },
  { label: 'EEG order portal', path: 'orders', description: 'New orders and order changes.' },
] as const;

/** How a client's protocol tightened over time: one entry per revision, oldest first. */
export const PROTOCOL_STEPS: readonly {
  checkIntervalMinutes: number;
  impedanceLimitKOhm: number;
  reportTurnaroundHours: number;
  /** Rules as [trigger, contact positions in DEMO_CONTACTS, within minutes]. */
  rules: readonly (readonly [NotificationTrigger, readonly number[], number])[];
  change: string;
}[] = [
  {
    checkIntervalMinutes: 60,
    impedanceLimitKOhm: 10,
    reportTurnaroundHours: 24,
    rules: [['seizure', [0], 15]],
    change: 'First protocol.',
  },
  {
    checkIntervalMinutes: 30,
    impedanceLimitKOhm: 10,
    reportTurnaroundHours: 24,
    rules: [
      ['seizure', [0], 10],
      ['status epilepticus', [0, 1], 5],
    ],
    change: 'Checks every 30 minutes; status epilepticus added at the neurology committee’s request.',
  },
  {
    checkIntervalMinutes: 30,
    impedanceLimitKOhm: 5,
    reportTurnaroundHours: 12,
    rules: [
      ['seizure', [0], 10],
      ['status epilepticus', [0, 1], 5],
      ['electrode off', [1], 30],
    ],
    change: 'Impedance limit lowered to 5 kΩ; the unit is told of electrodes off.',
  },
  {
    checkIntervalMinutes: 15,
    impedanceLimitKOhm: 5,
    reportTurnaroundHours: 12,
    rules: [
      ['seizure', [0, 2], 10],
      ['status epilepticus', [0, 1, 2], 5],
      ['electrode off', [1], 20],
      ['other', [1], 60],
    ],
    change: 'Checks every 15 minutes for post-arrest patients; the epilepsy attending is copied on seizures.',
  },
];

export const TRANSFER_STEPS: readonly string[] = [
  [
    '# Transfer protocol',
    '',
    'Handover at 07:00 and 19:00 local time.',
    '',
    '1. The outgoing technologist summarises each active recording: events since the last handover, electrode fixes, pending notifications.',
    '2. The incoming technologist confirms the video and EEG streams of every patient before the outgoing one signs off.',
    '3. Open time logs are closed by the outgoing technologist and reopened by the incoming one.',
  ].join('\n'),
  [
    '# Transfer protocol',
    '',
    'Handover at 07:00, 15:00 and 23:00 local time (three shifts since the unit expanded).',
    '',
    '1. The outgoing technologist summarises each active recording: events since the last handover, electrode fixes, pending notifications.',
    '2. The incoming technologist confirms the video and EEG streams of every patient before the outgoing one signs off.',
    '3. Open time logs are closed by the outgoing technologist and reopened by the incoming one.',
    '4. A patient moved between units keeps its case; the receiving unit’s charge nurse is told within 15 minutes.',
  ].join('\n'),
];
