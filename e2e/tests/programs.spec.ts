import { expect, test, type Locator, type Page } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, mainMenu, signInAs, signOut } from '../fixtures/demo-accounts';
import { searchList } from '../fixtures/lists';

// Unique per run: other journeys may create programs in the same database.
const suffix = Date.now().toString(36).toUpperCase().slice(-6);
const CODE = `Q-E2E-${suffix}`;
const TITLE = `Welding Fabrication Inspector ${suffix}`;

async function addModule(page: Page, module: { code: string; title: string; type: string; member: string; nonMember: string; pass: string }) {
  await page.getByRole('button', { name: 'Add module' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add module' });
  await dialog.getByLabel('Module Code').fill(module.code);
  await dialog.getByLabel('Module Title').fill(module.title);
  await dialog.getByLabel('Examination Type').selectOption(module.type);
  await dialog.getByLabel('Pass Percentage').fill(module.pass);
  await dialog.getByRole('textbox', { name: 'Member Fee', exact: true }).fill(module.member);
  await dialog.getByRole('textbox', { name: 'Non Member Fee', exact: true }).fill(module.nonMember);
  await dialog.getByRole('button', { name: 'Add module' }).click();
  await expect(dialog).toBeHidden();
}

function rowOf(table: Locator, text: string) {
  return table.getByRole('row').filter({ hasText: text });
}

test('the super user builds and publishes a Qualification program, which the applicant then finds and reads', async ({ page }) => {
  // A long journey through every part of a program (over a minute when the machine is busy).
  test.setTimeout(240_000);
  await signInAs(page, '/admin/login', DEMO.superUser);
  await mainMenu(page).getByRole('link', { name: 'Programs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Programs' })).toBeVisible();
  await page.getByRole('link', { name: 'Add program' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New program' })).toBeVisible();

  // The shared schema's message, at the field, for a lower-case code; nothing is sent.
  const code = page.getByLabel('Program Code');
  await code.fill(CODE.toLowerCase());
  await page.getByRole('button', { name: 'Create program' }).click();
  await expect(page.getByText('All characters should be CAPS and Only special character allowed is a hyphen (-)')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/programs\/new$/);

  // A code that another program holds is reported while typing.
  await code.fill('Q-WELD-INSP');
  await expect(page.getByText('Program Code already exists')).toBeVisible();

  await code.fill(CODE);
  await page.getByLabel('Program Title').fill(TITLE);
  await page.getByLabel('Program Type').selectOption({ label: 'Qualification' });
  await page.getByLabel('Program Manager').selectOption({ label: `Sam Super (${DEMO.superUser})` });
  await page.getByRole('textbox', { name: 'Program Declaration' }).fill('I declare that the work I submit is my own.');
  await page.getByLabel('Program Tooltips').fill('Bring photo identification to every examination.');
  await page.getByRole('button', { name: 'Create program' }).click();

  await expect(page.getByRole('heading', { level: 1, name: `${CODE} · ${TITLE}` })).toBeVisible();
  await expect(page.locator('[data-status="Created"]')).toBeVisible();
  await expect(page.getByTestId('program-completeness')).toContainText('Program Module is required');

  await page.getByRole('tab', { name: 'Modules' }).click();
  await addModule(page, { code: 'FAB-1', title: 'Fabrication codes and standards', type: 'Online', member: '150', nonMember: '210.5', pass: '70' });
  await addModule(page, { code: 'FAB-2', title: 'Practical inspection', type: 'Practical', member: '300', nonMember: '375', pass: '65.5' });
  const modules = page.getByRole('table', { name: 'Modules' });
  await expect(rowOf(modules, 'FAB-1')).toContainText('150.00');
  await expect(rowOf(modules, 'FAB-1')).toContainText('210.50');
  await expect(rowOf(modules, 'FAB-2')).toContainText('300.00');

  await page.getByRole('tab', { name: 'Instructions' }).click();
  await page.getByRole('button', { name: 'Add instruction' }).click();
  const instructionDialog = page.getByRole('dialog', { name: 'Add instruction' });
  await instructionDialog.getByLabel('Applicant Instruction').fill('Upload a certified copy of your trade certificate.');
  await instructionDialog.getByRole('button', { name: 'Add instruction' }).click();
  await expect(instructionDialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Applicant instructions' })).toContainText('Upload a certified copy of your trade certificate.');

  await page.getByRole('tab', { name: 'Requirements' }).click();
  await page.getByRole('button', { name: 'Add requirement' }).click();
  const requirementDialog = page.getByRole('dialog', { name: 'Add requirement' });
  await requirementDialog.getByLabel('Requirement Code').fill('EXP-3Y');
  await requirementDialog.getByLabel('Requirement Description').fill('Three years of fabrication experience.');
  await requirementDialog.getByRole('button', { name: 'Add requirement' }).click();
  await expect(requirementDialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Requirements' })).toContainText('EXP-3Y');

  await page.getByRole('tab', { name: 'Program users' }).click();
  await page.getByRole('button', { name: 'Add program user' }).click();
  const userDialog = page.getByRole('dialog', { name: 'Add program user' });
  await userDialog.getByLabel('User').selectOption({ label: `Casey Contributor (${DEMO.contributor})` });
  const roles = userDialog.getByRole('group', { name: 'Roles' });
  await roles.getByLabel('Assessor').check();
  await roles.getByLabel('Examiner').check();
  await userDialog.getByRole('button', { name: 'Add user' }).click();
  await expect(userDialog).toBeHidden();
  const caseyRow = rowOf(page.getByRole('table', { name: 'Program users' }), 'Casey Contributor');
  await expect(caseyRow).toContainText('Assessor');
  await expect(caseyRow).toContainText('Examiner');
  await expect(page.getByTestId('program-assessors')).toHaveText('Casey Contributor');

  await expect(page.getByTestId('program-completeness')).toContainText('Ready to publish');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const publishDialog = page.getByRole('dialog', { name: `Publish ${CODE}?` });
  await publishDialog.getByRole('button', { name: 'Publish program' }).click();
  await expect(publishDialog).toBeHidden();
  await expect(page.locator('[data-status="Published"]')).toBeVisible();
  // Code and type are fixed once published.
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByLabel('Program Code')).toBeDisabled();

  await signOut(page);
  await signInAs(page, '/student/login', DEMO.applicant);
  const published = page.getByTestId('published-programs-table');
  await searchList(page, page.getByLabel('Search programs'), CODE, published);
  await expect(rowOf(published, CODE)).toContainText('Not Applied');
  await published.getByRole('link', { name: CODE }).click();

  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page.getByTestId('program-instructions')).toContainText('Upload a certified copy of your trade certificate.');
  await expect(page.getByTestId('program-requirements')).toContainText('Three years of fabrication experience.');
  const applicantModules = page.getByRole('table', { name: 'Modules' });
  await expect(rowOf(applicantModules, 'FAB-1')).toContainText('150.00');
  await expect(rowOf(applicantModules, 'FAB-1')).toContainText('210.50');
  await expect(rowOf(applicantModules, 'FAB-2')).toContainText('375.00');
  await expect(page.getByTestId('program-declaration')).toHaveText('I declare that the work I submit is my own.');
  await expect(page.getByText('Bring photo identification to every examination.')).toBeVisible();
});

test('staff who serve on a program without managing it read it, without the staff directory they may not see', async ({ page }) => {
  const directoryRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/programuser/assignable')) directoryRequests.push(request.url());
  });
  await signInAs(page, '/admin/login', DEMO.contributor);
  await mainMenu(page).getByRole('link', { name: 'Programs' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Programs');
  await page.getByTestId('programs-table').getByRole('link', { name: 'Q-WELD-INSP', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Q-WELD-INSP · ');
  await expect(page.getByLabel('Program Manager')).toBeDisabled();
  await expect(page.getByLabel('Program Manager').locator('option:checked')).toHaveText('Alex Administrator');
  await expect(page.getByText('Could not load', { exact: false })).toHaveCount(0);
  await page.getByRole('tab', { name: 'Program users' }).click();
  await expect(page.getByRole('table', { name: 'Program users' })).toContainText('Casey Contributor');
  await expect(page.getByRole('button', { name: 'Add program user' })).toHaveCount(0);
  expect(directoryRequests).toEqual([]);
});

test.describe('accessibility of the program screens', () => {
  // axe-core is injected as a script, which the app's CSP rightly forbids; only these tests bypass it.
  test.use({ bypassCSP: true });

  test('axe-core finds no serious violation on the program form, with its messages showing', async ({ page }) => {
    await signInAs(page, '/admin/login', DEMO.superUser);
    await page.goto('/admin/programs/new');
    await page.getByLabel('Program Type').selectOption({ label: 'Qualification' });
    await page.getByRole('button', { name: 'Create program' }).click();
    await expect(page.getByText('Program Declaration is required')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('axe-core finds no serious violation on the Programs list and a published program page', async ({ page }) => {
    await signInAs(page, '/admin/login', DEMO.superUser);
    await page.goto('/admin/programs');
    await expect(page.getByTestId('programs-table').getByRole('link').first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await signOut(page);
    await signInAs(page, '/student/login', DEMO.applicant);
    await page.getByTestId('published-programs-table').getByRole('link').first().click();
    await expect(page.getByRole('heading', { name: 'Instructions' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
