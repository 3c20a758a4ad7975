import { expect, test } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe';

// axe-core is injected as a script, which the app's CSP rightly forbids; only these tests bypass it.
test.use({ bypassCSP: true });

for (const path of ['/student/login', '/admin/login']) {
  test(`axe-core finds no serious or critical violation on ${path}`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
