import { expect, test, type Page } from '../fixtures/test';
import { fillDay } from '../fixtures/journey';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, mainMenu, signInAs } from '../fixtures/demo-accounts';

/** Where the journeys leave a picture of the calculator, for a person to look at. */
const SCREENSHOTS = '../.tmp/e2e-results/range-of-qualification';

/** A whole page from the top (a full-page picture taken scrolled down draws the fixed header mid-page). */
async function snapshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true });
}

async function enterPlateButtWeld(page: Page): Promise<void> {
  await page.getByLabel('Welding process', { exact: true }).selectOption('135');
  await page.getByLabel('Transfer mode', { exact: true }).selectOption('short-circuit');
  await page.getByLabel('Product type', { exact: true }).selectOption('Plate');
  await page.getByLabel('Joint type', { exact: true }).selectOption('BW');
  await page.getByLabel('Test piece thickness t (mm)').fill('10');
  await page.getByLabel('Welding position', { exact: true }).selectOption('PF');
  await page.getByLabel('Filler material type', { exact: true }).selectOption('S');
  await page.getByLabel('Filler material group', { exact: true }).selectOption('FM1');
  await page.getByLabel('Backing and consumable insert').selectOption('ss nb');
}

test('staff open the calculator from Utilities and read the range of a 135 plate butt weld', async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.superUser);
  await mainMenu(page).getByRole('link', { name: 'Utilities' }).click();
  await page.getByRole('link', { name: 'Range of qualification calculator' }).click();
  await expect(page).toHaveURL(/\/admin\/utilities\/range-of-qualification$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Range of qualification' })).toBeVisible();

  await enterPlateButtWeld(page);
  const result = page.getByTestId('range-result');
  await expect(result.getByTestId('range-thickness')).toHaveText('3 mm to 20 mm');
  await expect(result.getByTestId('range-positions')).toHaveText('PA, PF');
  await expect(result.getByTestId('range-designation')).toHaveText('ISO 9606-1 135 P BW FM1 S s10 PF ss nb');
  await expect(result.getByTestId('range-reasons')).toContainText('Process 135 with s 10 mm (3 mm to below 12 mm) qualifies 3 mm to 2s: 3 mm to 20 mm.');
  await expect(result.getByTestId('range-reasons')).toContainText('ISO 9606-1 5.7');
  await snapshot(page, 'staff-plate-butt');

  // The range follows the variables: a thicker test piece qualifies 3 mm and up.
  await page.getByLabel('Test piece thickness t (mm)').fill('12');
  await expect(result.getByTestId('range-thickness')).toHaveText('3 mm and up');

  // An impossible variable is refused at its field, never ranged; a butt weld is not even offered PB or PD.
  await page.getByLabel('Test piece thickness t (mm)').fill('0');
  await expect(page.getByText('Test piece thickness must be more than 0 mm')).toBeVisible();
  await expect(result).toContainText('These variables cannot be ranged');
  await expect(page.getByLabel('Welding position', { exact: true }).locator('option')).toHaveText([
    'Select a position',
    'PA: flat',
    'PC: horizontal',
    'PE: overhead',
    'PF: vertical upwards',
    'PG: vertical downwards',
  ]);
  await page.getByLabel('Test piece thickness t (mm)').fill('10');
  await expect(result.getByTestId('range-thickness')).toHaveText('3 mm to 20 mm');
  await expect(result.getByTestId('range-positions')).toHaveText('PA, PF');

  // Print uses the browser's print dialog on a print-friendly page.
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => {
      (window as unknown as { printed: number }).printed += 1;
    };
  });
  await page.getByRole('button', { name: 'Print' }).click();
  expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
  await expect(page.getByLabel('Welding process', { exact: true })).toBeHidden();
  await expect(result.getByTestId('range-thickness')).toBeVisible();
  await snapshot(page, 'staff-print');
});

test('an applicant opens the calculator from their home page', async ({ page }) => {
  await signInAs(page, '/student/login', DEMO.applicant);
  await page.getByRole('link', { name: 'Range of qualification calculator' }).click();
  await expect(page).toHaveURL(/\/student\/range-of-qualification$/);

  // A pipe in PH with a supplementary fillet test, and the validity dates from the test date.
  await page.getByLabel('Welding process', { exact: true }).selectOption('111');
  await page.getByLabel('Product type', { exact: true }).selectOption('Pipe');
  await page.getByLabel('Joint type', { exact: true }).selectOption('BW');
  await page.getByLabel('Test piece thickness t (mm)').fill('8');
  await page.getByLabel('Pipe outside diameter D (mm)').fill('60.3');
  await page.getByLabel('Welding position', { exact: true }).selectOption('PH');
  await page.getByLabel('Filler material type', { exact: true }).selectOption('B');
  await page.getByLabel('Filler material group', { exact: true }).selectOption('FM1');
  await page.getByLabel('Backing and consumable insert').selectOption('ss nb');
  await page.getByLabel('Layer technique', { exact: true }).selectOption('ml');
  await page.getByLabel('Additional joint type test').selectOption('FW');
  await page.getByLabel('Product type of the fillet test').selectOption('Pipe');
  await page.getByLabel('Position of the fillet test').selectOption('PB');
  await fillDay(page.getByRole('textbox', { name: 'Test date' }), '2007-01-20');

  const result = page.getByTestId('range-result');
  await expect(result.getByTestId('range-thickness')).toHaveText('3 mm to 16 mm');
  await expect(result.getByTestId('range-positions')).toHaveText('PA, PE, PF');
  await expect(result.getByTestId('range-product')).toHaveText('plate; pipe D 30.15 mm and up');
  await expect(result.getByTestId('range-filler-types')).toHaveText('A, RA, RB, RC, RR, R, B');
  await expect(result).toContainText('PA, PB; sl, ml; 3 mm and up');
  await expect(result.getByTestId('range-validity')).toContainText('9.3 a) new test by: 20-Jan-2010');
  await expect(result.getByTestId('range-validity')).toContainText('9.3 b) revalidation by: 20-Jan-2009');
  await expect(result.getByTestId('range-validity')).toContainText('First confirmation due: 20-Jul-2007');
  await snapshot(page, 'applicant-pipe');
});

test('the calculator is not in the menu of staff without Utilities', async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.contributor);
  await expect(mainMenu(page).getByRole('link', { name: 'Utilities' })).toHaveCount(0);
  await page.goto('/admin/utilities/range-of-qualification');
  await expect(page.getByText('You do not have access to this area.')).toBeVisible();
});

test.describe('accessibility', () => {
  // axe-core is injected as a script, which the app's CSP rightly forbids; only these tests bypass it.
  test.use({ bypassCSP: true });

  test('axe-core finds no serious or critical violation on the calculator with a range shown', async ({ page }) => {
    await signInAs(page, '/admin/login', DEMO.superUser);
    await page.goto('/admin/utilities/range-of-qualification');
    await enterPlateButtWeld(page);
    await expect(page.getByTestId('range-thickness')).toHaveText('3 mm to 20 mm');
    expect(await seriousViolations(page)).toEqual([]);
  });
});
