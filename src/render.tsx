import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Bootstrap } from './Bootstrap';
import type { Started } from './startLoading';

/** Mounts the app on index.html's #root, showing what `startLoading` asked for. */
export function render(started: Started) {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <Bootstrap started={started} />
    </StrictMode>,
  );
}
