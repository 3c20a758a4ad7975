import { expect, test } from '../fixtures/test';
import { DEMO, mainMenu, signInAs } from '../fixtures/demo-accounts';

// A 1x1 PNG; unique question text per run, since other journeys share the database.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const CONTENT = `Name the joint shown in the drawing ${Date.now().toString(36).toUpperCase().slice(-5)}.`;

test('staff insert an uploaded image into a question, and it shows after saving, open without signing in', async ({ page, request }) => {
  await signInAs(page, '/admin/login', DEMO.superUser);
  await mainMenu(page).getByRole('link', { name: 'Libraries' }).click();
  await page.getByRole('link', { name: 'Add question' }).click();
  await page.getByLabel('Question Type').selectOption('Descriptive');
  await page.getByRole('textbox', { name: 'Content' }).fill(CONTENT);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Insert image' }).click();
  await (await chooser).setFiles({ name: 'butt joint.png', mimeType: 'image/png', buffer: PNG });
  const inserted = page.getByTestId('question-content-editor').getByRole('img', { name: 'butt joint' });
  await expect(inserted).toHaveAttribute('src', /^\/unauth\/questionimage\/attachments\/[0-9a-f-]{36}\.png$/);
  for (const [label, option] of [['Subjects', 'Welding processes'], ['Tags', 'MMAW']] as const) {
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
    await page.keyboard.press('Escape');
  }
  await page.getByRole('button', { name: 'Create question' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Libraries' })).toBeVisible();

  await page.getByRole('link', { name: new RegExp(CONTENT.slice(0, 30)) }).click();
  const saved = page.getByTestId('question-content-editor').getByRole('img', { name: 'butt joint' });
  await expect(saved).toBeVisible();
  await expect.poll(() => saved.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
  // The image opens without a session: the request fixture shares no cookie or token with the page.
  const anonymous = await request.get((await saved.getAttribute('src')) ?? '');
  expect(anonymous.status()).toBe(200);
  expect(anonymous.headers()['content-type']).toBe('image/png');
});
