import { expect, test, type Page } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, mainMenu, signInAs } from '../fixtures/demo-accounts';

// axe is injected into the page, which the app's CSP would refuse.
test.use({ bypassCSP: true });

const TITLE = `Designer check ${Date.now().toString(36).toUpperCase().slice(-5)}`;

const preview = (page: Page) => page.getByRole('img', { name: 'Live preview of the certificate with sample values' });
const renderCount = async (page: Page) => Number(await preview(page).getAttribute('data-render-count'));
const canvasImage = (page: Page) => preview(page).evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());

test('staff place a field in the designer and the live preview moves it; the screens pass axe', async ({ page }) => {
  await signInAs(page, '/admin/login', DEMO.accountAdmin);
  await mainMenu(page).getByRole('link', { name: 'Libraries' }).click();
  await page.getByRole('link', { name: 'Certificate templates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Certificate templates' })).toBeVisible();
  // The demo's default template, used by every demo program.
  await expect(page.getByRole('link', { name: 'Default certificate' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('link', { name: 'New template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New certificate template' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill(TITLE);
  await expect.poll(() => renderCount(page)).toBeGreaterThan(0);
  await expect(page.getByRole('status').filter({ hasText: 'Preview up to date' })).toBeVisible();
  const before = await canvasImage(page);
  const handle = page.getByRole('button', { name: /^Holder name at x/ });
  const handleBefore = (await handle.boundingBox())!;

  // Typed: the holder's name goes to x 150, left-aligned; the server draws it there.
  const holderName = page.getByRole('group', { name: 'Holder name' });
  const previewAsked = page.waitForResponse(
    (response) => response.url().endsWith('/api/certificatetemplate/preview') && (response.request().postData() ?? '').includes('"field":"holderName","x":150,'),
  );
  const rendered = await renderCount(page);
  await holderName.getByRole('textbox', { name: 'X', exact: true }).fill('150');
  await holderName.getByRole('textbox', { name: 'Alignment', exact: true }).click();
  await page.getByRole('option', { name: 'Left', exact: true }).click();
  expect((await previewAsked).status()).toBe(200);
  await expect.poll(() => renderCount(page)).toBeGreaterThan(rendered);
  await expect.poll(() => canvasImage(page)).not.toBe(before);
  const handleAfter = (await handle.boundingBox())!;
  expect(handleAfter.x).toBeLessThan(handleBefore.x - 50);
  await expect(handle).toHaveAccessibleName(/^Holder name at x 150, y 230\./);

  // Keyboard: Shift+Arrow moves it 10 points, and the inputs follow.
  await handle.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect(holderName.getByRole('textbox', { name: 'X', exact: true })).toHaveValue('160');
  await expect(holderName.getByRole('textbox', { name: 'Y', exact: true })).toHaveValue('231');

  // Dragged with the mouse: 40 screen pixels to the right (in the middle of the window, clear of the header).
  await handle.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + 5, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 45, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(async () => Number(await holderName.getByRole('textbox', { name: 'X', exact: true }).inputValue())).toBeGreaterThan(180);
  await expect(page.getByRole('status').filter({ hasText: 'Preview up to date' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Save template' }).click();
  await expect(page.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/libraries\/certificate-templates\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Programs' })).toBeVisible();
});
