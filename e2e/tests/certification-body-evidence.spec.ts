import { expect, test } from '../fixtures/test';
import { api, CERTIFICATION_API, paidCertificationApplication, submittedCertificationApplication } from '../fixtures/api-setup';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { personAt, waitForMail } from '../fixtures/journey';

/**
 * The certification body's evidence (issue 43, ISO/IEC 17024): appeals handled by someone who took
 * no part in the decision, the impartiality check of assignments, and the exam quality report.
 */

test('a failed Certification candidate appeals; whoever decided the result cannot take it; another manager upholds it and the result changes with the appeal in the history', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const since = Date.now();
  const setup = await paidCertificationApplication(request, { firstName: 'Avery', lastName: 'Appellant', emailPrefix: 'appellant', password: 'Appeal-candidate-2026!' });
  // The account administrator (the program's manager) records the overall result: Failed.
  await api(request, 'POST', `${CERTIFICATION_API}/${setup.id}/resultstage`, setup.staffJwt, { overallResult: 'Failed', note: 'Referee statements do not confirm two years of supervision.' });

  // The candidate appeals the result on their application page, within the window.
  const candidate = await personAt(browser, '/student/login', setup.email, setup.password);
  await candidate.goto(`/student/applications/certificationapplication/${setup.id}`);
  const appeals = candidate.getByTestId('applicant-appeals');
  await expect(appeals.getByRole('heading', { name: 'Appeals' })).toBeVisible();
  const result = appeals.getByTestId('appealable-result');
  await expect(result).toContainText('You may appeal it until');
  await result.getByRole('button', { name: 'Appeal this decision' }).click();
  await appeals.getByRole('textbox', { name: 'Grounds' }).fill('My second referee, the site manager at Port Kembla, confirms 26 months of supervision; the statement was misread as 14.');
  await appeals.getByRole('button', { name: 'Send the appeal' }).click();
  const mine = appeals.getByRole('table', { name: 'Your appeals' });
  await expect(mine.getByRole('link', { name: /^APL-\d{4}-\d{5}$/ })).toBeVisible();
  const reference = (await mine.getByRole('link', { name: /^APL-\d{4}-\d{5}$/ }).textContent())!.trim();
  await waitForMail(setup.email, since, `Appeal received: ${reference}`);
  expect(await seriousViolations(candidate)).toEqual([]);

  // The manager who recorded the Failed result finds the appeal on the application, and may not take it.
  const decider = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await decider.goto(`/admin/programs/${setup.programId}/applications/certificationapplication/${setup.id}`);
  await decider.getByRole('table', { name: 'Appeals of this application' }).getByRole('link', { name: reference }).click();
  await expect(decider.getByTestId('appeal-staff-panel')).toBeVisible();
  await expect(decider.getByTestId('appeal-cannot-take')).toContainText('they were its decision maker');
  await expect(decider.getByRole('button', { name: 'Take this appeal' })).toHaveCount(0);
  const appealUrl = decider.url();

  // Another manager (the super user, who took no part) takes it and upholds it.
  const handler = await personAt(browser, '/admin/login', DEMO.superUser);
  await handler.goto(appealUrl);
  await handler.getByRole('button', { name: 'Take this appeal' }).click();
  await expect(handler.getByTestId('appeal-handler')).toHaveText('Sam Super');
  const decision = handler.getByRole('form', { name: 'Decide the appeal' });
  await decision.getByRole('radio', { name: 'Upheld', exact: true }).check();
  await decision.getByRole('textbox', { name: 'Reasons (mailed to the person)' }).fill('The second referee statement confirms 26 months of supervision; the requirement is met.');
  await decision.getByRole('button', { name: 'Record the decision' }).click();
  await expect(handler.getByTestId('appeal-outcome')).toContainText('Upheld');
  const changes = handler.getByTestId('appeal-changes');
  await expect(changes).toContainText('Awarded');
  expect(await seriousViolations(handler)).toEqual([]);

  // The change is in the application's history, naming the appeal; the application is Awarded.
  await changes.getByRole('link', { name: "(recorded in the application's history)" }).click();
  await expect(handler.getByRole('heading', { level: 1 })).toHaveText(`Application ${setup.applicationNumber}`);
  await expect(handler.getByTestId('application-history')).toContainText(`Appeal ${reference} upheld`);

  // The candidate gets the outcome with its reasons, and sees the award.
  const outcome = await waitForMail(setup.email, since, `Appeal ${reference}: upheld`);
  expect(outcome.text).toContain('26 months of supervision');
  await candidate.reload();
  await expect(candidate.getByRole('table', { name: 'Your appeals' }).getByTestId('appeal-outcome')).toHaveText('Upheld');
  await expect(candidate.getByText('Awarded').first()).toBeVisible();
});

test('the exam quality report of the seeded module test shows its reliability and flags its questions', async ({ browser }) => {
  const manager = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await manager.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Exam Quality' }).click();
  await expect(manager.getByRole('heading', { level: 1 })).toHaveText('Exam quality');
  // The demo's 36 candidates of IWI-M1 (other journeys may add their own sittings of it).
  const testSelect = manager.getByRole('combobox', { name: 'Test' });
  const demoTest = testSelect.locator('option').filter({ hasText: /IWI-M1 module exam: welding processes and equipment .*: \d+ marked sittings/ });
  await expect(demoTest).toHaveCount(1);
  await testSelect.selectOption({ label: (await demoTest.textContent())!.trim() });
  const summary = manager.getByTestId('quality-summary');
  await expect(summary).toContainText('Reliability (Cronbach alpha)');
  await expect(summary).toContainText('Standard error of measurement');
  const reliability = Number(await manager.getByTestId('figure-Reliability (Cronbach alpha)').textContent());
  expect(reliability).toBeGreaterThan(0.6);
  expect(reliability).toBeLessThan(1);
  const items = manager.getByRole('table', { name: 'Question statistics' });
  await expect(items.getByText('Negative discrimination').first()).toBeVisible();
  await expect(items.getByText('Distractor nobody chose').first()).toBeVisible();
  await expect(manager.getByTestId('quality-flag-count')).toContainText('questions are flagged');
  expect(await seriousViolations(manager)).toEqual([]);
});

test('an assessor who declared a conflict with the applicant cannot be assigned, and the refusal is on the impartiality record', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const setup = await submittedCertificationApplication(request, { firstName: 'Corin', lastName: 'Conflicted', emailPrefix: 'conflicted', password: 'Conflict-candidate-2026!' });

  // Casey Contributor, an assessor of the program, declares that the applicant is a relative.
  const assessor = await personAt(browser, '/admin/login', DEMO.contributor);
  await assessor.goto('/admin/my-impartiality');
  await expect(assessor.getByRole('heading', { level: 1 })).toHaveText('My impartiality');
  await assessor.getByRole('button', { name: 'Declare a conflict' }).click();
  const declaring = assessor.getByRole('dialog', { name: 'Declare a conflict' });
  await declaring.getByRole('textbox', { name: 'Applicant' }).fill(setup.email);
  await assessor.getByRole('option', { name: `Corin Conflicted (${setup.email})` }).click();
  await declaring.getByRole('textbox', { name: 'Kind of conflict' }).click();
  await assessor.getByRole('option', { name: 'Relative', exact: true }).click();
  await declaring.getByRole('textbox', { name: 'Details' }).fill('My nephew.');
  await declaring.getByRole('button', { name: 'Declare' }).click();
  await expect(declaring).toBeHidden();
  await expect(assessor.getByRole('button', { name: /^End the declaration about Corin Conflicted/ })).toBeVisible();
  expect(await seriousViolations(assessor)).toEqual([]);

  // The program's manager tries to assign Casey: refused, with the reason, and nothing assigned.
  const manager = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await manager.goto(`/admin/programs/${setup.programId}/applications/certificationapplication/${setup.id}`);
  const assign = manager.getByRole('form', { name: 'Assign assessor' });
  await assign.getByRole('textbox', { name: 'Assessor' }).click();
  await manager.getByRole('option', { name: /^Casey Contributor/ }).click();
  await assign.getByRole('button', { name: 'Assign assessor' }).click();
  await expect(assign.getByText(/Casey Contributor cannot be assigned as assessor: declared a conflict of interest with this applicant \(a relative\)/)).toBeVisible();
  // A manager may override with a reason; the field is offered under the refusal.
  await expect(assign.getByRole('textbox', { name: 'Override with a reason' })).toBeVisible();
  await manager.reload();
  await expect(manager.getByText('No assessor assigned yet.')).toBeVisible();

  // The refusal is on the impartiality record.
  await manager.goto('/admin/impartiality?tab=events');
  await expect(manager.getByRole('tab', { name: 'Refusals and overrides', selected: true })).toBeVisible();
  const refusal = manager.getByRole('row').filter({ hasText: setup.applicationNumber });
  await expect(refusal).toContainText('Casey Contributor');
  await expect(refusal).toContainText('Refused');
  await expect(refusal).toContainText('declared a conflict of interest with this applicant');
});
