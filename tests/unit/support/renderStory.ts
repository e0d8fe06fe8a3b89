import { act, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Leaves the field being edited, then clicks the button. The forms validate on blur, and react-admin's
 * SaveButton is disabled while validating; user-event presses and releases within one tick, so a blur
 * caused by the press itself would disable the button before the release and swallow the click. The button
 * must be in `container` (a dialog, say), and the only one of that name there.
 */
export async function submitWith(user: UserEvent, name: string, container: HTMLElement = document.body) {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) act(() => active.blur());
  // Looked for in the container only: computing every button's name across the whole app is what costs.
  const button = await within(container).findByRole('button', { name, hidden: false });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}
