import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext } from 'react-admin';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { HandoverDialog } from '../../src/resources/cases/page/HandoverDialog';
import { buildTechnologist } from '../support/caseBuilders';
import { buildCaseDetails, caseDetailsSeed } from '../support/caseDetailsBuilders';
import { marcus } from '../support/caseDetailsFixtures';
import { clientWithRecords } from '../support/clientFixtures';
import { buildUser, fakeDataProvider, menuForRole } from '../support/fakeApi';
import { fakeAuthProvider } from '../support/fakeAuthProvider';
import { chooseOption } from './support/chooseOption';
import { enterText } from './support/enterText';
import { renderCasePage, pageStoryOf as stories } from './support/renderCasePart';
import { submitWith } from './support/renderStory';
import { sentRequest } from './support/requests';

describe('the handover dialog (DESIGN §4 "Staffing and handover")', () => {
  it('posts from, to, the time read in the client’s zone and the note, then shows the handover in the activity', async () => {
    const user = userEvent.setup();
    const onRequest = vi.fn();
    renderCasePage(stories.Activity, { onRequest });
    await user.click(await screen.findByRole('button', { name: 'Hand over' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hand over case NSG-2026-0001' });
    // The admin hands over the case's only technologist's shift.
    expect(within(dialog).getByRole('combobox', { name: /From/ })).toHaveTextContent('Priya Raman');
    await user.click(within(dialog).getByRole('combobox', { name: /To/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).not.toContain('Priya Raman');
    await user.click(screen.getByRole('option', { name: 'Marcus Bell' }));
    // The choice is shown before the form goes on (a lost choice would otherwise surface only as no request).
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /To/ })).toHaveTextContent('Marcus Bell'),
    );
    // Northside General is in New York: 20:00 EST on March 2 is 01:00 UTC on March 3.
    fireEvent.change(within(dialog).getByLabelText(/^At/), { target: { value: '2026-03-02T20:00' } });
    await enterText(
      user,
      within(dialog).getByRole('textbox', { name: 'Note' }),
      'Stable; T7 rechecked at 19:40',
    );
    await submitWith(user, 'Hand over', dialog);
    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        sentRequest('POST', API_PATHS.caseHandovers(1), {
          from: 'priya',
          to: 'marcus',
          at: '2026-03-03T01:00:00.000Z',
          note: 'Stable; T7 rechecked at 19:40',
        }),
      ),
    );
    const activity = await screen.findByRole('list', { name: 'Activity' });
    expect(await within(activity).findByText('Handover: Priya Raman → Marcus Bell')).toBeInTheDocument();
    expect(
      within(activity).getByText(/Mar 2, 2026, 20:00 EST — “Stable; T7 rechecked at 19:40”/),
    ).toBeInTheDocument();
  });

  describe('on a case two technologists watch (contract/ownWork.ts)', () => {
    const shared = buildCaseDetails({
      technologists: [
        { username: 'priya', name: 'Priya Raman' },
        { username: 'marcus', name: 'Marcus Bell' },
      ],
    });
    const data = { casesData: caseDetailsSeed([shared]), clientsData: clientWithRecords };
    const fromOf = async () => {
      await userEvent.setup().click(await screen.findByRole('button', { name: 'Hand over' }));
      const dialog = await screen.findByRole('dialog', { name: /^Hand over case/ });
      return within(dialog).getByRole('combobox', { name: /From/ });
    };

    it('offers a technologist only their own shift to hand over', async () => {
      const user = userEvent.setup();
      renderCasePage(stories.Activity, { ...data, chrome: menuForRole('technologist'), user: marcus });
      const from = await fromOf();
      expect(from).toHaveTextContent('Marcus Bell');
      await user.click(from);
      expect(screen.queryByRole('option', { name: 'Priya Raman' })).not.toBeInTheDocument();
    });

    it('lets an admin choose either technologist’s shift', async () => {
      const user = userEvent.setup();
      renderCasePage(stories.Activity, data);
      await user.click(await fromOf());
      const options = await screen.findAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual(['Priya Raman', 'Marcus Bell']);
    });
  });

  describe('refused by the incoming technologist’s load (DESIGN §4: at most 12, a continuous case 3)', () => {
    // Pat Lee already holds four continuous cases (12); Sam Ortega holds none.
    const patsCases = [2, 3, 4, 5].map((id) =>
      buildCaseDetails({
        id,
        caseNumber: `NSG-2026-000${id}`,
        technologists: [{ username: 'pat', name: 'Pat Lee' }],
      }),
    );
    const data = {
      casesData: caseDetailsSeed(
        [buildCaseDetails(), ...patsCases],
        [buildTechnologist({ username: 'sam', name: 'Sam Ortega' })],
      ),
      clientsData: clientWithRecords,
    };

    /** Opens the dialog, hands the case over to Pat Lee, and finds the refusal, which says by how much. */
    async function handOverToPat(user: ReturnType<typeof userEvent.setup>) {
      await user.click(await screen.findByRole('button', { name: 'Hand over' }));
      const dialog = await screen.findByRole('dialog', { name: 'Hand over case NSG-2026-0001' });
      await chooseOption(user, within(dialog).getByRole('combobox', { name: /To/ }), 'Pat Lee');
      await submitWith(user, 'Hand over', dialog);
      const refusal = await within(dialog).findByRole('alert');
      expect(refusal).toHaveTextContent('Pat Lee would carry a load of 15; the limit is 12.');
      return { dialog, refusal };
    }

    it('explains the refusal in the dialog, by how much, and hands over to a technologist it offers', async () => {
      const user = userEvent.setup();
      const onRequest = vi.fn();
      renderCasePage(stories.Activity, { ...data, onRequest });
      const { dialog, refusal } = await handOverToPat(user);
      expect(refusal).toHaveTextContent('These technologists can take the case:');
      // Only those with room: not Pat, not Priya who hands over.
      expect(
        within(refusal)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Sam Ortega (load 0)']);
      // In the dialog, not in a snackbar under it.
      expect(screen.getAllByRole('alert')).toEqual([refusal]);

      await user.click(within(refusal).getByRole('button', { name: 'Sam Ortega (load 0)' }));
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(within(dialog).getByRole('combobox', { name: /To/ })).toHaveTextContent('Sam Ortega');
      await submitWith(user, 'Hand over', dialog);
      await waitFor(() =>
        expect(onRequest).toHaveBeenCalledWith(
          sentRequest(
            'POST',
            API_PATHS.caseHandovers(1),
            expect.objectContaining({ from: 'priya', to: 'sam' }),
          ),
        ),
      );
      const activity = await screen.findByRole('list', { name: 'Activity' });
      expect(await within(activity).findByText('Handover: Priya Raman → Sam Ortega')).toBeInTheDocument();
    });

    it('says when nobody has room for the case', async () => {
      const crowded = { ...data, casesData: caseDetailsSeed([buildCaseDetails(), ...patsCases]) };
      renderCasePage(stories.Activity, crowded);
      const { refusal } = await handOverToPat(userEvent.setup());
      expect(refusal).toHaveTextContent('No other technologist has room for this case');
      expect(within(refusal).queryByRole('button')).not.toBeInTheDocument();
    });
  });

  it('keeps what was entered when the case page renders again a moment later (its defaults are fixed at opening)', async () => {
    // The clock stands still unless the test moves it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = userEvent.setup();
    const details = buildCaseDetails({ technologists: [{ username: 'priya', name: 'Priya Raman' }] });
    const dataProvider = fakeDataProvider({ chrome: menuForRole('admin') });
    const authProvider = fakeAuthProvider(buildUser({ username: 'admin' }));
    const dialog = (caseDetails: typeof details) => (
      <AdminContext dataProvider={dataProvider} authProvider={authProvider}>
        <HandoverDialog details={caseDetails} onClose={() => undefined} />
      </AdminContext>
    );
    const { rerender } = render(dialog(details));
    const note = await screen.findByRole('textbox', { name: 'Note' });
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: /From/ })).toHaveTextContent('Priya Raman'),
    );
    await enterText(user, note, 'Stable overnight');
    // The case is refreshed (a new object, as after a refetch) a minute later.
    vi.setSystemTime(Date.now() + 60_000);
    rerender(dialog({ ...details }));
    // A form reset would run in an effect of that render, and its fields take the reset values as it runs.
    await act(async () => undefined);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Stable overnight');
  });
});
