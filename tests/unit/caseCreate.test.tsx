import { composeStories } from '@storybook/react-vite';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { casePagePath } from '../../contract/paths';
import { CaseCreate } from '../../src/resources/cases/create/CaseCreate';
import * as createStories from '../../src/resources/cases/create/CaseCreate.stories';
import type { FakeRequest } from '../support/fakeApiRules';
import { chooseOption } from './support/chooseOption';
import { enterText } from './support/enterText';
import { renderPart } from './support/renderPart';
import { submitWith } from './support/renderStory';

const { NewCase, ServerRefusesTheMrn, ServerRefusesTheCase } = composeStories(createStories, preview);

/**
 * The form alone, over the same fake API, users and failures as the stories: the page around it (menu, app bar)
 * is not what these tests are about. Returns where the router is.
 */
function renderForm(story: typeof NewCase, onRequest?: (request: FakeRequest) => void) {
  const { user, clientsData, casesData, failures, path } = { ...createStories.default.args, ...story.args };
  if (!user) throw new Error('The story names no user');
  return renderPart(<CaseCreate />, { user, clientsData, casesData, failures, path, onRequest });
}

async function chooseClient(user: UserEvent, name: string) {
  await chooseOption(user, await screen.findByRole('combobox', { name: 'Client' }), name);
}

/** Bayside, long-term, with video, continuous: everything a case needs, no patient. */
async function fillTheCase(user: UserEvent) {
  await chooseClient(user, 'Bayside Memorial Hospital');
  await chooseOption(user, screen.getByRole('combobox', { name: 'Study type' }), 'Long-term');
  await user.click(screen.getByRole('switch', { name: 'Video' }));
  await user.click(screen.getByRole('radio', { name: 'Continuous' }));
}

const posts = (onRequest: ReturnType<typeof vi.fn>) =>
  onRequest.mock.calls
    .map(([request]) => request as FakeRequest)
    .filter(({ method, path }) => method === 'POST' && path === '/continuous-monitoring/cases');

describe('New case', () => {
  it('has one level-one heading, above its "Case", "Patient" and "Order" sections', async () => {
    render(<NewCase />);
    expect(await screen.findByRole('heading', { level: 1, name: 'New case' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Case',
      'Patient',
      'Order',
    ]);
  });

  it('offers only the enabled clients', async () => {
    const user = userEvent.setup();
    renderForm(NewCase);
    await user.click(await screen.findByRole('combobox', { name: 'Client' }));
    expect(await screen.findByRole('option', { name: 'Bayside Memorial Hospital' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(screen.queryByRole('option', { name: 'Old Harbor Clinic' })).toBeNull();
  });

  it("checks the contract's rules before sending anything", async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    renderForm(NewCase, onRequest);
    await chooseClient(user, 'Northside General Hospital');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2999-01-01' } });
    expect(await screen.findByText('Date of birth cannot be in the future')).toBeInTheDocument();
    await submitWith(user, 'Create case');
    expect(
      await screen.findByText('Choose a study type: routine, long-term, ambulatory or ICU'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Choose a monitoring level: unmonitored, intermittent or continuous'),
    ).toBeInTheDocument();
    expect(posts(onRequest)).toEqual([]);
  });

  it('takes a case in without a patient, says so and opens its page', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    const form = renderForm(NewCase, onRequest);
    await fillTheCase(user);
    await submitWith(user, 'Create case');
    expect(await screen.findByText(/^Case BMH-\d{4}-\d{4} created$/)).toBeInTheDocument();
    expect(posts(onRequest).map(({ body }) => body)).toEqual([
      { clientId: 2, studyType: 'long-term', hasVideo: true, monitoringLevel: 'continuous' },
    ]);
    // The new case is id 14; its page is /continuous-monitoring/cases/intake/14/details.
    await waitFor(() => expect(form.pathname()).toBe(casePagePath('intake', 14, 'details')));
  });

  it('sends the patient when the section is filled in', async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    renderForm(NewCase, onRequest);
    await fillTheCase(user);
    await enterText(user, screen.getByLabelText('MRN'), 'B-77001');
    await enterText(user, screen.getByLabelText('Last name'), 'Moreau');
    await enterText(user, screen.getByLabelText('First name'), 'Claire');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '1961-07-04' } });
    await chooseOption(user, screen.getByRole('combobox', { name: 'Sex' }), 'Female');
    await submitWith(user, 'Create case');
    expect(await screen.findByText(/^Case BMH-\d{4}-\d{4} created$/)).toBeInTheDocument();
    expect(posts(onRequest)[0].body).toEqual({
      clientId: 2,
      studyType: 'long-term',
      hasVideo: true,
      monitoringLevel: 'continuous',
      patient: {
        mrn: 'B-77001',
        lastName: 'Moreau',
        firstName: 'Claire',
        dateOfBirth: '1961-07-04',
        sex: 'F',
        unit: '',
        room: '',
        orderingPhysician: '',
        indication: '',
        medications: '',
      },
    });
  });

  it("sends the order section typed in the client's zone, and asks for its priority", async () => {
    const onRequest = vi.fn();
    const user = userEvent.setup();
    renderForm(NewCase, onRequest);
    await fillTheCase(user);
    fireEvent.change(screen.getByLabelText(/^Ordered at/), { target: { value: '2026-03-02T08:00' } });
    await enterText(user, screen.getByLabelText('Ordered by (physician)'), 'Dr. Greg House');
    await enterText(user, screen.getByLabelText('Reason for the order'), 'Unresponsive');
    await submitWith(user, 'Create case');
    expect(await screen.findByText('Choose a priority: stat, urgent or routine')).toBeInTheDocument();
    expect(posts(onRequest)).toEqual([]);
    await chooseOption(user, screen.getByRole('combobox', { name: 'Priority' }), 'STAT');
    await submitWith(user, 'Create case');
    expect(await screen.findByText(/^Case BMH-\d{4}-\d{4} created$/)).toBeInTheDocument();
    expect(posts(onRequest)[0]?.body).toEqual({
      clientId: 2,
      studyType: 'long-term',
      hasVideo: true,
      monitoringLevel: 'continuous',
      order: {
        // 08:00 CST in Chicago, Bayside's zone.
        orderedAt: '2026-03-02T14:00:00.000Z',
        priority: 'stat',
        orderingPhysician: { name: 'Dr. Greg House', phone: '' },
        indication: 'Unresponsive',
        placerOrderNumber: '',
      },
    });
  });

  it("shows the server's field errors under their fields", async () => {
    const user = userEvent.setup();
    renderForm(ServerRefusesTheMrn);
    await fillTheCase(user);
    await enterText(user, screen.getByLabelText('MRN'), 'B-55142');
    await submitWith(user, 'Create case');
    expect(
      await screen.findByText('MRN B-55142 belongs to another patient of this client'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('MRN')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(/created$/)).toBeNull();
  });

  it('shows any other refusal as a notice and stays on the form', async () => {
    const user = userEvent.setup();
    renderForm(ServerRefusesTheCase);
    await fillTheCase(user);
    await submitWith(user, 'Create case');
    expect(await screen.findByText('Bayside Memorial Hospital takes no new cases')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create case' })).toBeInTheDocument();
    expect(screen.queryByText(/created$/)).toBeNull();
  });
});
