import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, casePagePath } from '../../contract/paths';
import { toHttpError } from '../../src/dataProvider/httpClient';
import { READ_TRIES } from '../../src/dataProvider/queryClient';
import { formatInZone, wallClockIn } from '../../src/dates';
import { chooseOption } from './support/chooseOption';
import { keepEveryStyleRule } from './support/emotionStyles';
import { enterText } from './support/enterText';
import { renderCaseRecords, recordStoryOf as stories } from './support/renderCasePart';
import { submitWith } from './support/renderStory';
import { sentRequest } from './support/requests';

// An impedance check's electrodes over the limit are checked in red: every CSS rule reaches jsdom
// (support/emotionStyles.ts).
keepEveryStyleRule();

/** Northside General's clock, in which its cases' times are shown (DESIGN §4 one clock). */
const NORTHSIDE_ZONE = 'America/New_York';

const night = (time: string) => `2026-03-03T${time}:00.000Z`;
const records = (caseId: number, kind: string) => API_PATHS.caseRecords(caseId, kind);
const revisions = (caseId: number, kind: string, itemId: number) =>
  API_PATHS.caseRecordRevisions(caseId, kind, itemId);

/** The table row that shows this text. */
async function rowWith(text: string | RegExp) {
  const row = (await screen.findByText(text)).closest('tr');
  if (!row) throw new Error(`"${text}" is not in a table row`);
  return row;
}

const button = (row: HTMLElement, name: string) => within(row).getByRole('button', { name });

type RecordStory = (typeof stories)[keyof typeof stories];

/** Renders a story for a user to work in, with the requests it makes recorded. */
function renderStory(Story: RecordStory) {
  const onRequest = vi.fn();
  renderCaseRecords(Story, { onRequest });
  return { user: userEvent.setup(), onRequest };
}

/** Event 4, a seizure two minutes ago whose call is still to log, open for editing. */
async function openEvent4() {
  const { user, onRequest } = renderStory(stories.PendingNotification);
  await user.click(button(await rowWith('Event 4'), 'Edit'));
  const dialog = await screen.findByRole('dialog', { name: /^Edit event/ });
  const rule = within(dialog).getByRole('region', { name: 'Notification rule' });
  return { user, onRequest, rule };
}

/** The call to Dr. Maya Chen on event 4, sent as its next revision. */
const callOnEvent4 = (notifiedAt: unknown) =>
  sentRequest('POST', revisions(1, 'events', 23), { baseRevision: 1, notifiedContactId: 1, notifiedAt });

describe('the list', () => {
  it('shows the latest revision of each item, newest first, a voided one struck through with its reason', async () => {
    renderCaseRecords(stories.Events);
    const seizure = await rowWith('Left temporal rhythmic theta evolving to delta, right hand automatisms.');
    expect(seizure).toHaveTextContent('Revision 2');
    expect(seizure).toHaveTextContent(
      `Notified Dr. Maya Chen at ${formatInZone(night('02:20'), NORTHSIDE_ZONE)}, 6 min after the seizure: on time`,
    );
    expect(seizure).toHaveTextContent('Priya Raman');

    const voided = await rowWith('Patient pulled at the head wrap.');
    expect(within(voided).getByText('Patient pulled at the head wrap.').closest('s')).not.toBeNull();
    expect(voided).toHaveTextContent(
      "Voided: Entered on the wrong case: it belongs to Mr. Adeyemi's recording.",
    );
    expect(within(voided).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(voided).queryByRole('button', { name: 'Void' })).toBeNull();
    expect(within(seizure).queryByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(
      within(seizure)
        .getByText('Left temporal rhythmic theta evolving to delta, right hand automatisms.')
        .closest('s'),
    ).toBeNull();

    const rows = within(screen.getByRole('table', { name: 'Events' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]).toHaveTextContent('Chewing artifact: breakfast tray.');
    expect(rows.at(-1)).toHaveTextContent('Nurse pressed the button');
  });

  it('summarises each impedance check, the electrodes over the limit in red', async () => {
    renderCaseRecords(stories.Impedances);
    const check = await rowWith('T7 and O2 high: re-gel at the next quiet moment.');
    expect(check).toHaveTextContent('19 electrodes, 2 over 10 kΩ: T7 14, O2 22');
    expect(within(check).getByText('O2 22')).toHaveStyle({ color: 'rgb(183, 28, 28)' });
    expect(await rowWith('T7 and O2 re-gelled at 04:05.')).toHaveTextContent(
      '21 electrodes, all within 10 kΩ',
    );
  });

  it('says when there is nothing yet', async () => {
    renderCaseRecords(stories.NoRecordsYet);
    expect(await screen.findByText('No events recorded yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add event' })).toBeInTheDocument();
  });

  it('says why the list could not be read, and reads it again on request', async () => {
    const onRequest = vi.fn();
    renderCaseRecords(stories.LoadFailed, { onRequest });
    const reads = () =>
      onRequest.mock.calls.filter(([request]) => request.path === records(1, 'events')).length;
    expect(await screen.findByText('The database is not reachable')).toBeInTheDocument();
    expect(reads()).toBe(READ_TRIES);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    // Tried again, with the same tries as the first time (the harness asks again at once).
    await waitFor(() => expect(reads()).toBe(2 * READ_TRIES));
    expect(await screen.findByText('The database is not reachable')).toBeInTheDocument();
  });
  it('keeps the list it read when reading it again fails, under the reason and Try again', async () => {
    const user = userEvent.setup();
    const failures: Record<string, Error> = {};
    renderCaseRecords(stories.Events, { failures });
    const text = 'Nurse pressed the button: patient staring, not answering to voice.';
    await user.click(button(await rowWith(text), 'Void'));
    const dialog = await screen.findByRole('dialog', { name: 'Void event' });
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Pressed by mistake.');
    // The void is made; the read of the list that follows it is refused.
    failures[`GET ${records(1, 'events')}`] = toHttpError(429, { error: 'Too many requests' });
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
    expect(await rowWith(text)).toBeInTheDocument();
    delete failures[`GET ${records(1, 'events')}`];
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText('Too many requests')).toBeNull());
    expect(await rowWith(text)).toBeInTheDocument();
  });
});

describe('who may do what', () => {
  it('shows a reader the events and their history, with no way to add, edit or void them', async () => {
    renderCaseRecords(stories.EventsForAReader);
    const seizure = await rowWith('Left temporal rhythmic theta evolving to delta, right hand automatisms.');
    expect(button(seizure, 'History')).toBeInTheDocument();
    expect(within(seizure).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(seizure).queryByRole('button', { name: 'Void' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add event' })).toBeNull();
  });

  it('tells a role that may not read a kind so, without asking the API', async () => {
    const onRequest = vi.fn();
    renderCaseRecords(stories.BillingNotes, { onRequest, path: casePagePath('monitoring', 1, 'events') });
    expect(await screen.findByText('Your role does not give access to these records.')).toBeInTheDocument();
    expect(onRequest).not.toHaveBeenCalledWith(sentRequest('GET', records(1, 'events')));
  });

  it('keeps a closed case read-only, even for an administrator', async () => {
    renderCaseRecords(stories.ClosedCase);
    const event = await rowWith('Amplifier unplugged for a CT.');
    expect(screen.getByText(/Case NSG-2026-0004 is closed/)).toBeInTheDocument();
    expect(within(event).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add event' })).toBeNull();
  });
});

describe('adding and editing', () => {
  it('adds a case note and lists it', async () => {
    const { user, onRequest } = renderStory(stories.CaseNotes);
    await user.click(await screen.findByRole('button', { name: 'Add case note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add case note' });
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: 'Note' }),
      'Patient awake, asking for water.',
    );
    await submitWith(user, 'Add case note', dialog);
    expect(await screen.findByText('Case note added')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', records(1, 'case-notes'), {
        notedAt: expect.any(String),
        text: 'Patient awake, asking for water.',
      }),
    );
    expect(await rowWith('Patient awake, asking for water.')).toHaveTextContent('Revision 1');
  });

  it('checks the kind rules as the user types', async () => {
    const user = userEvent.setup();
    renderCaseRecords(stories.BillingNotes);
    await user.click(await screen.findByRole('button', { name: 'Add billing note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add billing note' });
    const minutes = within(dialog).getByRole('spinbutton', { name: 'Adjustment (minutes)' });
    await user.clear(minutes);
    await user.type(minutes, '1.5');
    await user.tab();
    expect(await within(dialog).findByText('Adjustment must be whole minutes')).toBeInTheDocument();
  });

  it('shows the API refusing a field under that field (400)', async () => {
    const user = userEvent.setup();
    const fields = [{ field: 'text', message: 'Note may not contain control characters' }];
    renderCaseRecords(stories.CaseNotes, {
      failures: { [`POST ${records(1, 'case-notes')}`]: toHttpError(400, { error: 'Invalid text', fields }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Add case note' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add case note' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Bell');
    await submitWith(user, 'Add case note', dialog);
    expect(await within(dialog).findByText('Note may not contain control characters')).toBeInTheDocument();
  });

  it('revises an item with only the fields changed and the revision edited', async () => {
    const { user, onRequest } = renderStory(stories.Events);
    await user.click(button(await rowWith('Chewing artifact: breakfast tray.'), 'Edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit event, revision 1' });
    const description = within(dialog).getByRole('textbox', { name: 'Description' });
    await user.clear(description);
    await enterText(user, description, 'Chewing artifact: breakfast tray, 5 minutes.');
    await submitWith(user, 'Save', dialog);
    expect(await screen.findByText('Event saved')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', revisions(1, 'events', 5), {
        description: 'Chewing artifact: breakfast tray, 5 minutes.',
        baseRevision: 1,
      }),
    );
    expect(await rowWith('Chewing artifact: breakfast tray, 5 minutes.')).toHaveTextContent('Revision 2');
  });

  it('keeps what the user typed when someone else revised the item first (409), and saves on top of theirs', async () => {
    const { user, onRequest } = renderStory(stories.RevisedMeanwhile);
    await user.click(button(await rowWith(/lorazepam 2 mg given at 02:31/), 'Edit'));
    const dialog = await screen.findByRole('dialog', { name: 'Edit case note, revision 2' });
    const note = within(dialog).getByRole('textbox', { name: 'Note' });
    await enterText(user, note, ' No further seizures.');
    await submitWith(user, 'Save', dialog);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(/Revision 3 by marcus at .* was saved meanwhile/);
    expect(within(alert).getByRole('list', { name: 'Changed by marcus' })).toHaveTextContent(
      `Noted at: ${formatInZone(night('02:25'), NORTHSIDE_ZONE)} → ${formatInZone(night('02:33'), NORTHSIDE_ZONE)}`,
    );
    expect(within(alert).getByRole('list', { name: 'Your changes' })).toHaveTextContent(
      'No further seizures.',
    );
    expect(note).toHaveValue(
      'Seizure at 02:14 (see events). Dr. Chen called back at 02:22; lorazepam 2 mg given at 02:31. No further seizures.',
    );
    expect(dialog).toHaveAccessibleName('Edit case note, revision 3');

    await submitWith(user, 'Save', dialog);
    expect(await screen.findByText('Case note saved')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', revisions(1, 'case-notes', 32), {
        text: 'Seizure at 02:14 (see events). Dr. Chen called back at 02:22; lorazepam 2 mg given at 02:31. No further seizures.',
        baseRevision: 3,
      }),
    );
    const saved = await rowWith(/No further seizures\./);
    expect(saved).toHaveTextContent('Revision 4');
    expect(saved).toHaveTextContent(formatInZone(night('02:33'), NORTHSIDE_ZONE));
  });

  it('voids an item with a reason, after asking', async () => {
    const { user, onRequest } = renderStory(stories.Events);
    await user.click(
      button(await rowWith('Nurse pressed the button: patient staring, not answering to voice.'), 'Void'),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Void event' });
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(within(dialog).getByText('Say why, for whoever reads the record later')).toBeInTheDocument();
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: 'Reason' }),
      'Pressed by a visitor by mistake.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText('Event voided')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', revisions(1, 'events', 1), {
        voided: true,
        voidReason: 'Pressed by a visitor by mistake.',
        baseRevision: 1,
      }),
    );
    const voided = await rowWith('Nurse pressed the button: patient staring, not answering to voice.');
    await waitFor(() => expect(voided).toHaveTextContent('Voided: Pressed by a visitor by mistake.'));
  });

  it('voids on top of a revision someone else saved meanwhile, keeping the reason typed', async () => {
    const { user, onRequest } = renderStory(stories.RevisedMeanwhile);
    await user.click(button(await rowWith(/lorazepam 2 mg given at 02:31/), 'Void'));
    const dialog = await screen.findByRole('dialog', { name: 'Void case note' });
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Reason' }), 'Written twice.');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /Revision 3 by marcus at .* was saved meanwhile.*Confirming again applies to revision 3\./,
    );
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Written twice.');
    await user.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await screen.findByText('Case note voided')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', revisions(1, 'case-notes', 32), {
        voided: true,
        voidReason: 'Written twice.',
        baseRevision: 3,
      }),
    );
  });
});

describe('the history', () => {
  it('lists every revision newest first, each with what it changed', async () => {
    const user = userEvent.setup();
    renderCaseRecords(stories.Events);
    await user.click(
      button(
        await rowWith('Left temporal rhythmic theta evolving to delta, right hand automatisms.'),
        'History',
      ),
    );
    const dialog = await screen.findByRole('dialog', { name: 'History of the event' });
    const entries = await within(dialog).findAllByRole('listitem', { name: /^Revision \d$/ });
    expect(entries.map((entry) => entry.getAttribute('aria-label'))).toEqual(['Revision 2', 'Revision 1']);
    const changes = within(entries[0]).getByRole('list', { name: 'Changes in revision 2' });
    expect(changes).toHaveTextContent(`Ended at: — → ${formatInZone(night('02:16'), NORTHSIDE_ZONE)}`);
    expect(changes).toHaveTextContent('Notified contact: — → Dr. Maya Chen');
    expect(changes).not.toHaveTextContent('Type');
    expect(within(entries[1]).getByRole('list', { name: 'Written' })).toHaveTextContent('Type: Seizure');
  });
});

describe('impedances', () => {
  it('flags a value over the protocol limit as it is typed, in the order of the head', async () => {
    const { user, onRequest } = renderStory(stories.Impedances);
    await user.click(await screen.findByRole('button', { name: 'Add impedance check' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add impedance check' });
    const grid = within(dialog).getByRole('group', { name: 'Impedance in kΩ by electrode' });
    // Found by their labels: asking for the spinbutton role of each by name checks the visibility of all 38
    // electrodes' fields and their ancestors in jsdom, most of a second per field.
    const electrode = (name: string) => within(grid).getByLabelText(name);

    await user.click(electrode('Fp1'));
    await user.tab();
    expect(electrode('Fpz')).toHaveFocus();
    await user.tab();
    expect(electrode('Fp2')).toHaveFocus();
    await user.tab();
    expect(electrode('F9')).toHaveFocus();
    await user.tab();
    expect(electrode('F7')).toHaveFocus();
    expect(within(grid).queryByLabelText('T3')).not.toBeInTheDocument();

    await user.type(electrode('T7'), '14');
    await user.type(electrode('C3'), '8');
    expect(electrode('T7')).toHaveAccessibleDescription('Over 10 kΩ');
    expect(electrode('C3')).not.toHaveAccessibleDescription('Over 10 kΩ');

    await submitWith(user, 'Add impedance check', dialog);
    expect(await screen.findByText('Impedance check added')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', records(1, 'impedances'), {
        measuredAt: expect.any(String),
        values: { T7: 14, C3: 8 },
        actionTaken: '',
      }),
    );
    expect(await screen.findByText(/^2 electrodes, 1 over 10 kΩ/)).toBeInTheDocument();
  });
});

describe('notifications against the protocol', () => {
  const zoned = (iso: string) => formatInZone(iso, NORTHSIDE_ZONE);

  it('flags each event on the tab as on time, late, overdue or pending, and the header as overdue', async () => {
    renderCaseRecords(stories.EventNotifications);
    expect(within(await rowWith('Event 1')).getByText('Notified on time')).toBeInTheDocument();
    const late = await rowWith('Event 2');
    expect(within(late).getByText('Notified late')).toBeInTheDocument();
    expect(late).toHaveTextContent(
      `Notified Sam Ortiz at ${zoned(night('03:45'))}, 45 min after the seizure: late by 35 min`,
    );
    const overdue = await rowWith('Event 3');
    expect(within(overdue).getByText('Notification overdue')).toBeInTheDocument();
    expect(overdue).toHaveTextContent(`Not notified (due by ${zoned(night('04:30'))})`);
    expect(within(await rowWith('Event 4')).getByText('Notification pending')).toBeInTheDocument();
    const header = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(within(header).getByText('Notification overdue')).toBeInTheDocument();
  });

  it('flags a pending notification on the header', async () => {
    renderCaseRecords(stories.PendingNotification);
    await rowWith('Event 4');
    const header = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    expect(await within(header).findByText('Notification pending')).toBeInTheDocument();
    expect(within(header).queryByText('Notification overdue')).toBeNull();
  });

  it('shows the rule of the chosen type in the event dialog, and "Notified …" records the call', async () => {
    const { user, onRequest } = renderStory(stories.Events);
    await user.click(await screen.findByRole('button', { name: 'Add event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add event' });
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Type' }), 'Medication');
    expect(within(dialog).queryByRole('region', { name: 'Notification rule' })).toBeNull();
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Type' }), 'Seizure');
    const rule = within(dialog).getByRole('region', { name: 'Notification rule' });
    expect(rule).toHaveTextContent('Protocol: notify within 10 min (seizure), due by');
    expect(rule).toHaveTextContent('Dr. Maya Chen, Neurologist on call · +1 617 555 0111');
    expect(rule).toHaveTextContent('Sam Ortiz, Charge nurse, Neuro ICU');
    const names = within(rule)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('strong')?.textContent);
    expect(names).toEqual(['Dr. Maya Chen', 'Sam Ortiz']);

    await user.click(within(rule).getByRole('button', { name: 'Notified Sam Ortiz' }));
    expect(await screen.findByText('Event added')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest(
        'POST',
        records(1, 'events'),
        expect.objectContaining({ type: 'seizure', notifiedContactId: 2, notifiedAt: expect.any(String) }),
      ),
    );
  });

  it('shows in the event dialog the rule of the protocol revision in force when the event occurred', async () => {
    const { user } = renderStory(stories.Events);
    await user.click(await screen.findByRole('button', { name: 'Add event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add event' });
    await chooseOption(user, within(dialog).getByRole('combobox', { name: 'Type' }), 'Seizure');
    const rule = () => within(dialog).getByRole('region', { name: 'Notification rule' });
    expect(rule()).toHaveTextContent('Protocol: notify within 10 min (seizure)');
    // The case runs under revision 3 (10 min, from Feb 1); on Jan 25 revision 2 (15 min) was in force.
    fireEvent.change(within(dialog).getByLabelText(/Occurred at/), { target: { value: '2026-01-25T10:00' } });
    await waitFor(() => expect(rule()).toHaveTextContent('Protocol: notify within 15 min (seizure)'));
  });

  it('records the call on an existing event as its next revision, which then reads on time', async () => {
    const { user, onRequest, rule } = await openEvent4();
    expect(rule).toHaveTextContent('Notification pending');
    await user.click(within(rule).getByRole('button', { name: 'Notified Dr. Maya Chen' }));
    expect(await screen.findByText('Event saved')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(callOnEvent4(expect.any(String)));
    expect(await within(await rowWith('Event 4')).findByText('Notified on time')).toBeInTheDocument();
    const header = screen.getByRole('heading', { level: 1 }).parentElement as HTMLElement;
    await waitFor(() => expect(within(header).queryByText('Notification pending')).toBeNull());
  });
});

describe('a call made earlier', () => {
  const minuteOf = (at: number) => new Date(Math.floor(at / 60_000) * 60_000).toISOString();

  it('is logged in one click at the time typed in "Called at", prefilled with the current minute', async () => {
    const before = minuteOf(Date.now());
    const { user, onRequest, rule } = await openEvent4();
    const calledAt = within(rule).getByLabelText(/Called at/);
    // The minute the dialog opened at, or the next one when the clock turned meanwhile (the field follows it
    // only at its next tick, so waiting for the new minute could take half a minute).
    await waitFor(() =>
      expect([before, minuteOf(Date.now())].map((minute) => wallClockIn(minute, NORTHSIDE_ZONE))).toContain(
        (calledAt as HTMLInputElement).value,
      ),
    );
    const aMinuteAgo = minuteOf(Date.now() - 60_000);
    fireEvent.change(calledAt, { target: { value: wallClockIn(aMinuteAgo, NORTHSIDE_ZONE) } });
    await user.click(within(rule).getByRole('button', { name: 'Notified Dr. Maya Chen' }));
    expect(await screen.findByText('Event saved')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(callOnEvent4(aMinuteAgo));
  });

  it('keeps a typed time that is the minute the dialog opened at, after "Called at" has followed the clock', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], shouldAdvanceTime: true });
    try {
      const { user, onRequest, rule } = await openEvent4();
      const calledAt = within(rule).getByLabelText(/Called at/);
      const opened = minuteOf(Date.now());
      await waitFor(() => expect(calledAt).toHaveValue(wallClockIn(opened, NORTHSIDE_ZONE)));
      // The technologist makes the call with the dialog open; the field follows the clock meanwhile.
      act(() => vi.advanceTimersByTime(3 * 60_000));
      await waitFor(() => expect(calledAt).toHaveValue(wallClockIn(minuteOf(Date.now()), NORTHSIDE_ZONE)));
      // Then types when the call was made: the minute the dialog opened at. The clock moving on keeps it.
      fireEvent.change(calledAt, { target: { value: wallClockIn(opened, NORTHSIDE_ZONE) } });
      act(() => vi.advanceTimersByTime(60_000));
      expect(calledAt).toHaveValue(wallClockIn(opened, NORTHSIDE_ZONE));
      await user.click(within(rule).getByRole('button', { name: 'Notified Dr. Maya Chen' }));
      expect(await screen.findByText('Event saved')).toBeInTheDocument();
      expect(onRequest).toHaveBeenCalledWith(callOnEvent4(opened));
    } finally {
      vi.useRealTimers();
    }
  });

  it("typed on one's own clock, hours ahead of the client's, is refused naming the field and the client's zone", async () => {
    const { user, rule } = await openEvent4();
    const ahead = minuteOf(Date.now() + 3 * 3_600_000);
    fireEvent.change(within(rule).getByLabelText(/Called at/), {
      target: { value: wallClockIn(ahead, NORTHSIDE_ZONE) },
    });
    await user.click(within(rule).getByRole('button', { name: 'Notified Dr. Maya Chen' }));
    const refusal = await screen.findByText(/^Not saved: Notified at cannot be in the future/);
    expect(refusal).toHaveTextContent(`Times here are typed on the client's clock, ${NORTHSIDE_ZONE}`);
    expect(screen.queryByText(/The form is not valid/)).toBeNull();
  });
});

/** The sign dialog's summary of what is signed, as label and text pairs. */
const summaryOf = (dialog: HTMLElement) => {
  const summary = within(dialog).getByLabelText('What is signed');
  const texts = [...summary.querySelectorAll('dt, dd')].map((cell) => cell.textContent);
  return texts.flatMap((text, index) => (index % 2 ? [] : [[text, texts[index + 1]]]));
};

describe('interpretations', () => {
  it('signs a draft after saying signing is final; then only an addendum may follow', async () => {
    const { user, onRequest } = renderStory(stories.Interpretations);
    expect(await screen.findByText(/needs a signed final interpretation/)).toHaveTextContent(
      'None is signed yet',
    );
    const draft = await rowWith('Abnormal study: focal epilepsy of left temporal origin.');
    expect(draft).toHaveTextContent('Draft');
    await user.click(button(draft, 'Sign'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign interpretation' });
    expect(dialog).toHaveTextContent('signing this report is final');
    // What is signed, together: the impression, the findings in ACNS abbreviations and the answer.
    expect(summaryOf(dialog)).toEqual([
      ['Impression', 'Abnormal study: focal epilepsy of left temporal origin.'],
      ['Rhythmic and periodic patterns (ACNS)', 'LRDA+S, evolving'],
      ['Seizures (ACNS)', 'ESz, left, 2 min'],
      ['Seizures in this period', 'Yes'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Sign this report' }));
    expect(await screen.findByText('Interpretation signed')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', revisions(1, 'interpretations', 42), { status: 'signed', baseRevision: 1 }),
    );

    const signed = await rowWith('Abnormal study: focal epilepsy of left temporal origin.');
    await waitFor(() => expect(signed).toHaveTextContent(/Signed by Rhea Patel, MD, FACNS at/));
    expect(within(signed).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(signed).queryByRole('button', { name: 'Sign' })).toBeNull();
    expect(screen.getByText(/needs a signed final interpretation/)).toHaveTextContent(
      'The final interpretation is signed by Rhea Patel, MD, FACNS at',
    );

    expect(within(signed).queryByRole('button', { name: 'Void' })).toBeNull();

    await user.click(button(signed, 'Add addendum'));
    const addendum = await screen.findByRole('dialog', { name: 'Add interpretation' });
    expect(within(addendum).getByRole('combobox', { name: 'Kind' })).toHaveTextContent('Addendum');
    await enterText(
      user,
      within(addendum).getByRole('textbox', { name: 'Impression' }),
      'Video review: no clinical correlate.',
    );
    await submitWith(user, 'Add interpretation', addendum);
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        sentRequest(
          'POST',
          records(1, 'interpretations'),
          expect.objectContaining({ kind: 'addendum', amendsId: 42 }),
        ),
      ),
    );
    // Listed right under the final it amends.
    const amending = await rowWith('Video review: no clinical correlate.');
    expect(amending).toHaveTextContent('↳ Addendum');
    expect(signed.nextElementSibling).toBe(amending);
  });

  const contradiction =
    'The findings list an electrographic seizure (ESz): answer yes, or remove the seizure';

  it('will not sign a report whose "no seizures" contradicts its findings, saying why beside what is signed', async () => {
    const { user } = renderStory(stories.ContradictingDraft);
    const draft = await rowWith('Normal continuous EEG. No seizures.');
    await user.click(button(draft, 'Sign'));
    const dialog = await screen.findByRole('dialog', { name: 'Sign interpretation' });
    expect(summaryOf(dialog)).toEqual([
      ['Impression', 'Normal continuous EEG. No seizures.'],
      ['Rhythmic and periodic patterns (ACNS)', 'LRDA+S, evolving'],
      ['Seizures (ACNS)', 'ESz, left, 2 min'],
      ['Seizures in this period', 'No'],
    ]);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(contradiction);
    const sign = within(dialog).getByRole('button', { name: 'Sign this report' });
    expect(sign).toBeDisabled();
    expect(sign).toHaveAccessibleDescription(contradiction);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the contradiction next to the impression in the form, and signs the report once the answer agrees', async () => {
    const { user, onRequest } = renderStory(stories.ContradictingDraft);
    await user.click(button(await rowWith('Normal continuous EEG. No seizures.'), 'Edit'));
    const form = await screen.findByRole('dialog', { name: /Edit interpretation/ });
    expect(within(form).getByText(new RegExp(contradiction.replace(/[()]/g, '\\$&')))).toBeInTheDocument();
    await chooseOption(user, within(form).getByRole('combobox', { name: 'Seizures in this period' }), 'Yes');
    await user.clear(within(form).getByRole('textbox', { name: 'Impression' }));
    await enterText(
      user,
      within(form).getByRole('textbox', { name: 'Impression' }),
      'Left temporal seizure.',
    );
    await submitWith(user, 'Save', form);
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        sentRequest(
          'POST',
          revisions(1, 'interpretations', 44),
          expect.objectContaining({ seizuresInPeriod: true, impression: 'Left temporal seizure.' }),
        ),
      ),
    );
    await user.click(button(await rowWith('Left temporal seizure.'), 'Sign'));
    const again = await screen.findByRole('dialog', { name: 'Sign interpretation' });
    expect(summaryOf(again).at(-1)).toEqual(['Seizures in this period', 'Yes']);
    await user.click(within(again).getByRole('button', { name: 'Sign this report' }));
    expect(await screen.findByText('Interpretation signed')).toBeInTheDocument();
  });
});

describe('billing notes', () => {
  it('marks a note settled in one click, and says what closing the case needs', async () => {
    const { user, onRequest } = renderStory(stories.BillingNotes);
    expect(await screen.findByText(/needs every billing note settled/)).toHaveTextContent(
      '1 note is not settled yet.',
    );
    const open = await rowWith('Duplicate check logged on day 2.');
    expect(open).toHaveTextContent('−15 min');
    expect(
      within(await rowWith('Hookup ran 30 minutes long: re-measured twice.')).queryByRole('button', {
        name: 'Mark settled',
      }),
    ).toBeNull();
    await user.click(button(open, 'Mark settled'));
    expect(await screen.findByText('Billing note settled')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', revisions(5, 'billing-notes', 52), { settled: true, baseRevision: 1 }),
    );
    await waitFor(() =>
      expect(screen.getByText(/needs every billing note settled/)).toHaveTextContent(
        'Every note is settled.',
      ),
    );
  });
});
