import type { Meta, StoryObj } from '@storybook/react-vite';
import { buildCaseDetails, caseDetailsSeed } from '@test-support/caseDetailsBuilders';
import { userWithRole } from '@test-support/clientFixtures';
import { menuForRole } from '@test-support/fakeApi';
import { buildTimeLog, CasePrintHarness, casePrintData, icuNightCase } from '@test-support/fakeCasePrintApi';
import { seedRecord } from '@test-support/fakeCaseRecordsApi';
import { expectPageLoading, expectReadFailed } from '@test-support/storyStates';
import { expect, fn } from 'storybook/test';
import { API_PATHS, casePrintPath } from '../../../../contract/paths';
import { toHttpError } from '../../../dataProvider/httpClient';

/** The same patient's next night, still being recorded: Priya's log runs, the reader has a draft so far. */
const stillRecording = buildCaseDetails({
  ...icuNightCase,
  id: 2,
  caseNumber: 'NSG-2026-0002',
  stage: 'monitoring',
  recordingStart: '2026-03-03T23:00:00.000Z',
  recordingEnd: null,
  reader: null,
});

const draftPrelim = seedRecord(4, stillRecording.id, 'interpretations', {
  author: 'rhea',
  createdAt: '2026-03-04T02:00:00.000Z',
  fields: {
    kind: 'prelim',
    periodStart: stillRecording.recordingStart,
    periodEnd: '2026-03-04T02:00:00.000Z',
    impression: 'No seizures so far.',
    status: 'draft',
  },
});

/** The same patient's case as it is just taken in: not recorded, no technologist yet, nothing logged. */
const justTakenIn = buildCaseDetails({
  ...icuNightCase,
  id: 3,
  caseNumber: 'NSG-2026-0003',
  stage: 'intake',
  recordingStart: null,
  recordingEnd: null,
  technologists: [],
  reader: null,
  transitions: [],
});

/**
 * The printable case report, `/continuous-monitoring/cases/print-details/{caseId}` (DESIGN §9): a base-layout
 * page, without the menu or app bar, over the fake API.
 */
const meta = {
  title: 'Cases/Case print report',
  component: CasePrintHarness,
  parameters: { layout: 'fullscreen' },
  args: {
    chrome: menuForRole('admin'),
    ...casePrintData,
    casesData: caseDetailsSeed([icuNightCase, stillRecording, justTakenIn]),
    records: [...casePrintData.records, draftPrelim],
    timeLogs: {
      ...casePrintData.timeLogs,
      [stillRecording.id]: [
        buildTimeLog({
          start: '2026-03-03T22:40:00.000Z',
          end: '2026-03-03T23:05:00.000Z',
          activity: 'hookup',
        }),
        buildTimeLog({ _id: 2, start: '2026-03-03T23:05:00.000Z', end: null }),
      ],
      [justTakenIn.id]: [],
    },
    path: casePrintPath(icuNightCase.id),
  },
} satisfies Meta<typeof CasePrintHarness>;
export default meta;

type Story = StoryObj<typeof meta>;

/**
 * A night of ICU monitoring: hookup, hourly impedance checks (T7 over the limit once), a seizure with the
 * neurologist notified, a signed preliminary and final interpretation and a draft addendum; two
 * technologists whose logs overlap at the hand-over.
 */
export const IcuNight: Story = {};

/** The recording still runs: the running time log counts up to now, the only interpretation is a draft. */
export const StillRecording: Story = { args: { path: casePrintPath(stillRecording.id) } };

/** Billing staff may not read events or impedances: the report leaves them out and never asks for them. */
export const AsBilling: Story = { args: { chrome: menuForRole('billing'), user: userWithRole('billing') } };

/** A section that could not be read says why; the rest of the report stands. */
export const EventsUnreadable: Story = {
  args: {
    failures: {
      [`GET ${API_PATHS.caseRecords(icuNightCase.id, 'events')}`]: toHttpError(500, {
        error: 'The database is not reachable',
      }),
    },
  },
};

/** A case just taken in: its facts so far, and every section of records says it has none yet. */
export const NothingRecordedYet: Story = {
  args: { path: casePrintPath(justTakenIn.id) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Case NSG-2026-0003 · Intake')).toBeVisible();
  },
};

const READ_CASE = `GET ${API_PATHS.caseDetails(icuNightCase.id)}`;

/** The case while it is read: react-admin's page spinner, before any section. */
export const Loading: Story = {
  args: { pending: [READ_CASE], onRequest: fn() },
  parameters: { stillLoading: true },
  play: ({ args, canvas }) =>
    expectPageLoading(canvas, args.onRequest, API_PATHS.caseDetails(icuNightCase.id)),
};

/** The case could not be read: the report's heading, the server's reason and Try again. */
export const Failed: Story = {
  args: { failures: { [READ_CASE]: toHttpError(503, { error: 'The database is not reachable' }) } },
  play: async ({ canvas }) => {
    await expect(
      await canvas.findByRole('heading', { level: 1, name: 'Continuous EEG monitoring report' }),
    ).toBeInTheDocument();
    await expectReadFailed(canvas, 'The case could not be read: The database is not reachable');
  },
};

export const UnknownCase: Story = { args: { path: casePrintPath(999) } };
