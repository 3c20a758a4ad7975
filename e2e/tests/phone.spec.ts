import { expect, test, type APIRequestContext, type Locator, type Page } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, signInAs } from '../fixtures/demo-accounts';
import { acceptedQualificationApplication, issueInvoice, signInApi } from '../fixtures/api-setup';
import { DEMO_TRIAL, quickCopyOf } from '../fixtures/exam-setup';
import { registerApplicant } from '../fixtures/journey';

/**
 * Issue 21 item 12: the platform on a phone (the `phone` project: 390 x 844, touch). Nothing a
 * person needs is hidden or cut off at the side: the public pages' links are behind a menu button,
 * lists show their actions and whole sentences, and the exam keeps its question on screen.
 */

// axe-core is injected as a script, which the app's CSP rightly forbids: these pages bypass it to be checked.
test.use({ bypassCSP: true });

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** The element's box, which must be on the page. */
async function boxOf(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

/** Wholly within the screen's width: nothing of it is cut off at the side. */
async function expectWithinWidth(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  const box = await boxOf(locator);
  const width = page.viewportSize()!.width;
  expect(box.x, 'starts on the screen').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'ends on the screen').toBeLessThanOrEqual(width);
}

test('the public pages on a phone: a menu button opens Exam schedule and Personnel search', async ({ page }) => {
  await page.goto('/student/login');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The header's links do not fit: they are behind the menu button.
  await expect(page.getByRole('navigation', { name: 'Public pages' })).toBeHidden();
  const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('navigation', { name: 'Public pages' })).toBeVisible();
  await expect(menu.getByRole('link')).toHaveText(['Exam schedule', 'Personnel search', 'AICIP personnel search']);
  expect(await seriousViolations(page)).toEqual([]);

  await menu.getByRole('link', { name: 'Personnel search', exact: true }).click();
  await expect(page).toHaveURL(/\/personnel-search$/);
  await expect(menu).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Personnel search', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Exam schedule' }).click();
  await expect(page).toHaveURL(/\/schedule$/);
  await expect(page.getByRole('heading', { name: 'Exam schedule', level: 1 })).toBeVisible();
});

/** A trial of this test's own (the demo trial's copy, with a question that takes answer papers) and an applicant of its own, signed in. */
async function applicantWithTrial(page: Page, request: APIRequestContext, firstName: string) {
  const staffJwt = await signInApi(request, DEMO.superUser);
  const trial = await quickCopyOf(request, staffJwt, DEMO_TRIAL, `Phone practice ${Date.now()}`, { search: 'ISO 5817 quality level C', marks: 2 });
  const applicant = await registerApplicant(request, { firstName, lastName: 'Phone', emailPrefix: 'phone', password: 'Phone-applicant-2026!' });
  await signInAs(page, '/student/login', applicant.email, applicant.password);
  return trial;
}

/** The page does not scroll sideways: everything is within the screen's width. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 'the page is no wider than the screen').toBeLessThanOrEqual(0);
}

async function openFromApplicantMenu(page: Page, item: 'Applications' | 'Documents' | 'Examinations'): Promise<void> {
  // The applicant menu is behind its button on a phone.
  await page.getByRole('button', { name: 'Toggle applicant menu' }).click();
  await page.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: item }).click();
  await expect(page.getByRole('heading', { name: item, level: 1 })).toBeVisible();
}

test("an applicant's lists on a phone show their actions and their whole sentences", async ({ page, request }) => {
  const trial = await applicantWithTrial(page, request, 'Pia');

  await openFromApplicantMenu(page, 'Applications');
  // Empty lists say so in full, not "No" cut off at the screen's edge.
  await expectWithinWidth(page, page.getByText('No applications yet. Open a program from your home page to apply.'));
  await expectWithinWidth(page, page.getByText('No awards yet.'));
  await expectNoSidewaysScroll(page);

  // A document: its card has View and Remove on screen.
  await openFromApplicantMenu(page, 'Documents');
  const fileName = 'Phone photo of my ticket.pdf';
  await page.getByTestId('document-upload').locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  const documents = page.getByRole('list', { name: 'Documents' });
  await expectWithinWidth(page, documents.getByRole('button', { name: `View ${fileName}` }));
  await expectWithinWidth(page, documents.getByRole('button', { name: `Remove ${fileName}` }));
  await expectNoSidewaysScroll(page);

  await openFromApplicantMenu(page, 'Examinations');
  // Below md the trials are cards, each with its Start button on screen.
  const card = page.getByRole('list', { name: 'Trial exams' }).getByRole('listitem').filter({ hasText: trial.title });
  await expect(card).toContainText('Questions');
  await expectWithinWidth(page, card.getByRole('link', { name: `Start ${trial.title}` }));
  await expectWithinWidth(page, page.getByText('No examinations to show.'));
  // The four filters fit the screen (one above the other).
  await expectWithinWidth(page, page.getByRole('radiogroup', { name: 'Examinations to show' }));
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a trial exam on a phone keeps its question on screen under a small header, and its QR button inside its card', async ({ page, request }) => {
  const trial = await applicantWithTrial(page, request, 'Quinn');
  await openFromApplicantMenu(page, 'Examinations');
  await page.getByRole('link', { name: `Start ${trial.title}` }).click();

  // The sticky header that names the exam, with the time left and End.
  const header = page.locator('header[aria-label="Exam"]');
  const firstQuestion = page.getByRole('heading', { name: 'Question 1 of 11' });
  await expect(firstQuestion).toBeVisible();
  // The exam's header stays at the top, but small: the question shows below it on the first screen.
  const headerBox = await boxOf(header);
  expect(headerBox.height, 'the sticky header is at most a sixth of the screen').toBeLessThanOrEqual(844 / 6);
  await expectWithinWidth(page, header.getByRole('button', { name: 'End trial exam' }));
  await expect(header.getByRole('timer')).toBeVisible();
  const questionBox = await boxOf(firstQuestion);
  expect(questionBox.y).toBeGreaterThanOrEqual(headerBox.y + headerBox.height);
  expect(questionBox.y + questionBox.height).toBeLessThanOrEqual(844 / 2);
  // How to answer, in words; never the question type's internal name; the counts as they are (items 8 and 9).
  await expect(page.getByTestId('question')).toContainText(/Choose one answer|Choose all answers that apply|Type your answer|Write your answer/);
  await expect(page.getByTestId('question')).not.toContainText(/General Single Answer|Multiple Answer|Fill In The Blank/);
  await expect(page.getByTestId('count-not-answered')).toHaveText('11');

  // The question that takes answer papers: its QR button stays inside its card.
  await page.getByRole('navigation', { name: 'Questions' }).getByRole('button', { name: /^Question 11:/ }).click();
  await expect(page.getByRole('heading', { name: 'Question 11 of 11' })).toBeVisible();
  const paper = page.getByTestId('answer-paper');
  const showQr = paper.getByRole('button', { name: 'Show QR code to upload photos of your working' });
  await showQr.scrollIntoViewIfNeeded();
  await expectWithinWidth(page, showQr);
  const paperBox = await boxOf(paper);
  const buttonBox = await boxOf(showQr);
  expect(buttonBox.x).toBeGreaterThanOrEqual(paperBox.x);
  expect(buttonBox.x + buttonBox.width).toBeLessThanOrEqual(paperBox.x + paperBox.width);
  expect(buttonBox.y + buttonBox.height).toBeLessThanOrEqual(paperBox.y + paperBox.height);
  // Scrolled to the end, the header still takes only its small band at the top.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(async () => (await boxOf(header)).y).toBeLessThanOrEqual(1);
  expect((await boxOf(header)).height).toBeLessThanOrEqual(844 / 6);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test("staff on a phone: the header keeps to the screen and the menu holds Security", async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.accountAdmin);
  await expectWithinWidth(page, page.getByRole('button', { name: 'Logout' }));
  await expect(page.getByRole('banner').getByRole('link', { name: 'Security' })).toBeHidden();
  await page.getByRole('button', { name: 'Toggle main menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expectNoSidewaysScroll(page);
});

test('the certificate template designer on a phone says it needs a wider window, and opens once the window is wide enough', async ({ page }) => {
  // Issue 45 item 14: the spec's screen-width helper sends a narrow window away from a screen that cannot work in it.
  await signInAs(page, '/admin/login', DEMO.accountAdmin);
  await page.goto('/admin/libraries/certificate-templates/new');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This screen needs a wider window');
  await expect(page).toHaveURL(/\/admin\/wider-window\?/);
  await expect(page.getByText('at least 768 px wide', { exact: false })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
  // A tablet turned sideways: the designer opens by itself.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('New certificate template');
  await expect(page).toHaveURL(/\/admin\/libraries\/certificate-templates\/new$/);
});

/** At least 44 x 44 CSS pixels: a target a finger hits (WCAG 2.5.5). */
async function expectTouchTarget(locator: Locator): Promise<void> {
  const box = await boxOf(locator);
  expect(box.width, 'wide enough for a finger').toBeGreaterThanOrEqual(44);
  expect(box.height, 'tall enough for a finger').toBeGreaterThanOrEqual(44);
}

test("an applicant's invoice on a phone: Pay and Download on screen", async ({ page, request }) => {
  // Its own application, assessed and invoiced through the API calls the staff screens make.
  const application = await acceptedQualificationApplication(request, 'Q-WELD-INSP', {
    firstName: 'Ria',
    lastName: 'Phone',
    emailPrefix: 'phone.invoice',
    password: 'Phone-invoice-2026!',
    timeZone: 'Australia/Sydney',
    answerText: 'Six years of structural steel inspection.',
  });
  await issueInvoice(request, application, { 'IWI-M1': 'required', 'IWI-M2': 'notTaken', 'IWI-M3': 'notTaken' });
  await signInAs(page, '/student/login', application.email, application.password);
  await page.goto(`/student/applications/qualificationapplication/${application.id}`);
  const section = page.getByTestId('invoices-and-payments');
  const invoices = section.getByRole('list', { name: 'Invoices' });
  await expect(invoices.getByTestId('row-card')).toHaveCount(1);
  await expectWithinWidth(page, invoices.getByRole('link', { name: 'Pay' }));
  await expectWithinWidth(page, invoices.getByRole('button', { name: /^Download .* as PDF$/ }));
  // Issue 45 item 14: Pay and Download are a finger's size (Pay was 23 px wide), Pay the card's width.
  await expectTouchTarget(invoices.getByRole('link', { name: 'Pay' }));
  await expectTouchTarget(invoices.getByRole('button', { name: /^Download .* as PDF$/ }));
  expect((await boxOf(invoices.getByRole('link', { name: 'Pay' }))).width).toBeGreaterThan((await boxOf(invoices.getByTestId('row-card'))).width / 2);
  // The history is a card per move, not a table cut at the screen's edge.
  const history = page.getByRole('list', { name: 'Application history' });
  await expect(history.getByTestId('row-card').first()).toContainText('From');
  await expectWithinWidth(page, history.getByTestId('row-card').first());
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // The program's modules and fees: a card per module, every fee on screen.
  await page.goto(`/student/programs/${application.programId}`);
  const modules = page.getByTestId('program-modules').getByRole('list', { name: 'Modules' });
  const firstModule = modules.getByTestId('row-card').filter({ hasText: 'IWI-M1' });
  await expectWithinWidth(page, firstModule.getByText('Non Member Fee ($)'));
  await expectWithinWidth(page, firstModule.getByText('Pass Mark'));
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test("an employer's tables on a phone scroll inside a region that shows there is more", async ({ page }) => {
  await signInAs(page, '/employer/login', DEMO.companyCoordinator);
  // The company's users: the coordinator is always among them (the confirmations due change as other journeys confirm).
  await page.goto('/employer/users');
  await expect(page.getByRole('table', { name: 'Company users' }).getByRole('row', { name: new RegExp(DEMO.companyCoordinator.replace(/[.]/g, '\\.')) })).toBeVisible();
  // Issue 45 item 14: the table, wider than the phone, scrolls within the screen in a region a keyboard reaches, its side shadowed.
  const region = page.getByRole('region', { name: 'Company users' });
  await expectWithinWidth(page, region);
  await expect(region).toHaveAttribute('tabindex', '0');
  await expect(region).toHaveAttribute('data-scroll-cue', 'shadow');
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth), 'the table goes on beyond the screen').toBe(true);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});
