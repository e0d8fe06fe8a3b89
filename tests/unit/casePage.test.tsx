import { composeStories } from '@storybook/react-vite';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import preview from '../../.storybook/preview';
import { API_PATHS, casePagePath } from '../../contract/paths';
import { toHttpError } from '../../src/dataProvider/httpClient';
import * as pageStories from '../../src/resources/cases/page/CasePage.stories';
import { closedCase } from '../support/caseDetailsFixtures';
import { chooseOption } from './support/chooseOption';
import { enterText } from './support/enterText';
import { renderCasePage } from './support/renderCasePart';
import { submitWith } from './support/renderStory';
import { requestCount, sentRequest } from './support/requests';

const stories = composeStories(pageStories, preview);

const technologists = () => screen.findByRole('region', { name: 'Technologists' });

/** Picks the first reader whose name, credentials or username has `text` (pasted), with the keyboard. */
async function pickReader(user: ReturnType<typeof userEvent.setup>, text: string) {
  await enterText(user, await screen.findByRole('combobox', { name: 'Reader' }), text);
  await user.keyboard('{ArrowDown}{Enter}');
}

describe('routes', () => {
  it('opens the details tab when the URL names no tab', async () => {
    renderCasePage(stories.WithoutTab);
    expect(await screen.findByRole('tab', { name: 'Details', selected: true })).toHaveAttribute(
      'href',
      casePagePath('monitoring', 1, 'details'),
    );
  });

  it("sends a case opened under another stage's URL to its own stage, on the same tab", async () => {
    render(<stories.UnderAnotherStage />);
    expect(await screen.findByRole('tab', { name: 'Activity', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'monitoring' })).toHaveAttribute(
      'href',
      API_PATHS.caseStage('monitoring'),
    );
    expect(screen.queryByRole('link', { name: 'intake' })).toBeNull();
  });

  it('says when there is no such case', async () => {
    renderCasePage(stories.UnknownCase);
    expect(await screen.findByRole('heading', { name: 'Case not found', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the monitoring cases' })).toHaveAttribute(
      'href',
      API_PATHS.caseStage('monitoring'),
    );
  });

  it('shows Page Not Found for an unknown tab', async () => {
    renderCasePage(stories.Details, { path: casePagePath('monitoring', 1, 'billing') });
    expect(await screen.findByRole('heading', { name: 'Page Not Found', level: 1 })).toBeInTheDocument();
  });
});

describe('the details tab', () => {
  it('saves the reader picked by name from the readers, and names them with their credentials', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    renderCasePage(stories.Details, { onRequest });
    await pickReader(user, 'patel');
    const reader = screen.getByRole('combobox', { name: 'Reader' });
    expect(reader).toHaveValue('Rhea Patel, MD, FACNS (rhea)');
    await submitWith(user, 'Save');
    expect(await screen.findByText('Case NSG-2026-0001 saved')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest(
        'PATCH',
        API_PATHS.case(1),
        expect.objectContaining({ reader: 'rhea', studyType: 'long-term', version: 1 }),
      ),
    );
    expect(
      within(screen.getByLabelText('Case header')).getByText('Rhea Patel, MD, FACNS'),
    ).toBeInTheDocument();
    // Cleared, the case has no reader again.
    await user.clear(await screen.findByRole('combobox', { name: 'Reader' }));
    await submitWith(user, 'Save');
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        sentRequest('PATCH', API_PATHS.case(1), expect.objectContaining({ reader: null, version: 2 })),
      ),
    );
    expect(await within(screen.getByLabelText('Case header')).findByText('Not assigned')).toBeInTheDocument();
  });

  it('shows a conflict (409) and reads the case again', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    const message = 'Case NSG-2026-0001 was changed by someone else meanwhile; reload and try again.';
    renderCasePage(stories.Details, {
      onRequest,
      failures: { [`PATCH ${API_PATHS.case(1)}`]: toHttpError(409, { error: message }) },
    });
    await pickReader(user, 'Rhea');
    await submitWith(user, 'Save');
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(requestCount(onRequest, 'GET', API_PATHS.caseDetails(1))).toBeGreaterThan(1));
  });

  it("shows the server's field errors under the fields (400)", async () => {
    const user = userEvent.setup();
    const fields = [{ field: 'reader', message: 'rhea is not a reader' }];
    renderCasePage(stories.Details, {
      failures: { [`PATCH ${API_PATHS.case(1)}`]: toHttpError(400, { error: 'Invalid reader', fields }) },
    });
    await pickReader(user, 'Rhea');
    await submitWith(user, 'Save');
    expect(await screen.findByText('rhea is not a reader')).toBeInTheDocument();
  });

  it('shows the details without inputs to a reader', async () => {
    renderCasePage(stories.DetailsReadOnly);
    expect(await technologists()).toHaveTextContent('Priya Raman');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Take .* off the case/ })).toBeNull();
  });

  it('lets a technologist assign themselves, sending their whole set of active cases', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    renderCasePage(stories.DetailsForAnotherTechnologist, { onRequest });
    await user.click(await within(await technologists()).findByRole('button', { name: 'Assign me' }));
    expect(await screen.findByText('NSG-2026-0001 assigned to Marcus Bell')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('PUT', API_PATHS.technologistCases('marcus'), { caseIds: [1] }),
    );
    await waitFor(async () => expect(await technologists()).toHaveTextContent('Marcus Bell'));
    expect(within(await technologists()).queryByRole('button', { name: 'Assign me' })).toBeNull();
  });

  it('keeps the page and what it shows when the case cannot be read again, and reads it on Try again', async () => {
    const user = userEvent.setup();
    const failures: Record<string, Error> = {};
    renderCasePage(stories.DetailsForAnotherTechnologist, { failures });
    const assign = await within(await technologists()).findByRole('button', { name: 'Assign me' });
    // The assignment is made; the read of the case that follows it is refused.
    failures[`GET ${API_PATHS.caseDetails(1)}`] = toHttpError(429, { error: 'Too many requests' });
    await user.click(assign);
    // Beside the notice of the assignment made.
    const warning = (await screen.findAllByRole('alert')).find((alert) =>
      alert.textContent?.includes('The case could not be read again (Too many requests)'),
    );
    if (!warning) throw new Error('No warning that the case could not be read again');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Case NSG-2026-0001');
    expect(await technologists()).toBeInTheDocument();
    expect(screen.getByRole('tablist', { name: 'Case sections' })).toBeInTheDocument();
    delete failures[`GET ${API_PATHS.caseDetails(1)}`];
    await user.click(within(warning).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByText(/could not be read again/)).toBeNull());
    expect(await technologists()).toHaveTextContent('Marcus Bell');
  });

  it('keeps the other active cases of a technologist when adding one', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    renderCasePage(stories.Details, { onRequest, path: casePagePath('intake', 3, 'details') });
    const panel = await technologists();
    await chooseOption(
      user,
      await within(panel).findByRole('combobox', { name: /Technologist/ }),
      /^Priya Raman/,
    );
    await user.click(within(panel).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('NSG-2026-0003 assigned to Priya Raman')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('PUT', API_PATHS.technologistCases('priya'), { caseIds: [1, 2, 3] }),
    );
  });

  it('shows a refused assignment (409 at the load limit)', async () => {
    const user = userEvent.setup();
    const message = 'Marcus Bell would hold 5 continuous cases; the limit is 4';
    renderCasePage(stories.DetailsForAnotherTechnologist, {
      failures: { [`PUT ${API_PATHS.technologistCases('marcus')}`]: toHttpError(409, { error: message }) },
    });
    await user.click(await within(await technologists()).findByRole('button', { name: 'Assign me' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('takes a technologist off a case in intake', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    renderCasePage(stories.Details, { path: casePagePath('intake', 2, 'details'), onRequest });
    await user.click(
      within(await technologists()).getByRole('button', { name: 'Take Priya Raman off the case' }),
    );
    expect(await screen.findByText('No technologist assigned yet.')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('PUT', API_PATHS.technologistCases('priya'), { caseIds: [1] }),
    );
  });

  it('keeps the only technologist of a case in monitoring, saying why (409)', async () => {
    const user = userEvent.setup();
    renderCasePage(stories.Details);
    await user.click(
      within(await technologists()).getByRole('button', { name: 'Take Priya Raman off the case' }),
    );
    expect(
      await screen.findByText(/Priya Raman is the only technologist of case NSG-2026-0001 in monitoring/),
    ).toBeInTheDocument();
    expect(within(await technologists()).getByText('Priya Raman')).toBeInTheDocument();
  });
});

describe('a closed case', () => {
  it('says it is closed and has no edit controls, even for an admin', async () => {
    renderCasePage(stories.ClosedDetails);
    expect(
      await screen.findByText(
        'Case NSG-2026-0004 is closed: its details and records stay as they are unless an administrator reopens it.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
  });

  it('lists its activity without "Add action"', async () => {
    renderCasePage(stories.ClosedActivity);
    expect(await screen.findByText('Reviewed → Closed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Add action/ })).toBeNull();
  });

  it('shows the protocol it closed under, not the current one', async () => {
    renderCasePage(stories.ClosedProtocol);
    expect(
      await screen.findByRole('heading', { name: 'Protocol the case closed under, revision 2' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Revision 2, saved by grace/)).toBeInTheDocument();
    expect(screen.queryByText(/Revision 3/)).toBeNull();
  });

  it('says plainly, after one request, when no snapshot was kept, and leads to the current protocol', async () => {
    const onRequest = vi.fn();
    const path = API_PATHS.closedCaseProtocol(closedCase.id);
    const missing = toHttpError(404, { error: `Case ${closedCase.caseNumber} has no protocol snapshot` });
    renderCasePage(stories.ClosedProtocol, { onRequest, failures: { [`GET ${path}`]: missing } });
    expect(
      await screen.findByText(/No protocol snapshot was kept for case NSG-2026-0004/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /current protocol/ })).toHaveAttribute(
      'href',
      expect.stringContaining(`/clients/${closedCase.clientId}/protocol`),
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(requestCount(onRequest, 'GET', path)).toBe(1);
  });
});

describe('the activity tab', () => {
  it('lists stage changes with their actions and the case’s own actions, newest first', async () => {
    renderCasePage(stories.Activity);
    const entries = within(await screen.findByRole('list', { name: 'Activity' })).getAllByRole('listitem');
    const texts = entries.map((entry) => entry.textContent);
    expect(texts[0]).toMatch(/^Physician paged: Rhythmic delta/);
    expect(texts[1]).toMatch(/^Intake → Monitoring/);
    expect(texts[1]).toMatch(/Client notified: Charge nurse told monitoring started/);
    expect(texts.at(-1)).toMatch(/^Case opened/);
  });

  /** Opens the dialog with `button`, fills it in and adds the action. */
  async function addAction(button: string, dialogName: string, kind: string, note: string) {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: dialogName });
    await chooseOption(user, within(dialog).getByRole('combobox', { name: /Kind/ }), kind);
    await enterText(user, within(dialog).getByRole('textbox', { name: 'Note' }), note);
    await submitWith(user, 'Add action', dialog);
  }

  it('records an action on the case', async () => {
    const onRequest = vi.fn();
    renderCasePage(stories.Activity, { onRequest });
    await addAction('Add action', 'Add action to case NSG-2026-0001', 'Escalated', 'Fellow called back');
    expect(await screen.findByText('Escalated: Fellow called back')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', API_PATHS.caseActions(1), { kind: 'escalated', note: 'Fellow called back' }),
    );
  });

  it('records an action on a stage change', async () => {
    const onRequest = vi.fn();
    const heading = 'Intake → Monitoring';
    renderCasePage(stories.Activity, { onRequest });
    await addAction(`Add action to ${heading}`, `Add action to ${heading}`, 'Client notified', 'Unit told');
    const actions = await screen.findByRole('list', { name: `Actions on ${heading}` });
    expect(await within(actions).findByText('Client notified: Unit told')).toBeInTheDocument();
    expect(onRequest).toHaveBeenCalledWith(
      sentRequest('POST', API_PATHS.caseTransitionActions(1, 1), {
        kind: 'client-notified',
        note: 'Unit told',
      }),
    );
  });
});

describe('the other tabs', () => {
  it("shows the client's current protocol and transfer protocol", async () => {
    renderCasePage(stories.Protocol);
    expect(
      await screen.findByRole('heading', { name: "Northside General Hospital's protocol, revision 3" }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Transfer protocol, revision 1' })).toBeInTheDocument();
  });
});
