import type { UserEvent } from '@testing-library/user-event';

/**
 * Puts `text` into a field the way a user pasting it would: a click that leaves the caret at the end of what is
 * there, then one input event with the whole text. The form checks and saves it just as it would typed text, but
 * it re-renders once instead of once per key, which in the whole app costs seconds per sentence.
 */
export async function enterText(user: Pick<UserEvent, 'click' | 'paste'>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
