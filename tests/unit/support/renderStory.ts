import { act, screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Leaves the field being edited, then clicks the button. The forms validate on blur, and react-admin's
 * SaveButton is disabled while validating; user-event presses and releases within one tick, so a blur
 * caused by the press itself would disable the button before the release and swallow the click.
 */
export async function submitWith(user: UserEvent, name: string, container: HTMLElement = document.body) {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) act(() => active.blur());
  const button = await screen.findByRole('button', { name, hidden: false });
  if (!container.contains(button)) throw new Error(`The ${name} button is not in the given container`);
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
}
