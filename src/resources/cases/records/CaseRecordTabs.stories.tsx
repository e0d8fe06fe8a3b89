import type { Meta, StoryObj } from '@storybook/react-vite';
import { casePageData } from '@test-support/caseDetailsFixtures';
import { userWithRole } from '@test-support/clientFixtures';
import { buildUser, type FakeApi, menuForRole } from '@test-support/fakeApi';
import { fakeAuthProvider } from '@test-support/fakeAuthProvider';
import {
  type CaseRecordsSeed,
  fakeHttpClientWithRecords,
  type SeedRecord,
  seedRecord,
} from '@test-support/fakeCaseRecordsApi';
import { useHarnessAdmin } from '@test-support/harnessAdmin';
import { expectReadFailed } from '@test-support/storyStates';
import { useMemo } from 'react';
import { TestMemoryRouter } from 'react-admin';
import { expect, userEvent, within } from 'storybook/test';
import { ELECTRODES_10_20 } from '../../../../contract/electrodes';
import { API_PATHS, casePagePath } from '../../../../contract/paths';
import { AppAdmin } from '../../../AppAdmin';
import { createDataProvider } from '../../../dataProvider';
import { toHttpError } from '../../../dataProvider/httpClient';

interface RecordsHarnessProps extends Partial<FakeApi>, Omit<CaseRecordsSeed, 'records'> {
  path: string;
  /** The records, or how to make them when the app mounts (for records dated relative to the clock). */
  records?: SeedRecord[] | (() => SeedRecord[]);
}

/** The whole app over the fake API with the record calls: the AppHarness, plus the records. */
const RecordsHarness = ({
  path,
  user = buildUser(),
  chrome = [],
  clientsData,
  casesData,
  records,
  revisedMeanwhile,
  failures,
  pending,
  onRequest,
}: RecordsHarnessProps) => {
  const harness = useHarnessAdmin();
  const providers = useMemo(() => {
    const seeded = typeof records === 'function' ? records() : records;
    const api = {
      user,
      chrome,
      clientsData,
      casesData,
      records: seeded,
      revisedMeanwhile,
      failures,
      pending,
      onRequest,
    };
    return {
      dataProvider: createDataProvider({ httpClient: fakeHttpClientWithRecords(api) }),
      authProvider: fakeAuthProvider(user),
    };
  }, [user, chrome, clientsData, casesData, records, revisedMeanwhile, failures, pending, onRequest]);
  return (
    <TestMemoryRouter initialEntries={[path]}>
      <AppAdmin {...providers} {...harness} />
    </TestMemoryRouter>
  );
};

// A night of continuous monitoring on NSG-2026-0001 (Northside General, New York: 19:00 is 00:00 UTC).

const night = (time: string) => `2026-03-03T${time}:00.000Z`;
const MONITORING = 1;
const REVIEWED = 5;
const CLOSED = 4;

const priya = buildUser({ username: 'priya', name: 'Priya Raman', roles: ['technologist'] });
const rhea = buildUser({ username: 'rhea', name: 'Rhea Patel', roles: ['reader'] });

/** Every electrode at a few kΩ, with some of them otherwise; `null` leaves one out. */
function impedances(changes: Record<string, number | null> = {}) {
  const values = Object.fromEntries(ELECTRODES_10_20.map((electrode, index) => [electrode, 3 + (index % 4)]));
  for (const [electrode, kOhm] of Object.entries(changes))
    if (kOhm === null) delete values[electrode];
    else values[electrode] = kOhm;
  return values;
}

const hourlyCheck = (id: number, hour: number, values: Record<string, number>, actionTaken = '') =>
  seedRecord(id, MONITORING, 'impedances', {
    author: 'priya',
    createdAt: night(`0${hour}:03`),
    fields: { measuredAt: night(`0${hour}:00`), values, actionTaken },
  });

const EVENTS: SeedRecord[] = [
  seedRecord(1, MONITORING, 'events', {
    author: 'priya',
    createdAt: night('02:15'),
    fields: {
      type: 'pushbutton',
      occurredAt: night('02:13'),
      description: 'Nurse pressed the button: patient staring, not answering to voice.',
    },
  }),
  seedRecord(
    2,
    MONITORING,
    'events',
    {
      author: 'priya',
      createdAt: night('02:17'),
      fields: {
        type: 'seizure',
        occurredAt: night('02:14'),
        description: 'Left temporal rhythmic theta evolving to delta, right hand automatisms.',
      },
    },
    {
      author: 'priya',
      createdAt: night('02:24'),
      fields: { endedAt: night('02:16'), notifiedContactId: 1, notifiedAt: night('02:20') },
    },
  ),
  seedRecord(
    3,
    MONITORING,
    'events',
    {
      author: 'marcus',
      createdAt: night('03:31'),
      fields: {
        type: 'clinical',
        occurredAt: night('03:30'),
        description: 'Patient pulled at the head wrap.',
      },
    },
    {
      author: 'marcus',
      createdAt: night('03:40'),
      fields: {},
      voided: true,
      voidReason: "Entered on the wrong case: it belongs to Mr. Adeyemi's recording.",
    },
  ),
  seedRecord(4, MONITORING, 'events', {
    author: 'priya',
    createdAt: night('04:08'),
    fields: {
      type: 'electrode-fix',
      occurredAt: night('04:05'),
      description: 'T7 and O2 re-gelled and re-taped.',
    },
  }),
  seedRecord(5, MONITORING, 'events', {
    author: 'priya',
    createdAt: night('05:41'),
    fields: {
      type: 'artifact',
      occurredAt: night('05:40'),
      description: 'Chewing artifact: breakfast tray.',
    },
  }),
];

const IMPEDANCES: SeedRecord[] = [
  hourlyCheck(11, 0, impedances({ T7: 5 })),
  hourlyCheck(12, 1, impedances({ T7: 7 })),
  hourlyCheck(13, 2, impedances({ T7: 9, O2: 8 })),
  hourlyCheck(
    14,
    3,
    impedances({ T7: 14, O2: 22, Fpz: null, Oz: null }),
    'T7 and O2 high: re-gel at the next quiet moment.',
  ),
  hourlyCheck(15, 4, impedances({ T7: 4, O2: 5 }), 'T7 and O2 re-gelled at 04:05.'),
  hourlyCheck(16, 5, impedances()),
  hourlyCheck(17, 6, impedances()),
];

const CASE_NOTES: SeedRecord[] = [
  seedRecord(31, MONITORING, 'case-notes', {
    author: 'priya',
    createdAt: night('00:06'),
    fields: {
      notedAt: night('00:05'),
      text: 'Took over from Lena at 19:00. Recording clean, video on, patient sedated on propofol.',
    },
  }),
  seedRecord(
    32,
    MONITORING,
    'case-notes',
    {
      author: 'priya',
      createdAt: night('02:26'),
      fields: {
        notedAt: night('02:25'),
        text: 'Seizure at 02:14 (see events). Dr. Chen called back at 02:22; lorazepam 2 mg given at 02:30.',
      },
    },
    {
      author: 'priya',
      createdAt: night('02:40'),
      fields: {
        text: 'Seizure at 02:14 (see events). Dr. Chen called back at 02:22; lorazepam 2 mg given at 02:31.',
      },
    },
  ),
  seedRecord(33, MONITORING, 'case-notes', {
    author: 'priya',
    createdAt: night('06:51'),
    fields: { notedAt: night('06:50'), text: 'Handover to the day shift: impedances fine since 04:00.' },
  }),
];

/** A reader's interpretation of a case, written and (unless a draft) signed at `at`, with the night's findings. */
const interpretation = (
  id: number,
  caseId: number,
  at: string,
  fields: {
    kind: string;
    periodStart: string;
    periodEnd: string;
    seizures: string;
    impression: string;
    seizuresInPeriod: boolean;
    acnsSeizures?: { class: string; durationSeconds: number; lateralization: string }[];
    patterns?: { mainTerm1: string; mainTerm2: string; plus: string[]; evolution: string }[];
  },
  status: 'draft' | 'signed',
) =>
  seedRecord(id, caseId, 'interpretations', {
    author: 'rhea',
    createdAt: at,
    fields: {
      ...fields,
      background: 'Continuous, reactive 6–7 Hz posterior dominant rhythm with diffuse theta.',
      sleep: 'Spindles and K-complexes seen; sedated throughout.',
      epileptiform: 'Sharp waves over the left temporal region (T7/P7), up to 3 a minute.',
      status,
      ...(status === 'signed' ? { signedBy: 'rhea', signedAt: at } : {}),
    },
  });

const RECORDING_START = '2026-03-02T09:30:00.000Z';

/** The night's left temporal seizure and the rhythmic delta around it, in ACNS terms. */
const LEFT_SEIZURE = { class: 'ESz', durationSeconds: 120, lateralization: 'left' };
const LRDA = { mainTerm1: 'L', mainTerm2: 'RDA', plus: ['S'], evolution: 'evolving' };

const INTERPRETATIONS: SeedRecord[] = [
  interpretation(
    41,
    MONITORING,
    night('08:10'),
    {
      kind: 'prelim',
      periodStart: RECORDING_START,
      periodEnd: night('07:00'),
      seizures: 'One electrographic seizure at 02:14, left temporal onset, 2 minutes.',
      impression: 'Abnormal: a left temporal seizure and left temporal sharp waves.',
      seizuresInPeriod: true,
      acnsSeizures: [LEFT_SEIZURE],
    },
    'signed',
  ),
  interpretation(
    42,
    MONITORING,
    night('09:00'),
    {
      kind: 'final',
      periodStart: RECORDING_START,
      periodEnd: night('09:00'),
      seizures: 'One seizure, as in the preliminary report; none after lorazepam.',
      impression: 'Abnormal study: focal epilepsy of left temporal origin.',
      seizuresInPeriod: true,
      patterns: [LRDA],
      acnsSeizures: [LEFT_SEIZURE],
    },
    'draft',
  ),
  interpretation(
    43,
    REVIEWED,
    '2026-03-07T08:45:00.000Z',
    {
      kind: 'final',
      periodStart: '2026-03-04T10:00:00.000Z',
      periodEnd: '2026-03-06T10:00:00.000Z',
      seizures: 'None.',
      impression: 'Abnormal: left temporal sharp waves, no seizure in 48 hours.',
      seizuresInPeriod: false,
    },
    'signed',
  ),
];

/** A billing clerk's note on the reviewed case, for March. */
const billingNote = (id: number, createdAt: string, adjustMinutes: number, text: string, settled: boolean) =>
  seedRecord(id, REVIEWED, 'billing-notes', {
    author: 'billing',
    createdAt,
    fields: { month: '2026-03', adjustMinutes, text, settled },
  });

const BILLING_NOTES: SeedRecord[] = [
  billingNote(51, '2026-03-07T10:00:00.000Z', 30, 'Hookup ran 30 minutes long: re-measured twice.', true),
  billingNote(52, '2026-03-07T10:05:00.000Z', -15, 'Duplicate check logged on day 2.', false),
];

const CLOSED_CASE_EVENTS: SeedRecord[] = [
  seedRecord(61, CLOSED, 'events', {
    author: 'priya',
    createdAt: '2026-03-05T01:00:00.000Z',
    fields: {
      type: 'disconnect',
      occurredAt: '2026-03-05T00:55:00.000Z',
      description: 'Amplifier unplugged for a CT.',
    },
  }),
];

const monitoring = (tab: string) => casePagePath('monitoring', MONITORING, tab);
const reviewed = (tab: string) => casePagePath('reviewed', REVIEWED, tab);
const technologist = { chrome: menuForRole('technologist'), user: priya };
const reader = { chrome: menuForRole('reader'), user: rhea };

/** A case's record tabs over the fake API, one story per tab, a night of monitoring as data. */
const meta = {
  title: 'Cases/Record tabs',
  component: RecordsHarness,
  parameters: { layout: 'fullscreen' },
  args: {
    ...casePageData,
    ...technologist,
    records: [
      ...EVENTS,
      ...IMPEDANCES,
      ...CASE_NOTES,
      ...INTERPRETATIONS,
      ...BILLING_NOTES,
      ...CLOSED_CASE_EVENTS,
    ],
    path: monitoring('events'),
  },
} satisfies Meta<typeof RecordsHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/** A technologist's events: the seizure with the neurologist notified, a void struck through. */
export const Events: Story = {};

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/**
 * Notifications against protocol revision 3 (seizure: Dr. Chen or Sam Ortiz within 10 min; electrode off:
 * the EEG lab desk within 30 min): one on time, one late, one overdue and one pending (a seizure just now).
 * Made when the app mounts, so the last seizure is two minutes old however long after loading it renders.
 */
const notificationEvents = (): SeedRecord[] =>
  [
    ['seizure', night('02:14'), { notifiedContactId: 1, notifiedAt: night('02:20') }],
    ['seizure', night('03:00'), { notifiedContactId: 2, notifiedAt: night('03:45') }],
    ['electrode-off', night('04:00'), {}],
    ['seizure', minutesAgo(2), {}],
  ].map(([type, occurredAt, notified], index) =>
    seedRecord(20 + index, MONITORING, 'events', {
      author: 'priya',
      createdAt: String(occurredAt),
      fields: { type, occurredAt, description: `Event ${index + 1}`, ...(notified as object) },
    }),
  );

/** The events tab and the header flag notifications: on time, late, overdue and pending. */
export const EventNotifications: Story = { args: { records: notificationEvents } };

/** Only a seizure just now, its notification still pending. */
export const PendingNotification: Story = { args: { records: () => notificationEvents().slice(3) } };

/** Opens "Log call" on event 4: whom to call now (the first in escalation order), the outcome, a note. */
const openCall = async (canvasElement: HTMLElement) => {
  const canvas = within(canvasElement);
  const row = (await canvas.findByText('Event 4')).closest('tr') as HTMLElement;
  await userEvent.click(await within(row).findByRole('button', { name: 'Log call' }));
  return within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Log a call' });
};

/** The call dialog on the seizure's first call: Dr. Maya Chen, her number a link to dial. */
export const CallDialog: Story = {
  args: { records: () => notificationEvents().slice(3) },
  play: async ({ canvasElement }) => {
    const dialog = await openCall(canvasElement);
    await expect(dialog).toHaveTextContent('Call now: Dr. Maya Chen');
  },
};

/** Someone was reached: the dialog asks whether the result was read back and whether someone else answered. */
export const CallDialogReached: Story = {
  args: { records: () => notificationEvents().slice(3) },
  play: async ({ canvasElement }) => {
    const dialog = await openCall(canvasElement);
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Reached' }));
    await expect(
      await within(dialog).findByRole('checkbox', { name: 'Read back confirmed' }),
    ).toBeInTheDocument();
    await expect(within(dialog).getByRole('checkbox', { name: 'Someone else answered' })).toBeInTheDocument();
  },
};

/** A reader sees the events and their histories, and may not add or edit them. */
export const EventsForAReader: Story = { args: reader };

/** Hourly impedance checks; T7 and O2 went over the limit at 03:00 and were re-gelled. */
export const Impedances: Story = { args: { path: monitoring('impedances') } };

export const CaseNotes: Story = { args: { path: monitoring('case-notes') } };

/** A reader's signed preliminary interpretation and the final one still a draft, to sign. */
export const Interpretations: Story = { args: { ...reader, path: monitoring('interpretations') } };

/**
 * A draft final whose impression was edited to "no seizures" while its findings still list the seizure
 * (issue 31): the sign dialog shows them together and will not sign until the answer agrees.
 */
export const ContradictingDraft: Story = {
  args: {
    ...reader,
    path: monitoring('interpretations'),
    records: [
      interpretation(
        44,
        MONITORING,
        night('09:00'),
        {
          kind: 'final',
          periodStart: RECORDING_START,
          periodEnd: night('09:00'),
          seizures: 'None.',
          impression: 'Normal continuous EEG. No seizures.',
          seizuresInPeriod: false,
          patterns: [LRDA],
          acnsSeizures: [LEFT_SEIZURE],
        },
        'draft',
      ),
    ],
  },
};

/** A reviewed case with its signed final interpretation: an addendum may follow. */
export const SignedFinalInterpretation: Story = { args: { ...reader, path: reviewed('interpretations') } };

/** Billing staff settle the notes before closing the case. */
export const BillingNotes: Story = {
  args: { chrome: menuForRole('billing'), user: userWithRole('billing'), path: reviewed('billing-notes') },
};

/** A closed case's records are read-only, even to an administrator. */
export const ClosedCase: Story = {
  args: { chrome: menuForRole('admin'), user: buildUser(), path: casePagePath('closed', CLOSED, 'events') },
};

/** A case just taken in has no records yet. */
export const NoRecordsYet: Story = { args: { path: casePagePath('intake', 3, 'events') } };

/** Marcus edits the 02:25 note while Priya has it open: her save meets his revision (409). */
export const RevisedMeanwhile: Story = {
  args: {
    path: monitoring('case-notes'),
    revisedMeanwhile: [{ itemId: 32, author: 'marcus', changes: { notedAt: night('02:33') } }],
  },
};

/** The events while they are read: the case's header and tabs, grey rows where the events will be. */
export const Loading: Story = {
  args: { pending: [`GET ${API_PATHS.caseRecords(MONITORING, 'events')}`] },
  parameters: { stillLoading: true },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status', { name: 'Loading events' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Events', selected: true })).toBeVisible();
  },
};

/** The events could not be read: the server's reason and a way to ask again. */
export const LoadFailed: Story = {
  args: {
    failures: {
      [`GET ${API_PATHS.caseRecords(MONITORING, 'events')}`]: toHttpError(500, {
        error: 'The database is not reachable',
      }),
    },
  },
  play: ({ canvas }) => expectReadFailed(canvas, 'The database is not reachable'),
};
