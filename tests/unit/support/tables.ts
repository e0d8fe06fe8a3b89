import { screen, waitFor, within } from '@testing-library/react';

/** The cells of each row of a table, as text (a header row gives an empty list). */
export const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    );

/** The cells of each body row of a table (the header row left out), as text. */
export const bodyRowsOf = (table: HTMLElement) => rowsOf(table).slice(1);

/**
 * The page's table once it shows `text`. While a list reads, react-admin draws a placeholder table (after a
 * second, so only on a busy machine), which a test must not take for the list it waits for.
 */
export async function tableShowing(text: string | RegExp) {
  await waitFor(() => within(screen.getByRole('table')).getAllByText(text));
  return screen.getByRole('table');
}
