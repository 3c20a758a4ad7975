import { expect, test } from '../fixtures/test';
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

test('axe-core finds no serious or critical violation with a notification showing', async ({ page }) => {
  // Uma User (role User): no journey reads times as her, and journeys run beside this test.
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill('user@demo.local');
  await page.getByLabel('Password').fill('Demo1234!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/userHome$/);
  await page.getByLabel('Time zone').selectOption('Australia/Brisbane');
  await expect(page.getByText('Time zone saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Close notification' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // Leave the demo user as it was.
  await page.getByLabel('Time zone').selectOption('Australia/Sydney');
  await expect(page.getByText('Times are now shown in Sydney time.')).toBeVisible();
});
