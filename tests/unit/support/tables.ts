import { within } from '@testing-library/react';

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
