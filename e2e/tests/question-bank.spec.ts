import { expect, test, type Page } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, mainMenu, signInAs } from '../fixtures/demo-accounts';
import { searchList } from '../fixtures/lists';

// Unique per run: other journeys may add to the same database.
const suffix = Date.now().toString(36).toUpperCase().slice(-5);
const SUBJECT = `Brazing and soldering ${suffix}`;
const TAG = `Torch brazing ${suffix}`;
const MODULE_TEST = `Brazing module exam ${suffix}`;
const TRIAL_TEST = `Brazing practice exam ${suffix}`;

async function choose(page: Page, label: 'Subjects' | 'Tags', option: string) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
  await page.keyboard.press('Escape');
}

async function newQuestion(page: Page, type: string, content: string, fillOptions: () => Promise<void>) {
  await page.getByRole('link', { name: 'Add question' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New question' })).toBeVisible();
  await page.getByLabel('Question Type').selectOption(type);
  await page.getByRole('textbox', { name: 'Content' }).fill(content);
  await choose(page, 'Subjects', SUBJECT);
  await choose(page, 'Tags', TAG);
  await fillOptions();
  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Libraries' })).toBeVisible();
}

async function addReference(page: Page, tab: 'Subjects' | 'Tags', noun: 'subject' | 'tag', title: string) {
  await page.getByRole('tab', { name: tab }).click();
  await page.getByRole('button', { name: `Add ${noun}` }).click();
  const dialog = page.getByRole('dialog', { name: `Add ${noun}` });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('button', { name: `Add ${noun}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: tab })).toContainText(title);
}

async function newTest(page: Page, test: { title: string; type: 'Trial' | 'Module'; marks: string; withModule: boolean }) {
  await mainMenu(page).getByRole('link', { name: 'Examinations' }).click();
  await page.getByRole('link', { name: 'Add test' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New test' })).toBeVisible();
  await page.getByLabel('Title').fill(test.title);
  await page.getByLabel('Test Type').selectOption({ label: test.type });
  await page.getByLabel('Program Type').selectOption({ label: 'Qualification' });
  if (test.withModule) await page.getByLabel('Program Module').selectOption({ label: 'Q-WELD-INSP · IWI-M1 Welding processes and equipment' });
  await page.getByLabel('Overall Time').fill('45');
  await page.getByLabel('Minimum Time').fill('15');
  await page.getByLabel('Total Test Marks').fill('0');
  await page.getByLabel('Description').fill(`${test.type} exam on brazing and soldering.`);
  await page.getByRole('textbox', { name: 'Instruction' }).fill('Answer every question. You may leave after 15 minutes.');
  await page.getByRole('button', { name: 'Create test' }).click();
  // The spec's message for a number under 1, at the field; nothing is sent.
  await expect(page.getByText('Too less')).toBeVisible();
  await page.getByLabel('Total Test Marks').fill(test.marks);
  await page.getByRole('button', { name: 'Create test' }).click();
  await expect(page.getByRole('heading', { level: 1, name: test.title })).toBeVisible();
  await expect(page.locator('[data-status="Draft"]')).toBeVisible();
}

/** Opens the picker, filters the bank by this run's subject, chooses questions by text, adds them. */
async function addQuestions(page: Page, opener: string, texts: string[], marks: string, section: string) {
  await page.getByRole('button', { name: opener, exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Add questions from the bank' });
  await picker.getByLabel('Subject').selectOption({ label: SUBJECT });
  for (const text of texts) {
    await picker.getByRole('row').filter({ hasText: text }).getByRole('checkbox').check();
  }
  await picker.getByLabel('Add to section').selectOption({ label: section });
  await picker.getByLabel('Marks for each').fill(marks);
  await picker.getByRole('button', { name: texts.length === 1 ? 'Add 1 question' : `Add ${texts.length} questions` }).click();
  await expect(picker).toBeHidden();
}

async function publish(page: Page, title: string) {
  await page.getByTestId('test-status-actions').getByRole('button', { name: 'Publish' }).click();
  const dialog = page.getByRole('dialog', { name: `Publish ${title}?` });
  const confirm = dialog.getByRole('button', { name: 'Publish test' });
  // A click as the dialog opens was lost once on a busy machine (CI, 6 Dec: the dialog stayed open,
  // nothing sent): wait for the request the click sends, and click again only when none went out.
  await expect(async () => {
    const sent = page.waitForRequest((request) => request.method() === 'POST' && /\/api\/tests\/[^/]+\/publish$/.test(request.url()), { timeout: 5_000 });
    await confirm.click();
    await sent;
  }).toPass({ timeout: 60_000 });
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-status="Published"]')).toBeVisible();
}

test('staff write a question of each type, build a sectioned module test and an unsectioned trial test, publish both and clone one', async ({ page }) => {
  // About 80 steps: 1.3 min alone, over 2 min beside three other browsers on two busy cores.
  test.setTimeout(240_000);
  await signInAs(page, '/admin/login', DEMO.superUser);
  await mainMenu(page).getByRole('link', { name: 'Libraries' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Libraries' })).toBeVisible();

  await addReference(page, 'Subjects', 'subject', SUBJECT);
  await addReference(page, 'Tags', 'tag', TAG);
  await page.getByRole('tab', { name: 'Questions' }).click();

  await newQuestion(page, 'General Single Answer', 'Which filler metal family is used to braze copper to copper without flux?', async () => {
    await page.getByLabel('Option 1', { exact: true }).fill('Copper-phosphorus (BCuP)');
    await page.getByLabel('Option 2', { exact: true }).fill('Tin-lead solder');
    await page.getByRole('radio', { name: 'Option 1 is correct' }).check();
  });
  await newQuestion(page, 'Multiple Answer', 'Which conditions give a sound brazed joint?', async () => {
    await page.getByLabel('Option 1', { exact: true }).fill('A clean joint surface');
    await page.getByLabel('Option 2', { exact: true }).fill('A joint clearance of about 0.05 to 0.2 mm');
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByLabel('Option 3', { exact: true }).fill('Heating the filler rod directly');
    await page.getByRole('checkbox', { name: 'Option 1 is correct' }).check();
    await page.getByRole('checkbox', { name: 'Option 2 is correct' }).check();
  });
  await newQuestion(page, 'Descriptive', 'Describe how capillary action draws the filler metal into a brazed joint.', async () => {
    await page.getByRole('switch', { name: 'Candidates may upload an answer paper' }).check();
  });
  await newQuestion(page, 'Fill In The Blank', 'Brazing takes place above ____ degrees Celsius; below it the process is soldering.', async () => {
    await page.getByRole('textbox', { name: 'Accepted answer 1' }).fill('450');
  });

  // The four questions are in the bank, found by their subject.
  await page.getByRole('textbox', { name: 'Subjects' }).click();
  await page.getByRole('option', { name: SUBJECT }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('range-text')).toHaveText('Showing 1 to 4 of 4');
  for (const type of ['General Single Answer', 'Multiple Answer', 'Descriptive', 'Fill In The Blank']) {
    await expect(page.getByTestId('questions-table').getByText(type, { exact: true })).toBeVisible();
  }

  // A module test in two sections.
  await newTest(page, { title: MODULE_TEST, type: 'Module', marks: '6', withModule: true });
  const content = page.getByTestId('test-content');
  for (const title of ['Filler metals', 'Joint design']) {
    await content.getByRole('button', { name: 'Add section' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add section' });
    await dialog.getByLabel('Section Title').fill(title);
    await dialog.getByRole('button', { name: 'Add section' }).click();
    await expect(dialog).toBeHidden();
  }
  await addQuestions(page, 'Add questions to Filler metals', ['Which filler metal family', 'Brazing takes place above'], '2', 'Filler metals');
  await expect(page.getByTestId('marks-total')).toHaveText('Marks total: 4 of 6 Total Test Marks');
  await expect(page.getByTestId('publish-problems')).toContainText('The question marks total 4 but Total Test Marks is 6');
  await addQuestions(page, 'Add questions to Joint design', ['sound brazed joint', 'capillary action'], '1', 'Joint design');
  await expect(page.getByTestId('marks-total')).toHaveText('Marks total: 6 of 6 Total Test Marks');
  await expect(page.getByTestId('marks-summary')).toContainText('Marks match');
  await expect(page.getByRole('region', { name: 'Section Filler metals' })).toContainText('2 questions · 4 marks');
  await publish(page, MODULE_TEST);
  // Published: the content can no longer change.
  await expect(content.getByRole('button', { name: 'Add section' })).toHaveCount(0);

  // An unsectioned trial test: every question in the default section, Questions.
  await newTest(page, { title: TRIAL_TEST, type: 'Trial', marks: '5', withModule: false });
  await addQuestions(page, 'Add questions', ['Which filler metal family', 'Brazing takes place above', 'sound brazed joint', 'capillary action'], '1', 'Questions (no section)');
  await expect(page.getByTestId('marks-total')).toHaveText('Marks total: 4 of 5 Total Test Marks');
  await expect(page.getByTestId('marks-summary')).toContainText('Marks do not match');
  // Publishing is refused while the marks differ, with the reason.
  await page.getByTestId('test-status-actions').getByRole('button', { name: 'Publish' }).click();
  const refused = page.getByRole('dialog', { name: `Publish ${TRIAL_TEST}?` });
  await refused.getByRole('button', { name: 'Publish test' }).click();
  await expect(refused).toContainText('The question marks total 4 but Total Test Marks is 5: make them equal before publishing');
  await refused.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('region', { name: 'Section Questions' }).getByRole('textbox', { name: /^Marks for Q-/ }).first().fill('2');
  await page.getByRole('heading', { level: 2, name: 'Sections and questions' }).click();
  await expect(page.getByTestId('marks-total')).toHaveText('Marks total: 5 of 5 Total Test Marks');
  await publish(page, TRIAL_TEST);

  // Clone the trial test without its sections: a new draft with the details only.
  await page.getByTestId('test-status-actions').getByRole('button', { name: 'Clone' }).click();
  const clone = page.getByRole('dialog', { name: `Clone ${TRIAL_TEST}` });
  await expect(clone.getByLabel('Title of the new test')).toHaveValue(`${TRIAL_TEST} (copy)`);
  await clone.getByLabel('Copy the sections and their questions').uncheck();
  await clone.getByRole('button', { name: 'Clone test' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${TRIAL_TEST} (copy)` })).toBeVisible();
  await expect(page.locator('[data-status="Draft"]')).toBeVisible();
  await expect(page.getByText('Cloned from')).toBeVisible();
  await expect(page.getByTestId('marks-total')).toHaveText('Marks total: 0 of 5 Total Test Marks');

  // Both published tests are in the list.
  await mainMenu(page).getByRole('link', { name: 'Examinations' }).click();
  await searchList(page, page.getByRole('searchbox', { name: 'Search' }), suffix, page.getByTestId('tests-table'));
  await page.getByLabel('Status').selectOption({ label: 'Published' });
  await expect(page.getByTestId('range-text')).toHaveText('Showing 1 to 2 of 2');
});

test.describe('accessibility of the question bank and test screens', () => {
  // axe-core is injected as a script, which the app's CSP rightly forbids; only these tests bypass it.
  test.use({ bypassCSP: true });

  test('axe-core finds no serious violation on the bank, the question form with its messages, and the import preview', async ({ page }) => {
    await signInAs(page, '/admin/login', DEMO.superUser);
    await page.goto('/admin/libraries');
    await expect(page.getByTestId('questions-table').getByRole('link').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/admin/libraries/questions/new');
    await page.getByLabel('Question Type').selectOption('General Single Answer');
    await page.getByRole('button', { name: 'Create question' }).click();
    await expect(page.getByText('Content is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.goto('/admin/libraries?tab=import');
    await page.locator('input[type="file"]').setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from('Type,Content\nSingle,Which?\nDescriptive,Explain.') });
    await page.getByRole('button', { name: 'Check file' }).click();
    await expect(page.getByTestId('import-preview')).toContainText('Subjects are required');
    expect(await seriousViolations(page)).toEqual([]);

    // A Moodle file: what the bank has no place for is listed before anything is imported (issue 45 item 23).
    await page.getByText('Moodle XML', { exact: true }).click();
    const moodle = `<quiz><question type="category"><category><text>$course$/top/Brazing</text></category><info format="html"><text>Torch and furnace brazing.</text></info></question>
      <question type="essay"><name><text>Flux</text></name><questiontext format="html"><text>Why is flux needed?</text></questiontext><defaultgrade>3</defaultgrade>
      <hint format="html"><text>Think of oxides.</text></hint><tags><tag><text>Fluxes</text></tag></tags></question></quiz>`;
    await page.locator('input[type="file"]').setInputFiles({ name: 'bank.xml', mimeType: 'application/xml', buffer: Buffer.from(moodle) });
    await page.getByRole('button', { name: 'Check file' }).click();
    const leftOut = page.getByTestId('import-left-out');
    await expect(leftOut).toContainText('The name of 1 question was left out');
    await expect(leftOut).toContainText('The description of the category "Brazing" was left out');
    const row = page.getByRole('table', { name: 'Import preview' }).getByRole('row', { name: /Question 1 \(Flux\)/ });
    await expect(row).toContainText('Hints were left out (a question here is answered once, without hints): "Think of oxides."');
    await expect(row).toContainText('The default mark of 3 was left out');
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('axe-core finds no serious violation on the tests list and a published test with its sections', async ({ page }) => {
    await signInAs(page, '/admin/login', DEMO.superUser);
    await page.goto('/admin/examinations');
    // Other files add tests side by side: the demo test is found by searching, not by its place on page one.
    await searchList(page, page.getByRole('searchbox', { name: 'Search' }), 'IWI-M1 module exam', page.getByTestId('tests-table'));
    await page.getByRole('link', { name: /IWI-M1 module exam/ }).click();
    await expect(page.getByTestId('marks-summary')).toContainText('Marks match');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('tab', { name: /Sections and questions/ }).click();
    await expect(page.getByRole('region', { name: 'Section Welding processes' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
