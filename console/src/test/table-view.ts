import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import { signIn } from './render';

/** Three renders and a dozen clicks in jsdom: well past the 5 s default on the shared 2-core machines. */
export const VIEW_TEST_MS = 30_000;

interface ViewCheck {
  /** Renders the list page (its API already stubbed); returns what unmounts it. */
  renderList(): { unmount(): void };
  /** The test id of its rows. */
  rowTestId: string;
  /** What names a row in the order checks (its first cell's text, an id attribute...). */
  rowName(row: HTMLElement): string | undefined;
  /** A header to sort by, and the rows' names once sorted by it descending (two clicks). */
  sortBy: string;
  sortedDescending: string[];
  /** A column to hide through the column chooser. */
  hide: string;
  /** The role of the signed-in users (admins see the admin lists). */
  role: number;
}

const header = (label: string) => screen.queryByRole('columnheader', { name: new RegExp(`^${label}`) });
const sortButton = (label: string) => within(header(label) as HTMLElement).getByRole('button');

async function rowNames(check: ViewCheck): Promise<(string | undefined)[]> {
  return (await screen.findAllByTestId(check.rowTestId)).map(check.rowName);
}

/**
 * One user sorts a list by a header and hides a column; the same user finds both again after the
 * page is left and opened anew, and another user signed in on the same browser has the list as it
 * comes, with every column.
 */
export async function expectViewKeptPerUser(check: ViewCheck): Promise<void> {
  signIn(check.role, 41);
  const first = check.renderList();
  const asServed = await rowNames(check);
  expect(asServed, 'the rows must be served in another order than the one chosen').not.toEqual(check.sortedDescending);
  fireEvent.click(sortButton(check.sortBy));
  fireEvent.click(sortButton(check.sortBy));
  expect(await rowNames(check)).toEqual(check.sortedDescending);
  expect(header(check.sortBy)?.getAttribute('aria-sort')).toBe('descending');
  fireEvent.click(within(screen.getByTestId('column-chooser')).getByRole('checkbox', { name: check.hide }));
  expect(header(check.hide), 'hidden at once').toBeNull();
  first.unmount();

  const again = check.renderList();
  expect(await rowNames(check), 'the same user keeps the sort').toEqual(check.sortedDescending);
  expect(header(check.hide), 'and the hidden column').toBeNull();
  again.unmount();

  signIn(check.role, 42);
  check.renderList();
  expect(await rowNames(check), 'another user has the rows as served').toEqual(asServed);
  expect(header(check.hide), 'and every column').not.toBeNull();
}
