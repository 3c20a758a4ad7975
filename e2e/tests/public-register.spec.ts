import { expect, test, type Browser, type Page } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { personAt, registerApplicant } from '../fixtures/journey';

/**
 * The public register and certificate verification (issue 16, decision 021), as a visitor sees
 * them without signing in. The demo holder (Harper Holder, holder@demo.local) holds a current
 * C-WELD-SUP certification and an AICIP-PIPE award on hold; this file only reads them.
 */
const HOLDER = 'Harper Holder';

/** A visitor in a browser of their own, never signed in (axe is injected, so the CSP is bypassed). */
async function visitor(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ bypassCSP: true });
  return context.newPage();
}

async function searchRegister(page: Page, endpoint: 'search' | 'aicip', term: string, searchBy?: string): Promise<void> {
  if (searchBy) await page.getByLabel('Search by').selectOption(searchBy);
  await page.getByRole('textbox', { name: 'Search for' }).fill(term);
  const answered = page.waitForResponse((response) => response.url().endsWith(`/unauth/application/companyreports/${endpoint}`));
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  expect((await answered).status()).toBe(200);
}

test('a visitor finds the demo holder in the personnel search and opens the verification page, which says current', async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto('/personnel-search');
  await expect(page.getByRole('heading', { level: 1, name: 'Personnel search' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // Too short a search is refused at the field, before the server is asked.
  await page.getByRole('textbox', { name: 'Search for' }).fill('%%a');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Enter at least 3 letters or digits to search')).toBeVisible();

  await searchRegister(page, 'search', HOLDER, 'Name');
  const table = page.getByRole('table', { name: 'Personnel search results' });
  const row = table.getByRole('row').filter({ hasText: 'C-WELD-SUP' });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('rowheader')).toHaveText(HOLDER);
  await expect(row).toContainText('Current');
  // The AICIP award is in the AICIP register only; no email or member number is shown.
  await expect(table.getByRole('row').filter({ hasText: 'AICIP-PIPE' })).toHaveCount(0);
  await expect(table).not.toContainText('holder@demo.local');
  expect(await seriousViolations(page)).toEqual([]);

  const link = row.getByRole('link', { name: /^Verify certificate / });
  const certificateNumber = (await link.textContent())!.trim();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/verify/${encodeURIComponent(certificateNumber)}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate verification' })).toBeVisible();
  const status = page.getByTestId('verification-status');
  await expect(status.getByRole('heading', { name: 'Current' })).toBeVisible();
  await expect(status).toContainText('This certificate is valid.');
  await expect(page.getByText(HOLDER)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the AICIP register lists the demo inspector on hold, and the certificate its QR code opens says it is not valid at present', async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto('/aicip-personnel-search');
  await expect(page.getByRole('heading', { level: 1, name: 'AICIP personnel search' })).toBeVisible();
  await searchRegister(page, 'aicip', 'Holder');
  const table = page.getByRole('table', { name: 'AICIP personnel search results' });
  const row = table.getByRole('row').filter({ hasText: 'AICIP-PIPE' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('On hold');
  await expect(table.getByRole('row').filter({ hasText: 'C-WELD-SUP' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // What scanning the certificate's QR code opens: PUBLIC_URL/verify/{number}.
  const certificateNumber = (await row.getByRole('link', { name: /^Verify certificate / }).textContent())!.trim();
  await page.goto(`/verify/${encodeURIComponent(certificateNumber)}`);
  const status = page.getByTestId('verification-status');
  await expect(status.getByRole('heading', { name: 'On hold' })).toBeVisible();
  await expect(status).toContainText('This certificate is not valid at present.');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a number that no certificate has is said so plainly', async ({ browser }) => {
  const page = await visitor(browser);
  await page.goto('/personnel-search');
  await page.getByRole('textbox', { name: 'Certificate number' }).fill(`NO-SUCH-${Date.now()}`);
  await page.getByRole('button', { name: 'Check certificate' }).click();
  await expect(page).toHaveURL(/\/verify\/NO-SUCH-\d+$/);
  await expect(page.getByRole('alert')).toContainText('No certificate has this number');
  expect(await seriousViolations(page)).toEqual([]);
});

test('an applicant leaves the public register from their profile, and the choice is kept', async ({ browser, request }) => {
  const person = await registerApplicant(request, { firstName: 'Rowan', lastName: 'Register', emailPrefix: 'e2e.register', password: 'Register-2026-opt' });
  const applicant = await personAt(browser, '/student/login', person.email, person.password);
  await applicant.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Profile' }).click();
  const listed = applicant.getByRole('switch', { name: 'List me in the public register of certificate holders' });
  await expect(listed).toBeChecked();
  expect(await seriousViolations(applicant)).toEqual([]);
  await listed.click();
  await expect(listed).not.toBeChecked();
  const saved = applicant.waitForResponse((response) => response.url().endsWith('/api/applicant/save'));
  await applicant.getByRole('button', { name: 'Save details' }).click();
  expect((await saved).status()).toBe(200);
  await applicant.reload();
  await expect(applicant.getByRole('switch', { name: 'List me in the public register of certificate holders' })).not.toBeChecked();
});
