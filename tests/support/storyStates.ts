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

/** The story's `onRequest` spy has seen `GET path`. */
const expectAsked = (onRequest: unknown, path: string) =>
  waitFor(() => expect(onRequest).toHaveBeenCalledWith(expect.objectContaining({ method: 'GET', path })));

/**
 * A page drawn while one of its reads is pending: its level-one `heading`, and the `GET path` it has asked
 * for (seen by the story's `onRequest` spy); what stands in for the pending part is the story's to check.
 */
export async function expectStillReading(canvas: Canvas, onRequest: unknown, path: string, heading: string) {
  await expect(await canvas.findByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expectAsked(onRequest, path);
}

/**
 * A page drawn while the rows of its table are read: its `heading`, the `GET path` it asked for, and the
 * table named `table` with grey rows.
 */
export async function expectTableLoading(
  canvas: Canvas,
  onRequest: unknown,
  { path, heading, table }: { path: string; heading: string; table: string },
) {
  await expectStillReading(canvas, onRequest, path, heading);
  await expect(canvas.getByRole('table', { name: table })).toBeVisible();
}

/**
 * A page still reading its record: it has asked for it (`GET path`, seen by the story's `onRequest` spy,
 * so not the spinner of its code still loading), and shows react-admin's page spinner and "Loading".
 */
export async function expectPageLoading(canvas: Canvas, onRequest: unknown, path: string) {
  await expectAsked(onRequest, path);
  await expect(await canvas.findByText('Loading')).toBeVisible();
  await expect(canvas.getAllByRole('progressbar')[0]).toBeVisible();
}

/** A read that failed, shown on the page: `message` (the server's reason in it), and Try again. */
export async function expectReadFailed(canvas: Canvas, message: string) {
  await expect(await canvas.findByText(message)).toBeVisible();
  await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
}
