import { screen, waitFor } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * Opens the select or autocomplete `field`, clicks its option `name`, and waits until the field shows the
 * choice: a choice that did not take would otherwise surface only later, as a form that sends nothing, or
 * waits for a field hidden behind a list still open.
 */
export async function chooseOption(
  user: Pick<UserEvent, 'click'>,
  field: HTMLElement,
  name: string | RegExp,
) {
  await user.click(field);
  await user.click(await screen.findByRole('option', { name }));
  await waitFor(() => {
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field instanceof HTMLInputElement ? field.value : (field.textContent ?? '')).toMatch(name);
  });
}
