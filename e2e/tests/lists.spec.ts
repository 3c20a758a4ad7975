import { expect, test } from '../fixtures/test';
import { DEMO, mainMenu, signInAs } from '../fixtures/demo-accounts';
import { searchList } from '../fixtures/lists';

const TEST_TITLE = 'IWI-M1 module exam: welding processes and equipment';

/**
 * Issue 23: a person presses a row's link while the list is refreshing for what they typed. The
 * answer re-renders the table between the press and the release; the row must stay the same
 * element, so the click still opens the record. (The demo tests are only read here.)
 */
test('a row link pressed while the list refreshes still opens the record', async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.superUser);
  await mainMenu(page).getByRole('link', { name: 'Examinations' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Examinations');
  const table = page.getByTestId('tests-table');
  const search = page.getByRole('searchbox', { name: 'Search' });
  await searchList(page, search, 'IWI-M1 module', table);
  const link = table.getByRole('link', { name: TEST_TITLE, exact: true });
  await expect(link).toBeVisible();

  // The next answer is held until the link is pressed.
  let releaseAnswer: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (releaseAnswer = resolve));
  await page.route(/\/api\/tests\/pagination\?.*IWI-M1(\+|%20)module(\+|%20)exam/, async (route) => {
    await held;
    await route.continue();
  });
  const answered = page.waitForResponse(/\/api\/tests\/pagination\?.*IWI-M1(\+|%20)module(\+|%20)exam/);
  await search.fill('IWI-M1 module exam');
  await expect(table).toHaveAttribute('aria-busy', 'true');

  const box = await link.boundingBox();
  expect(box).not.toBeNull();
  await page.mouse.move(box!.x + 4, box!.y + box!.height / 2);
  await page.mouse.down();
  releaseAnswer();
  await answered;
  await expect(table).toHaveAttribute('aria-busy', 'false');
  await page.mouse.up();

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(TEST_TITLE);
});
