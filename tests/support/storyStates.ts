import type { StoryContext } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';

/**
 * What the stories of a page's loading and read-error states check (with the fake API's `pending` and
 * `failures`), so a story fails when its state is no longer drawn.
 */

type Canvas = StoryContext['canvas'];

/**
 * A list's loading story: still loading when checked (.storybook/preview.tsx); react-admin's placeholder
 * table has blank column headers, axe's minor `empty-table-header` (its markup, not the app's).
 */
export const LIST_LOADING = {
  stillLoading: true,
  a11y: { config: { rules: [{ id: 'empty-table-header', enabled: false }] } },
};

/** A list still loading: its level-one heading, the app bar's progress indicator, and no rows yet. */
export async function expectListLoading(canvas: Canvas, heading: string) {
  await expect(await canvas.findByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect((await canvas.findAllByRole('progressbar'))[0]).toBeVisible();
  await expect(canvas.queryAllByRole('cell').filter((cell) => cell.textContent?.trim())).toEqual([]);
}

/**
 * A page still reading its record: it has asked for it (`GET path`, seen by the story's `onRequest` spy,
 * so not the spinner of its code still loading), and shows react-admin's page spinner and "Loading".
 */
export async function expectPageLoading(canvas: Canvas, onRequest: unknown, path: string) {
  await waitFor(() =>
    expect(onRequest).toHaveBeenCalledWith(expect.objectContaining({ method: 'GET', path })),
  );
  await expect(await canvas.findByText('Loading')).toBeVisible();
  await expect(canvas.getAllByRole('progressbar')[0]).toBeVisible();
}

/** A read that failed, shown on the page: `message` (the server's reason in it), and Try again. */
export async function expectReadFailed(canvas: Canvas, message: string) {
  await expect(await canvas.findByText(message)).toBeVisible();
  await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
}
