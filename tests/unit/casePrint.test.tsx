import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { casePagePath, casePrintPath } from '../../contract/paths';
import { timesIn } from '../../src/print/reportFormat';
import * as pageStories from '../../src/resources/cases/page/CasePage.stories';
import * as printStories from '../../src/resources/cases/print/CasePrint.stories';
import { caseHours } from '../../src/resources/cases/print/caseHours';
import { impedanceSummary } from '../../src/resources/cases/print/impedanceSummary';
import { caseDetailsSeed } from '../support/caseDetailsBuilders';
import { buildTimeLog, icuNightCase } from '../support/fakeCasePrintApi';
import { rowsOf } from './support/tables';

const stories = composeStories(printStories, preview);
const pages = composeStories(pageStories, preview);

/** Northside General's clock: every time of the report is written in it. */
const time = timesIn('America/New_York');

const report = () => screen.findByRole('heading', { name: 'Continuous EEG monitoring report', level: 1 });
const section = (name: string) => screen.findByRole('region', { name });

/** The value a fact list gives a term. */
function factOf(container: HTMLElement, term: string) {
  const dt = within(container).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling?.textContent;
}

afterEach(() => vi.restoreAllMocks());

describe('the printable case report', () => {
  it('opens without the menu or app bar, with a Print button and a way back', async () => {
    render(<stories.IcuNight />);
    expect(await report()).toBeInTheDocument();
    expect(screen.getByText('Case NSG-2026-0001 · Reviewed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the case' })).toHaveAttribute(
      'href',
      casePagePath('reviewed', 1),
    );
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Clients' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the patient, client, study with its protocol, recording and the people on the case', async () => {
    render(<stories.IcuNight />);
    const patient = await section('Patient');
    expect(factOf(patient, 'Name')).toBe('Okafor, Grace');
    expect(factOf(patient, 'MRN')).toBe('100234');
    expect(factOf(patient, 'Unit')).toBe('Neuro ICU');
    expect(factOf(patient, 'Ordering physician')).toBe('Dr. Maya Chen');
    expect(factOf(patient, 'Medications')).toMatch(/Levetiracetam/);
    const client = await section('Client');
    expect(factOf(client, 'Name')).toBe('Northside General Hospital');
    expect(factOf(client, 'Code')).toBe('NSG');
    expect(factOf(client, 'Time zone')).toBe('America/New_York');
    const study = await section('Study');
    expect(factOf(study, 'Study type')).toBe('ICU');
    expect(factOf(study, 'Monitoring level')).toBe('Continuous');
    expect(factOf(study, 'Protocol revision')).toBe('Revision 3');
    // The protocol is read as the protocol tab reads it: its limit and interval join the facts.
    await waitFor(() => expect(factOf(study, 'Impedance limit')).toBe('10 kΩ'));
    expect(factOf(study, 'Check interval')).toBe('Every 30 min');
    const recording = await section('Recording');
    expect(factOf(recording, 'Start')).toBe(time('2026-03-02T23:10:00.000Z'));
    expect(factOf(recording, 'End')).toBe(time('2026-03-03T12:40:00.000Z'));
    expect(factOf(recording, 'Duration')).toBe('13 h 30 min');
    const staff = await section('Technologists and reader');
    expect(factOf(staff, 'Technologists')).toBe('Priya Raman, Marcus Bell');
    expect(factOf(staff, 'Reader')).toBe('Rhea Patel, MD, FACNS');
  });

  it('summarises the impedance checks, with the electrodes that went over the limit', async () => {
    render(<stories.IcuNight />);
    const impedances = await section('Impedance summary');
    const checks = await within(impedances).findByRole('table', { name: 'Impedance checks' });
    expect(factOf(impedances, 'Checks')).toBe('14');
    expect(factOf(impedances, 'First check')).toBe(time('2026-03-02T23:20:00.000Z'));
    expect(factOf(impedances, 'Last check')).toBe(time('2026-03-03T12:20:00.000Z'));
    expect(factOf(impedances, 'Ever over the limit')).toBe('T7 (up to 14 kΩ), O2 (up to 12 kΩ)');
    expect(rowsOf(checks)).toContainEqual([
      time('2026-03-03T03:20:00.000Z'),
      'T7 14 kΩ',
      'T7 re-gelled and re-seated; 4 kΩ after.',
    ]);
    expect(rowsOf(checks)).toHaveLength(15);
    expect(within(impedances).getByText('1 voided impedance check left out.')).toBeInTheDocument();
  });

  it('lists the events with whom the service notified and how timely, leaving voided ones out', async () => {
    render(<stories.IcuNight />);
    const events = await within(await section('Events')).findByRole('table', { name: 'Events' });
    expect(rowsOf(events)).toContainEqual([
      time('2026-03-03T02:14:00.000Z'),
      time('2026-03-03T02:16:00.000Z'),
      'Seizure',
      expect.stringMatching(/^Electrographic seizure/),
      // Every call attempt follows: the call recorded before attempts existed is one, read-back unknown.
      `Notified Dr. Maya Chen at ${time('2026-03-03T02:19:00.000Z')}, 5 min after the seizure: on time. ` +
        `Call attempts: ${time('2026-03-03T02:19:00.000Z')}: Dr. Maya Chen (+1 617 555 0111), reached, read-back unknown · priya`,
    ]);
    const notified = rowsOf(events).map((cells) => cells[4]);
    expect(notified).toContainEqual(
      expect.stringMatching(
        `^Notified EEG lab desk at ${time('2026-03-03T05:42:00.000Z')}, 42 min after the event: late by 12 min\\. Call attempts: `,
      ),
    );
    expect(notified).toContain(`Not notified (due by ${time('2026-03-03T08:30:00.000Z')})`);
    // A push button is no trigger of this protocol: whom and when only.
    expect(notified).toContain(`Sam Ortiz, ${time('2026-03-03T10:15:00.000Z')}`);
    expect(within(events).queryByText('Chewing artifact.')).toBeNull();
  });

  it('shows each interpretation with its signer by name and credentials, and marks a draft', async () => {
    render(<stories.IcuNight />);
    const final = await screen.findByRole('article', { name: 'Final interpretation' });
    expect(
      within(final).getByText(`Signed by Rhea Patel, MD, FACNS on ${time('2026-03-03T15:00:00.000Z')}`),
    ).toBeInTheDocument();
    expect(within(final).getByText(/^Abnormal continuous EEG/)).toBeInTheDocument();
    expect(within(final).queryByText(/DRAFT/)).toBeNull();
    const addendum = screen.getByRole('article', { name: 'Addendum to the interpretation above' });
    expect(within(addendum).getByText('DRAFT: not signed')).toBeInTheDocument();
    // The addendum is printed right under the final it amends.
    const articles = screen.getAllByRole('article').map((article) => article.getAttribute('aria-label'));
    expect(articles.indexOf('Addendum to the interpretation above')).toBe(
      articles.indexOf('Final interpretation') + 1,
    );
  });

  it("counts the technologists' overlapping billable time once in the case's hours", async () => {
    render(<stories.IcuNight />);
    const hours = await within(await section('Hours')).findByRole('table', { name: 'Hours' });
    expect(rowsOf(hours).slice(1)).toEqual([
      ['Priya Raman', '9.00', '8.75'],
      // Marcus's voided log (2 h) counts for nothing.
      ['Marcus Bell', '5.83', '5.83'],
      // 8.75 + 5.83 would be 14.58: the half hour of the hand-over is billed once.
      ['The case', '14.08', '14.08'],
    ]);
  });

  it('prints durations as billing counts them: a recording billed as a 2–12 h unit is 2 h, a log of 10:00:30–11:00:10 1.00 h', async () => {
    const recording = {
      ...icuNightCase,
      recordingStart: '2026-03-02T10:00:30.000Z',
      recordingEnd: '2026-03-02T12:00:10.000Z',
    };
    const log = buildTimeLog({ start: '2026-03-02T10:00:30.000Z', end: '2026-03-02T11:00:10.000Z' });
    render(
      <stories.IcuNight casesData={caseDetailsSeed([recording])} timeLogs={{ [recording.id]: [log] }} />,
    );
    // Its length floors to 1 h 59 min; billing counts 10:00–12:00, 120 minutes, one 2–12 h unit.
    expect(factOf(await section('Recording'), 'Duration')).toBe('2 h');
    const hours = await within(await section('Hours')).findByRole('table', { name: 'Hours' });
    expect(rowsOf(hours).slice(1)).toEqual([
      ['Priya Raman', '1.00', '1.00'],
      ['The case', '1.00', '1.00'],
    ]);
  });

  it('prints when Print is pressed, with who printed it', async () => {
    const user = userEvent.setup();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    render(<stories.IcuNight />);
    const button = await screen.findByRole('button', { name: 'Print' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByText(/^Printed .* by Ada Lovelace$/)).toBeInTheDocument();
  });

  it('says when there is no such case', async () => {
    render(<stories.UnknownCase />);
    expect(await screen.findByRole('heading', { name: 'Case not found', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it("leaves out, unasked, the records billing's role may not read, with no refusal printed", async () => {
    const onRequest = vi.fn();
    render(<stories.AsBilling onRequest={onRequest} />);
    expect(await within(await section('Hours')).findByRole('table', { name: 'Hours' })).toBeInTheDocument();
    expect(await section('Patient')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Events' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Impedance summary' })).toBeNull();
    expect(screen.queryByText(/may not read/)).toBeNull();
    // Whether the interpretations are signed, and by whom; not what they say.
    const final = await screen.findByRole('article', { name: 'Final interpretation' });
    expect(within(final).getByText(/^Signed by /)).toBeInTheDocument();
    expect(within(final).queryByText('Impression')).toBeNull();
    const asked = onRequest.mock.calls.map(([request]) => request.path as string);
    expect(asked.some((path) => /\/(events|impedances)$/.test(path))).toBe(false);
  });

  it('shows a section that failed to load as an error, and the rest of the report', async () => {
    render(<stories.EventsUnreadable />);
    expect(
      await within(await section('Events')).findByText(
        'The events could not be read: The database is not reachable',
      ),
    ).toBeVisible();
    expect(await screen.findByRole('article', { name: 'Final interpretation' })).toBeInTheDocument();
  });

  it('is opened from the case page in a new tab', async () => {
    render(<pages.Details />);
    const link = await screen.findByRole('link', { name: 'Print report' });
    expect(link).toHaveAttribute('href', casePrintPath(1));
    expect(link).toHaveAttribute('target', '_blank');
  });
});

describe('caseHours', () => {
  const today = (time: string) => `2026-03-03T${time}:00.000Z`;
  const options = { now: new Date(today('12:00')), recordingEnd: null };
  /** A log of `technologist` from `start` to `end` (HH:MM today, null: running). */
  const log = (_id: number, technologist: string, start: string, end: string | null, more = {}) =>
    buildTimeLog({ _id, technologist, start: today(start), end: end && today(end), ...more });

  it('counts overlapping billable logs of two technologists once', () => {
    const hours = caseHours([log(1, 'priya', '08:00', '10:00'), log(2, 'marcus', '09:00', '11:00')], options);
    expect(hours.billableMinutes).toBe(180);
    expect(hours.technologists).toEqual([
      { technologist: 'priya', loggedMinutes: 120, billableMinutes: 120 },
      { technologist: 'marcus', loggedMinutes: 120, billableMinutes: 120 },
    ]);
  });

  it('leaves out logs that are not billable from the billable hours, not from the logged ones', () => {
    const hours = caseHours(
      [log(1, 'priya', '08:00', '09:00'), log(2, 'priya', '09:00', '09:30', { billable: false })],
      options,
    );
    expect(hours).toMatchObject({ loggedMinutes: 90, billableMinutes: 60 });
  });

  it('counts a running log up to now while the recording runs', () => {
    expect(caseHours([log(1, 'priya', '10:30', null)], options).billableMinutes).toBe(90);
  });

  it('counts a running log up to the recording end, a takedown up to 4 h after it, as billing does', () => {
    const ended = { ...options, recordingEnd: today('07:00') };
    expect(caseHours([log(1, 'priya', '06:30', null)], ended).billableMinutes).toBe(30);
    const takedown = log(1, 'priya', '10:30', null, { activity: 'takedown' });
    expect(caseHours([takedown], ended).billableMinutes).toBe(30);
  });

  it('counts a forgotten running log for one shift at most, as billing does', () => {
    const hours = caseHours([log(1, 'priya', '01:00', null)], { ...options, maxOpenLogHours: 4 });
    expect(hours.billableMinutes).toBe(240);
  });

  it('counts whole minutes as the server does: 10:00:40–11:00:20 is 60 minutes', () => {
    const seconds = (time: string) => `2026-03-03T${time}.000Z`;
    const logged = buildTimeLog({ _id: 1, start: seconds('10:00:40'), end: seconds('11:00:20') });
    expect(caseHours([logged], options).billableMinutes).toBe(60);
  });

  it('leaves voided logs out', () => {
    const voided = { voided: true, voidReason: 'Wrong case' };
    const hours = caseHours(
      [log(1, 'priya', '08:00', '09:00'), log(2, 'marcus', '09:00', '10:00', voided)],
      options,
    );
    expect(hours).toEqual({
      technologists: [{ technologist: 'priya', loggedMinutes: 60, billableMinutes: 60 }],
      loggedMinutes: 60,
      billableMinutes: 60,
    });
  });
});

describe('impedanceSummary', () => {
  const check = (_id: number, measuredAt: string, values: Record<string, number>) => ({
    _id,
    revision: 1,
    author: 'priya',
    createdAt: measuredAt,
    voided: false,
    voidReason: '',
    measuredAt,
    values,
    actionTaken: '',
    overLimit: Object.keys(values).filter((electrode) => values[electrode] > 10),
  });

  it('names each electrode that went over the limit with its highest value, in 10–20 order', () => {
    const summary = impedanceSummary([
      check(2, '2026-03-03T01:00:00.000Z', { O2: 12, T7: 11 }),
      check(1, '2026-03-03T00:00:00.000Z', { T7: 14, Cz: 3 }),
      check(3, '2026-03-03T02:00:00.000Z', { T7: 4 }),
    ]);
    expect(summary.checks.map(({ _id }) => _id)).toEqual([1, 2, 3]);
    expect(summary.first).toBe('2026-03-03T00:00:00.000Z');
    expect(summary.last).toBe('2026-03-03T02:00:00.000Z');
    expect(summary.overLimit).toEqual([
      { electrode: 'T7', highestKOhm: 14 },
      { electrode: 'O2', highestKOhm: 12 },
    ]);
  });
});
