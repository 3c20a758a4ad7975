import { expect, test, type Page } from '../fixtures/test';
import { generate } from 'otplib';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, signOut } from '../fixtures/demo-accounts';
import { personAt, registerApplicant } from '../fixtures/journey';

/**
 * Two-step sign-in (decision 020) on the screens, with an applicant of this file (never a demo
 * account, which other files sign in with a password alone): turned on from the profile, then a
 * sign-in with a code computed here from the secret shown, and one with a recovery code, once.
 */

/**
 * The code an authenticator app shows at the next 30-second step: the server accepts one step of
 * drift, and never a step it has already accepted, so this is fresh whenever the test asks.
 */
function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/student/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('an applicant turns two-step sign-in on, then signs in with a code from the app and with a recovery code once', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const person = await registerApplicant(request, { firstName: 'Tess', lastName: 'Totp', emailPrefix: 'e2e.mfa', password: 'Two-step-2026-pass' });
  const page = await personAt(browser, '/student/login', person.email, person.password);

  // Profile -> Two-step sign-in.
  await page.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Profile' }).click();
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  // The QR code and the key to type in instead.
  await expect(section.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('mfa-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(await seriousViolations(page)).toEqual([]);

  // A wrong code is refused and said so; the right one turns it on and shows the recovery codes once.
  await section.getByLabel('Authentication code').fill('000000');
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(section.getByRole('alert')).toContainText('That code is not right');
  await section.getByLabel('Authentication code').fill(await generate({ secret }));
  await section.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const codesList = section.getByRole('list', { name: 'Recovery codes' });
  await expect(codesList.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = (await codesList.getByRole('listitem').allTextContents()).map((code) => code.trim());
  for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
  await expect(section.getByRole('button', { name: 'Download codes' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await section.getByRole('button', { name: 'Done' }).click();
  await expect(section.getByText('On', { exact: true })).toBeVisible();
  await expect(section).toContainText('Recovery codes left: 10');
  await signOut(page);

  // The password alone no longer signs in: a second step asks for the code, focused.
  await passwordStep(page, person.email, person.password);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toBeFocused();
  await expect(page).toHaveURL(/\/student\/login$/);
  expect(await seriousViolations(page)).toEqual([]);
  await codeField.fill('123456');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right');
  await codeField.fill(await nextCode(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/student\/applicantHome$/);
  await expect(page.getByTestId('signed-in-email')).toHaveText(person.email);
  await signOut(page);

  // A recovery code instead of the app: it works once.
  const [recoveryCode] = recoveryCodes;
  await passwordStep(page, person.email, person.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await expect(page.getByLabel('Recovery code')).toBeFocused();
  await page.getByLabel('Recovery code').fill(recoveryCode!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/student\/applicantHome$/);
  await signOut(page);

  await passwordStep(page, person.email, person.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCode!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right, or has already been used');
  await expect(page).toHaveURL(/\/student\/login$/);
  await page.context().close();
});

test('staff find two-step sign-in under Security in the header, off on the embedded default', async ({ browser }) => {
  const page = await personAt(browser, '/admin/login', DEMO.contributor);
  await page.getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveURL(/\/admin\/security$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign-in security');
  const section = page.getByRole('region', { name: 'Two-step sign-in' });
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn on two-step sign-in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.context().close();
});
