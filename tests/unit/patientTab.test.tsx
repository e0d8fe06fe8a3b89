import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS } from '../../contract/paths';
import { formatInZone } from '../../src/dates';
import * as patientStories from '../../src/resources/cases/patient/PatientTab.stories';
import { monitoringCase } from '../support/caseDetailsFixtures';
import { enterText } from './support/enterText';
import { submitWith } from './support/renderStory';
import { sentRequest } from './support/requests';

/** Northside General's clock, in which its cases' times are shown (DESIGN §4 one clock). */
const NORTHSIDE_ZONE = 'America/New_York';

const stories = composeStories(patientStories, preview);

const DETAILS = API_PATHS.patientDetails(monitoringCase.id);
const factOf = (list: HTMLElement, term: string) =>
  within(list).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

type PatientStory = (typeof stories)[keyof typeof stories];

function renderStory(Story: PatientStory) {
  const onRequest = vi.fn();
  render(<Story onRequest={onRequest} />);
  return { user: userEvent.setup(), onRequest };
}

async function openEdit(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit patient details' }));
  return screen.findByRole('dialog');
}

describe('the patient tab', () => {
  it('shows the current details with their version, author and time', async () => {
    render(<stories.Recorded />);
    const list = await screen.findByLabelText('Patient details');
    expect(factOf(list, 'MRN')).toBe('100234');
    expect(factOf(list, 'Last name')).toBe('Okafor');
    expect(factOf(list, 'Sex')).toBe('Female');
    expect(factOf(list, 'Room')).toBe('4-12');
    expect(
      await screen.findByText(
        `Version 2, by Priya Raman, at ${formatInZone('2026-03-02T09:50:00.000Z', NORTHSIDE_ZONE)}`,
      ),
    ).toBeInTheDocument();
  });

  it('says when there are no details yet', async () => {
    render(<stories.NoneYet />);
    expect(await screen.findByText('No patient details recorded yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'History' })).toBeNull();
  });

  it('offers no edit to a reader', async () => {
    render(<stories.Reader />);
    expect(await screen.findByRole('button', { name: 'History' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit patient details' })).toBeNull();
  });

  it('offers no edit on a closed case', async () => {
    render(<stories.ClosedCase />);
    expect(await screen.findByRole('button', { name: 'History' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit patient details' })).toBeNull();
  });

  it('saves the whole set with the version loaded, once the fields are valid', async () => {
    const { user, onRequest } = renderStory(stories.Recorded);
    const dialog = await openEdit(user);
    const room = within(dialog).getByLabelText('Room');
    await user.clear(room);
    await user.type(room, '  5-01 ');
    const mrn = within(dialog).getByLabelText('MRN');
    await enterText(user, mrn, 'x'.repeat(40));
    await submitWith(user, 'Save', dialog);
    expect(await within(dialog).findByText(/MRN must be at most 40/i)).toBeInTheDocument();
    expect(onRequest).not.toHaveBeenCalledWith(sentRequest('PUT', DETAILS));

    await user.clear(mrn);
    await user.type(mrn, '100234');
    await submitWith(user, 'Save', dialog);
    expect(await screen.findByText('Patient details saved')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest(
        'PUT',
        DETAILS,
        expect.objectContaining({ version: 2, room: '5-01', mrn: '100234', sex: 'F' }),
      ),
    );
    const body = onRequest.mock.calls.find(([request]) => request.method === 'PUT')?.[0].body;
    expect(Object.keys(body).sort()).toEqual(
      [
        'dateOfBirth',
        'firstName',
        'indication',
        'lastName',
        'medications',
        'mrn',
        'orderingPhysician',
        'room',
        'sex',
        'unit',
        'version',
      ].sort(),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(/^Version 3, by technologist, at/)).toBeInTheDocument();
    expect(factOf(screen.getByLabelText('Patient details'), 'Room')).toBe('5-01');
  });

  it("shows the server's MRN refusal under the MRN", async () => {
    const { user } = renderStory(stories.MrnInUse);
    const dialog = await openEdit(user);
    const mrn = within(dialog).getByLabelText('MRN');
    await user.clear(mrn);
    await user.type(mrn, '200777');
    await submitWith(user, 'Save', dialog);
    const message = await within(dialog).findByText(/MRN 200777 is already used .*case NSG-2026-0009/);
    expect(mrn).toHaveAccessibleDescription(expect.stringMatching(/already used/));
    expect(message).toBeVisible();
  });

  it('keeps what the user typed after a 409, shows the newer version and saves on top of it', async () => {
    const { user, onRequest } = renderStory(stories.ChangedMeanwhile);
    const dialog = await openEdit(user);
    const medications = within(dialog).getByLabelText('Medications');
    await user.clear(medications);
    await enterText(user, medications, 'Levetiracetam 1 g twice daily');
    await submitWith(user, 'Save', dialog);

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(
      `Version 3 by ada at ${formatInZone('2026-03-02T11:00:00.000Z', NORTHSIDE_ZONE)} was saved meanwhile`,
    );
    const theirs = within(alert).getByRole('list', { name: 'Changed by ada' });
    expect(theirs).toHaveTextContent('Unit: Neuro ICU → Step-down unit');
    expect(theirs).toHaveTextContent('Room: 4-12 → 2-03');
    expect(within(alert).getByRole('list', { name: 'Your changes' })).toHaveTextContent(
      'Medications: Levetiracetam 500 mg twice daily; propofol infusion → Levetiracetam 1 g twice daily',
    );
    expect(within(dialog).getByLabelText('Medications')).toHaveValue('Levetiracetam 1 g twice daily');
    expect(within(dialog).getByLabelText('Unit')).toHaveValue('Step-down unit');

    await submitWith(user, 'Save', dialog);
    expect(await screen.findByText('Patient details saved')).toBeInTheDocument();
    const puts = onRequest.mock.calls.map(([request]) => request).filter(({ method }) => method === 'PUT');
    expect(puts.map(({ body }) => body.version)).toEqual([2, 3]);
    expect(puts[1].body).toMatchObject({
      unit: 'Step-down unit',
      medications: 'Levetiracetam 1 g twice daily',
    });
  });

  it('lists every version newest first, each with what it changed', async () => {
    const { user } = renderStory(stories.Recorded);
    await user.click(await screen.findByRole('button', { name: 'History' }));
    const versions = within(await screen.findByRole('list', { name: 'Versions, newest first' })).getAllByRole(
      'listitem',
      { name: /^Version/ },
    );
    expect(versions.map((entry) => entry.getAttribute('aria-label'))).toEqual(['Version 2', 'Version 1']);
    expect(versions[0]).toHaveTextContent(
      `by Priya Raman, ${formatInZone('2026-03-02T09:50:00.000Z', NORTHSIDE_ZONE)}`,
    );
    const changes = within(versions[0]).getByRole('list', { name: 'Changes in version 2' });
    expect(changes).toHaveTextContent('Room: 4-10 → 4-12');
    expect(changes).toHaveTextContent('Medications: — → Levetiracetam');
    expect(within(changes).getAllByRole('listitem')).toHaveLength(2);
    const written = within(versions[1]).getByRole('list', { name: 'Written' });
    expect(written).toHaveTextContent('MRN: 100234');
    expect(written).toHaveTextContent('Room: 4-10');
    expect(written).not.toHaveTextContent('Medications');
  });
});
