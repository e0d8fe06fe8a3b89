import { expect, type Locator, type Page } from '@playwright/test';
import { clickUntil } from './openPage';

type Scope = Locator | Page;

const pageOf = (scope: Scope): Page => ('keyboard' in scope ? scope : scope.page());

/** Clicks the option `name` of the open list until the list closes (`clickUntil`: a lost click is clicked again). */
async function clickOptionUntilChosen(page: Page, name: string) {
  const option = page.getByRole('option', { name, exact: true });
  const list = page.getByRole('listbox');
  await expect(option).toBeVisible();
  await clickUntil(option, `The option "${name}" was chosen`, {
    undone: () => list.isVisible(),
    done: () => expect(list).toHaveCount(0, { timeout: 10_000 }),
  });
}

/** Chooses `name` in the select labelled `label` within `scope`, and sees it chosen in the field. */
export async function choose(scope: Scope, label: string | RegExp, name: string) {
  const field = scope.getByRole('combobox', { name: label });
  await field.click();
  await clickOptionUntilChosen(pageOf(scope), name);
  await expect(field).toHaveText(name);
}

/** Types `typed` in the autocomplete labelled `label`, chooses `name` among what it offers, and sees it chosen. */
export async function chooseTyped(scope: Scope, label: string | RegExp, typed: string, name: string) {
  const field = scope.getByRole('combobox', { name: label });
  await field.fill(typed);
  await clickOptionUntilChosen(pageOf(scope), name);
  await expect(field).toHaveValue(name);
}
