import type { KeyboardEvent } from 'react';

/** Ctrl+Enter (⌘+Enter) submits the form it is pressed in, even in a text area where Enter is a new line. */
export function submitOnCtrlEnter(event: KeyboardEvent) {
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey))
    (event.target as HTMLElement).closest('form')?.requestSubmit();
}
