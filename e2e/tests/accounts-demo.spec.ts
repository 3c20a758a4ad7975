import { expect, test, type APIRequestContext, type Browser } from '../fixtures/test';
import { seriousViolations } from '../fixtures/axe';
import { api, signInApi } from '../fixtures/api-setup';
import { DEMO, mainMenu } from '../fixtures/demo-accounts';
import { textOfPdf, downloaded } from '../fixtures/downloads';
import { personAt } from '../fixtures/journey';
import { waitForMailLink } from '../fixtures/mailbox';

/**
 * The demo's second awarding body (issue 40, decision 033): Welding Certification New Zealand owns
 * NZ-WELD-SUP, invoices in NZD at 15 % GST under its NZBN and GST number, numbers its certificates
 * WCNZ-..., and signs its credentials with its own key. Its administrator sees none of the
 * Australian body's work; an applicant applies to both bodies from one profile.
 */
const NZ_BODY = 'Welding Certification New Zealand';
const NZ_ADMIN = 'nz.admin@demo.local';
const NZ_HOLDER = 'nz.holder@demo.local';
const NZ_PROGRAM = 'NZ-WELD-SUP';
const AU_PROGRAMS = ['Q-WELD-INSP', 'C-WELD-SUP', 'WQ-ISO9606', 'AICIP-PIPE'];
const NZBN = '9429041234563';
const NZ_GST_NUMBER = '49-091-850';

// The accessibility check injects axe, which the app's CSP would refuse.
test.use({ bypassCSP: true });

test('the New Zealand administrator works in their own body: its programs only, a new program of theirs, none of the Australian work', async ({ page }) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36).toUpperCase().slice(-6);
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(NZ_ADMIN);
  await page.getByLabel('Password').fill('Demo1234!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('header-account-name')).toHaveText(NZ_BODY);
  await expect(page.getByTestId('account-switcher')).toHaveCount(0);

  await mainMenu(page).getByRole('link', { name: 'Programs' }).click();
  const programs = page.getByTestId('programs-table');
  await expect(programs.getByRole('row').filter({ hasText: NZ_PROGRAM })).toHaveCount(1);
  for (const code of AU_PROGRAMS) await expect(programs.getByRole('row').filter({ hasText: code })).toHaveCount(0);

  // A program of their own: the manager list offers their own body's staff only.
  await page.getByRole('link', { name: 'Add program' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New program' })).toBeVisible();
  const manager = page.getByLabel('Program Manager');
  await expect(manager.locator('option', { hasText: NZ_ADMIN })).toHaveCount(1);
  await expect(manager.locator('option', { hasText: DEMO.superUser })).toHaveCount(0);
  await expect(manager.locator('option', { hasText: DEMO.accountAdmin })).toHaveCount(0);
  const code = `NZ-E2E-${suffix}`;
  await page.getByLabel('Program Code').fill(code);
  await page.getByLabel('Program Title').fill(`Welding Inspector (New Zealand) ${suffix}`);
  await page.getByLabel('Program Type').selectOption({ label: 'Qualification' });
  await manager.selectOption({ label: `Aroha Ngata (${NZ_ADMIN})` });
  await page.getByRole('textbox', { name: 'Program Declaration' }).fill('I declare that the work I submit is my own.');
  await page.getByRole('button', { name: 'Create program' }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${code} · `) })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The Australian body's program answers as if it did not exist; its staff do not list the new one.
  // Its id comes from the Australian administrator: the New Zealand one's catalogue lists only their body's programs.
  const nzJwt = await signInApi(page.request, NZ_ADMIN);
  const auJwt = await signInApi(page.request, DEMO.accountAdmin);
  const auList = await api<{ rows: { id: string; programCode: string }[] }>(page.request, 'GET', '/api/program/pagination?page=1&pageSize=250', auJwt);
  const auProgram = auList.rows.find((row) => row.programCode === 'Q-WELD-INSP')!;
  expect((await page.request.get(`/api/program/${auProgram.id}`, { headers: { authorization: `Bearer ${nzJwt}` } })).status()).toBe(404);
  const nzCatalogue = await api<{ rows: { programCode: string }[] }>(page.request, 'GET', '/api/program/published?search=Q-WELD-INSP', nzJwt);
  expect(nzCatalogue.rows.map((row) => row.programCode)).not.toContain('Q-WELD-INSP');
  expect(auList.rows.map((row) => row.programCode)).not.toContain(code);
  expect(auList.rows.map((row) => row.programCode)).not.toContain(NZ_PROGRAM);
});

test("one profile applies to both bodies' programs", async ({ browser }) => {
  const applicant = await personAt(browser, '/student/login', DEMO.applicant);
  await expect(applicant.getByRole('link', { name: NZ_PROGRAM })).toBeVisible();
  await expect(applicant.getByRole('link', { name: 'C-WELD-SUP' })).toBeVisible();
  await applicant.getByRole('link', { name: NZ_PROGRAM }).click();
  await expect(applicant.getByTestId('apply-panel')).toBeVisible();
  await expect(applicant.getByRole('link', { name: 'Apply', exact: true })).toBeVisible();
});

/** A new applicant applies to NZ-WELD-SUP; the New Zealand administrator accepts it and issues the certification fee's invoice. */
async function invoicedNzApplication(request: APIRequestContext) {
  const email = `kiri.nz.${Date.now()}@example.test`;
  const password = 'Kiri-candidate-2026!';
  await api(request, 'POST', '/unauth/applicantregistration', null, { firstName: 'Kiri', lastName: 'Paewai', email, password, timeZone: 'Pacific/Auckland' });
  const { link } = await waitForMailLink(email, /\/register\/activate\/[^/\s]+$/);
  await api(request, 'GET', `/unauth/applicantregistration/activationpath/${new URL(link).pathname.split('/').pop()}`, null);
  const applicantJwt = await signInApi(request, email, password, true);
  const programs = await api<{ rows: { id: string; programCode: string }[] }>(request, 'GET', `/api/program/published?search=${NZ_PROGRAM}`, applicantJwt);
  const programId = programs.rows.find((row) => row.programCode === NZ_PROGRAM)!.id;
  const program = await api<{ requirements: { id: string }[] }>(request, 'GET', `/api/program/published/${programId}`, applicantJwt);
  const C = '/api/certificationapplication';
  const draft = await api<{ id: string }>(request, 'POST', `${C}/save`, applicantJwt, {
    programId,
    declarationAccepted: true,
    answers: program.requirements.map((requirement) => ({ requirementId: requirement.id, answerText: 'Six years supervising structural welding in Christchurch.', attachmentIds: [] })),
  });
  const { id } = await api<{ id: string }>(request, 'POST', `${C}/${draft.id}/submit`, applicantJwt);
  const staffJwt = await signInApi(request, NZ_ADMIN);
  const assessors = await api<{ userId: string; name: string }[]>(request, 'GET', `/api/programuser/${programId}/assessor`, staffJwt);
  await api(request, 'POST', `${C}/${id}/assessor/assign`, staffJwt, { assessorId: assessors[0]!.userId, assessmentRound: 0 });
  await api(request, 'POST', `${C}/${id}/assessor/submit`, staffJwt, { review: 'Evidence in order.', recommendation: 'accept' });
  const details = await api<{ criteria: { criterion: string }[] }>(request, 'GET', `${C}/${id}/details`, staffJwt);
  await api(request, 'POST', `${C}/${id}/assessment/submit`, staffJwt, {
    assessmentReport: 'Meets every requirement.',
    selections: details.criteria.map((criterion) => ({ criterion: criterion.criterion, answer: 'Yes' })),
    outcome: 'accept',
    messageToApplicant: '',
  });
  await api(request, 'POST', `${C}/${id}/preexam/submit`, staffJwt, { modules: [], couponCode: null });
  const invoices = await api<{ invoiceNumberText: string; totalCents: number }[]>(request, 'GET', `/api/invoice/byapplication/${id}`, staffJwt);
  return { email, password, invoice: invoices[0]! };
}

test("an applicant pays the New Zealand body's invoice: its NZBN and GST number, 15 % GST, NZD", async ({ browser, request }) => {
  test.setTimeout(240_000);
  const { email, password, invoice } = await invoicedNzApplication(request);
  expect(invoice.invoiceNumberText).toMatch(/^NZINV-\d{6}$/);
  const amount = `NZ$${(invoice.totalCents / 100).toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  const { mail, link } = await waitForMailLink(email, /\/student\/payments\/[0-9a-f-]{36}$/);
  expect(mail.text).toContain(`issued by ${NZ_BODY} (NZBN ${NZBN}, GST No. ${NZ_GST_NUMBER})`);
  expect(mail.text).toContain('GST included (15%)');
  const applicant = await personAt(browser, '/student/login', email, password);
  await applicant.goto(new URL(link).pathname);
  await expect(applicant.getByRole('heading', { level: 1 })).toHaveText(`Pay invoice ${invoice.invoiceNumberText}`);
  await expect(applicant.getByTestId('payment-amount')).toContainText(`${amount} NZD`);
  expect(await seriousViolations(applicant)).toEqual([]);
  await applicant.getByRole('button', { name: 'Pay now' }).click();
  await expect(applicant.getByTestId('gateway-amount')).toHaveText(`${amount} NZD`);
  await applicant.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(applicant.getByTestId('payment-status')).toContainText('Success');

  // The tax invoice itself, as a PDF from the application page.
  await applicant.getByRole('link', { name: 'Back to your application' }).click();
  const section = applicant.getByTestId('invoices-and-payments');
  await expect(section.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: invoice.invoiceNumberText })).toContainText('Paid');
  const { bytes } = await downloaded(applicant, () => section.getByRole('button', { name: `Download ${invoice.invoiceNumberText} as PDF` }).click());
  const text = textOfPdf(bytes);
  for (const expected of [NZ_BODY, `NZBN ${NZBN}`, `GST No. ${NZ_GST_NUMBER}`, 'Amount (NZD)', 'GST included (15%)', amount]) expect(text).toContain(expected);
});

async function nzHolderAward(request: APIRequestContext): Promise<{ id: string; certificateNumber: string }> {
  const jwt = await signInApi(request, NZ_HOLDER, 'Demo1234!', true);
  const page = await api<{ rows: { id: string; certificateNumber: string; programCode: string }[] }>(request, 'GET', '/api/applicant/awards?page=1&pageSize=10', jwt);
  const award = page.rows.find((row) => row.programCode === NZ_PROGRAM)!;
  return { id: award.id, certificateNumber: award.certificateNumber };
}

async function visitor(browser: Browser) {
  const context = await browser.newContext({ bypassCSP: true });
  return context.newPage();
}

test("a visitor verifies a New Zealand certificate, which names its body, and its credential is the New Zealand body's", async ({ browser, request }) => {
  const award = await nzHolderAward(request);
  expect(award.certificateNumber).toMatch(/^WCNZ-\d{4}-0001$/);
  const page = await visitor(browser);
  await page.goto(`/verify/${encodeURIComponent(award.certificateNumber)}`);
  const status = page.getByTestId('verification-status');
  await expect(status.getByRole('heading', { name: 'Current' })).toBeVisible();
  await expect(page.locator('dd').filter({ hasText: NZ_BODY })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The register lists every body's holders, and each body's own register link filters to it.
  await page.goto('/personnel-search?body=wcnz');
  await expect(page.getByLabel('Awarding body').locator('option:checked')).toHaveText(NZ_BODY);

  // The holder's credential is signed with a key of the New Zealand issuer's DID document.
  const jwt = await signInApi(request, NZ_HOLDER, 'Demo1234!', true);
  const credential = await api<{ issuer: { id: string; name: string }; proof: { verificationMethod: string } }>(request, 'GET', `/api/award/${award.id}/credential`, jwt);
  expect(credential.issuer.name).toBe(NZ_BODY);
  expect(credential.issuer.id).toMatch(/:unauth:credentials:wcnz:issuer$/);
  expect(credential.proof.verificationMethod.startsWith(`${credential.issuer.id}#`)).toBe(true);
  const didDocument = await api<{ id: string; verificationMethod: { id: string }[] }>(request, 'GET', '/unauth/credentials/wcnz/issuer/did.json', null);
  expect(didDocument.id).toBe(credential.issuer.id);
  expect(didDocument.verificationMethod.map((method) => method.id)).toContain(credential.proof.verificationMethod);
  const australian = await api<{ verificationMethod: { id: string }[] }>(request, 'GET', '/unauth/credentials/issuer/did.json', null);
  expect(australian.verificationMethod.map((method) => method.id)).not.toContain(credential.proof.verificationMethod);
});
