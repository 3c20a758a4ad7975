import { expect, test } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, signInAs } from '../fixtures/demo-accounts';
import { signInApi } from '../fixtures/api-setup';
import { DEMO_TRIAL, quickCopyOf } from '../fixtures/exam-setup';


// Issue 21 item 6: a trial is practice. It can be ended at any time, after a confirmation, and the
// candidate finds the way back to Examinations without the browser's Back button.
test('a trial exam can be ended at once with a confirmation, and leads back to Examinations', async ({ browser, request }) => {
  const staffJwt = await signInApi(request, DEMO.superUser);
  const trial = await quickCopyOf(request, staffJwt, DEMO_TRIAL, `IWI practice exam, ended early ${Date.now()}`);

  // axe is injected as a script: the page's CSP would refuse it.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signInAs(page, '/student/login', DEMO.applicant);
  await page.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Examinations' }).click();
  await page.getByRole('link', { name: `Start ${trial.title}` }).click();
  await expect(page.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeVisible();
  await page.getByRole('radio', { name: 'MMAW (SMAW)', exact: true }).check();

  // No minimum time: ending is offered at once, and asks first.
  const end = page.getByRole('button', { name: 'End trial exam' });
  await expect(end).toBeEnabled();
  await expect(page.getByTestId('submit-wait')).toHaveCount(0);
  await end.click();
  const dialog = page.getByRole('dialog', { name: 'End this trial exam?' });
  await expect(dialog).toContainText('Your score and the correct answers are shown next.');
  expect(await seriousViolations(page)).toEqual([]);
  // Changing one's mind keeps the exam going.
  await dialog.getByRole('button', { name: 'Keep answering' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: /^Question 1 of \d+$/ })).toBeVisible();
  await end.click();
  await page.getByRole('dialog', { name: 'End this trial exam?' }).getByRole('button', { name: 'End trial', exact: true }).click();

  await expect(page).toHaveURL(/\/student\/examinations\/trial\/[0-9a-f-]{36}\/review$/);
  await expect(page.getByTestId('trial-score')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // The way back sits at the end of the review too.
  await page.getByRole('link', { name: 'Back to Examinations' }).last().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Examinations');
  await expect(page.getByRole('table', { name: 'Your examinations' })).toContainText(trial.title);
  await context.close();
});
