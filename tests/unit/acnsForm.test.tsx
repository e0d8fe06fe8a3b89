import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '../../contract/paths';
import { renderCaseRecords, recordStoryOf as stories } from './support/renderCasePart';
import { sentRequest } from './support/requests';

type User = ReturnType<typeof userEvent.setup>;

/**
 * The field labelled `label` (a required one's label ends in " *"). Found by its label: asking for each
 * field's role by name computes the name of every field of the form in jsdom, most of a second per lookup.
 */
const labelled = (label: string) => (text: string) => text.replace(/\W*\*$/, '') === label;
const field = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(labelled(label));

/** Opens a select with the keyboard and picks the option whose name starts with `option`. */
async function choose(user: User, dialog: HTMLElement, label: string, option: string) {
  const select = field(dialog, label);
  expect(select).toHaveRole('combobox');
  select.focus();
  await user.keyboard('{Enter}');
  const listbox = await screen.findByRole('listbox');
  const options = within(listbox).getAllByRole('option');
  const at = options.findIndex((found) => found.textContent?.startsWith(option));
  if (at < 0) throw new Error(`No option "${option}" in ${label}`);
  const selected = options.findIndex((found) => found.getAttribute('aria-selected') === 'true');
  const steps = at - Math.max(selected, 0);
  if (steps !== 0) await user.keyboard(steps > 0 ? `{ArrowDown>${steps}/}` : `{ArrowUp>${-steps}/}`);
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

async function openNewInterpretation() {
  const onRequest = vi.fn();
  renderCaseRecords(stories.Interpretations, { onRequest });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add interpretation' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add interpretation' });
  return { user, dialog, onRequest };
}

describe('the ACNS terminology form', () => {
  it('is filled with the keyboard and sent as structured fields, then listed in ACNS abbreviations', async () => {
    const { user, dialog, onRequest } = await openNewInterpretation();
    await choose(user, dialog, 'Continuity', 'burst-suppression');
    await choose(user, dialog, 'Reactivity', 'unreactive');
    within(dialog).getByRole('button', { name: 'Add pattern' }).focus();
    await user.keyboard('{Enter}');
    await choose(user, dialog, 'Main term 1', 'L:');
    await choose(user, dialog, 'Main term 2', 'PD:');
    await choose(user, dialog, 'Prevalence', 'frequent');
    field(dialog, 'Frequency (Hz)').focus();
    await user.keyboard('1');
    within(dialog).getByLabelText(/^\+F/).focus();
    await user.keyboard(' ');
    within(dialog).getByRole('button', { name: 'Add seizure' }).focus();
    await user.keyboard('{Enter}');
    await choose(user, dialog, 'Class', 'ESz');
    await choose(user, dialog, 'Lateralization', 'left');
    field(dialog, 'Duration (s)').focus();
    await user.keyboard('95');
    field(dialog, 'Seizure burden (% of the period)').focus();
    // Ctrl+Enter saves from any field.
    await user.keyboard('4{Control>}{Enter}{/Control}');

    await waitFor(() =>
      expect(onRequest).toHaveBeenCalledWith(
        sentRequest(
          'POST',
          API_PATHS.caseRecords(1, 'interpretations'),
          expect.objectContaining({
            acnsBackground: expect.objectContaining({
              continuity: 'burst-suppression',
              reactivity: 'unreactive',
              pdrAbsent: false,
            }),
            patterns: [
              expect.objectContaining({
                mainTerm1: 'L',
                mainTerm2: 'PD',
                prevalence: 'frequent',
                frequencyHz: 1,
                plus: ['F'],
              }),
            ],
            acnsSeizures: [
              expect.objectContaining({ class: 'ESz', lateralization: 'left', durationSeconds: 95 }),
            ],
            seizureBurdenPercent: 4,
          }),
        ),
      ),
    );
    expect(await screen.findByText('LPD+F, frequent, 1 Hz; ESz')).toBeInTheDocument();
  });

  it('says which plus modifiers a pattern takes, and sends nothing until it is right', async () => {
    const { user, dialog, onRequest } = await openNewInterpretation();
    await user.click(within(dialog).getByRole('button', { name: 'Add pattern' }));
    await choose(user, dialog, 'Main term 1', 'G:');
    await choose(user, dialog, 'Main term 2', 'RDA:');
    await user.click(within(dialog).getByLabelText(/^\+R/));
    await user.click(within(dialog).getByRole('button', { name: 'Add interpretation' }));
    expect(await within(dialog).findByText('RDA takes +F or +S, not +R')).toBeInTheDocument();
    expect(onRequest).not.toHaveBeenCalledWith(
      sentRequest('POST', API_PATHS.caseRecords(1, 'interpretations')),
    );
  });

  it('shows the ACNS 2021 definition a finding strays from, on its field, and sends nothing until it is right', async () => {
    const { user, dialog, onRequest } = await openNewInterpretation();
    await user.click(within(dialog).getByRole('button', { name: 'Add pattern' }));
    await choose(user, dialog, 'Main term 1', 'G:');
    await choose(user, dialog, 'Main term 2', 'RDA:');
    await user.type(field(dialog, 'Frequency (Hz)'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Add interpretation' }));
    expect(await within(dialog).findByText('RDA is 0.5–4 Hz (ACNS 2021)')).toBeInTheDocument();
    expect(onRequest).not.toHaveBeenCalledWith(
      sentRequest('POST', API_PATHS.caseRecords(1, 'interpretations')),
    );
  });

  it('does not mark a pattern just added: its missing main terms are said when the reader leaves a field', async () => {
    const { user, dialog } = await openNewInterpretation();
    await user.click(within(dialog).getByRole('button', { name: 'Add pattern' }));
    const mainTerm1 = field(dialog, 'Main term 1');
    expect(within(dialog).queryByText(/is required/)).toBeNull();

    fireEvent.focus(mainTerm1);
    fireEvent.blur(mainTerm1);
    expect(await within(dialog).findByText(/^Main term 1 is required/)).toBeInTheDocument();
    // Only the field left is marked, not the others of the pattern.
    expect(within(dialog).queryByText(/^Main term 2 is required/)).toBeNull();
  });

  it('says what a pattern lacks on save, and a second pattern added then is not marked', async () => {
    const { user, dialog, onRequest } = await openNewInterpretation();
    await user.click(within(dialog).getByRole('button', { name: 'Add pattern' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add interpretation' }));
    expect(await within(dialog).findByText(/^Main term 1 is required/)).toBeInTheDocument();
    expect(within(dialog).getByText(/^Main term 2 is required/)).toBeInTheDocument();
    expect(onRequest).not.toHaveBeenCalledWith(
      sentRequest('POST', API_PATHS.caseRecords(1, 'interpretations')),
    );

    await user.click(within(dialog).getByRole('button', { name: 'Add pattern' }));
    await waitFor(() => expect(within(dialog).getAllByLabelText(labelled('Main term 1'))).toHaveLength(2));
    const [first, added] = within(dialog)
      .getAllByLabelText(labelled('Main term 1'))
      .map((select) => select.closest('li') as HTMLElement);
    expect(within(first).getByText(/^Main term 1 is required/)).toBeInTheDocument();
    expect(within(added).queryByText(/is required/)).toBeNull();
  });
});
