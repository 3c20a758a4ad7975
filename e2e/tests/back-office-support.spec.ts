import { expect, test, type APIRequestContext } from '@playwright/test';
import { api, signInApi } from '../fixtures/api-setup';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { personAt, registerApplicant } from '../fixtures/journey';

const PROGRAM_CODE = 'AICIP-PIPE';
const A = '/api/aicipapplication';
const M = '/api/aicipapplicationmodule';
const CONFIRMATIONS_DUE = 'Welder confirmations and revalidations due in 60 days';

/**
 * Setup through the API calls the screens before the payment make: a new applicant applies to the
 * demo AICIP program; Casey Contributor recommends, the account administrator (the manager)
 * accepts and, at the pre-exam stage, invoices AIC-P1 alone. The application then waits for its
 * payment ("Payment requested", invoice Issued).
 */
async function aicipApplicationAwaitingPayment(request: APIRequestContext) {
  const stamp = Date.now() % 100000;
  const holder = await registerApplicant(request, { firstName: 'Penny', lastName: `Transfer${stamp}`, emailPrefix: 'aicip-payment', password: 'Aicip-payment-2026!' });
  const applicantJwt = await signInApi(request, holder.email, holder.password, true);
  const staffJwt = await signInApi(request, DEMO.accountAdmin);
  const programs = await api<{ rows: { id: string; programCode: string }[] }>(request, 'GET', `/api/program/published?search=${PROGRAM_CODE}`, applicantJwt);
  const programId = programs.rows.find((p) => p.programCode === PROGRAM_CODE)!.id;
  const program = await api<{ requirements: { id: string }[]; modules: { id: string; moduleCode: string }[] }>(request, 'GET', `/api/program/published/${programId}`, applicantJwt);
  const draft = await api<{ id: string }>(request, 'POST', `${A}/save`, applicantJwt, {
    programId,
    declarationAccepted: true,
    answers: program.requirements.map((r) => ({ requirementId: r.id, answerText: 'Seven years of in-service piping inspection.', attachmentIds: [] })),
  });
  const submitted = await api<{ id: string; applicationNumber: string }>(request, 'POST', `${A}/${draft.id}/submit`, applicantJwt);
  const id = submitted.id;
  const assessors = await api<{ userId: string; name: string }[]>(request, 'GET', `/api/programuser/${programId}/assessor`, staffJwt);
  await api(request, 'POST', `${A}/${id}/assessor/assign`, staffJwt, { assessorId: assessors.find((a) => a.name === 'Casey Contributor')!.userId, assessmentRound: 0 });
  await api(request, 'POST', `${A}/${id}/assessor/submit`, await signInApi(request, DEMO.contributor), { review: 'Signed reports cover seven years.', recommendation: 'accept' });
  const details = await api<{ criteria: { criterion: string }[] }>(request, 'GET', `${A}/${id}/details`, staffJwt);
  await api(request, 'POST', `${A}/${id}/assessment/submit`, staffJwt, {
    assessmentReport: 'Meets every requirement.',
    selections: details.criteria.map((c) => ({ criterion: c.criterion, answer: 'Yes' })),
    outcome: 'accept',
    messageToApplicant: '',
  });
  const moduleId = (code: string) => program.modules.find((m) => m.moduleCode === code)!.id;
  await api(request, 'POST', `${M}/${id}/preexam/submit`, staffJwt, {
    modules: [
      { programModuleId: moduleId('AIC-P1'), choice: 'required' },
      { programModuleId: moduleId('AIC-P2'), choice: 'notTaken' },
    ],
    couponCode: null,
  });
  return { ...holder, id, applicationNumber: submitted.applicationNumber, programId };
}

test('an account administrator finds an AICIP application awaiting payment on the Support screen, records the payment after a confirmation, and sees it paid', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const setup = await aicipApplicationAwaitingPayment(request);
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.goto('/admin/users/support');
  const section = staff.getByRole('region', { name: 'AICIP payments' });
  await section.getByLabel('Find an AICIP application').fill(setup.applicationNumber);
  const table = staff.getByTestId('aicip-payments');
  const row = table.getByRole('row').filter({ hasText: setup.applicationNumber });
  await expect(row).toContainText(setup.name);
  await expect(row).toContainText('Issued');
  // AIC-P1 at the non-member fee.
  await expect(row).toContainText('$640.00');
  expect(await seriousViolations(staff)).toEqual([]);

  await row.getByRole('button', { name: `Record payment: ${setup.applicationNumber}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Record AICIP payment: ${setup.applicationNumber}` });
  await expect(dialog.getByTestId('aicip-invoice-status')).toHaveText('Issued');
  // Nothing typed: the contract's messages at the fields, and nothing is sent.
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText('Payment reference is required')).toBeVisible();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  const reference = `EFT-SUPPORT-${Date.now()}`;
  const reason = `Bank transfer ${reference} seen on the statement`;
  await dialog.getByLabel('Payment reference').fill(reference);
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Record payment' }).click();
  await expect(dialog.getByText(`Record a payment of $640.00 for invoice`)).toContainText(reference);
  expect(await seriousViolations(staff)).toEqual([]);

  const recorded = staff.waitForResponse((response) => response.url().endsWith('/api/108/aicippayment') && response.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Confirm payment' }).click();
  expect((await recorded).status()).toBe(200);
  await expect(dialog.getByRole('status')).toContainText(`Payment of $640.00 recorded with reference ${reference}`);
  await expect(dialog.getByTestId('aicip-invoice-status')).toHaveText('Paid');
  await expect(dialog.getByTestId('aicip-application-stage')).toHaveText('Payment completed');
  expect(await seriousViolations(staff)).toEqual([]);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // Paid: no longer waiting, and the support log says who recorded it and why.
  await expect(table).toContainText('No AICIP application waiting for payment matches.');
  await expect(staff.getByTestId('support-log').getByRole('row').filter({ hasText: reason })).toContainText('AICIP payment recorded');

  // The application's own page says the same: it moved on to its exams.
  await staff.goto(`/admin/programs/${setup.programId}/applications/aicipapplication/${setup.id}`);
  await expect(staff.getByRole('heading', { name: `Application ${setup.applicationNumber}`, level: 1 })).toBeVisible();
  await expect(staff.getByText('Payment completed', { exact: true }).first()).toBeVisible();
});

test('the dashboard shows the welder confirmations due, readable as a table, and its link opens Welders due with the same number', async ({ browser }) => {
  test.setTimeout(300_000);
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.goto('/admin/dashboard');
  // The dashboard's page code (charts included) loads on first visit; a busy machine takes its time.
  await expect(staff.getByRole('heading', { name: 'Pending actions' })).toBeVisible({ timeout: 120_000 });
  // Other journeys may make welders due meanwhile: the two screens are read again until they agree.
  await expect(async () => {
    await staff.goto('/admin/dashboard');
    const link = staff.getByRole('link', { name: new RegExp(`^${CONFIRMATIONS_DUE}: \\d+$`) });
    const count = (await link.textContent())?.trim() ?? '';
    expect(count).toMatch(/^\d+$/);
    // The same figure in the pending actions' table for screen readers.
    await expect(staff.getByTestId('dashboard-pending').getByRole('row', { name: new RegExp(CONFIRMATIONS_DUE) })).toContainText(count);
    await link.click();
    await expect(staff).toHaveURL(/\/admin\/welders-due$/);
    await expect(staff.getByRole('heading', { name: 'Welders due', level: 1 })).toBeVisible();
    await expect(staff.getByText(new RegExp(`of ${count}$`))).toBeVisible({ timeout: 10_000 });
  }).toPass({ timeout: 150_000 });
  await staff.goto('/admin/dashboard');
  await expect(staff.getByRole('heading', { name: 'Pending actions' })).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
});
