import { expect, test, type APIRequestContext, type Browser, type Page } from '../fixtures/test';
import { api, signInApi } from '../fixtures/api-setup';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo-accounts';
import { downloaded } from '../fixtures/downloads';
import { personAt, registerApplicant } from '../fixtures/journey';

/**
 * Issue 42, the company portal end to end: the demo coordinator of Illawarra Steel Fabricators
 * approves a new employee's claim, confirms two welders in one step (and a welder sees it), checks
 * certificate numbers, pays the company's invoice on the test gateway; an applicant whose claim is
 * still pending is refused a corporate members' document. The demo data (seed: demo-back-office.ts)
 * gives the company Dallas Weldon and Tess Tacker (confirmations due), Piper Payne (an AICIP invoice
 * the company pays, PO-ILL-2026-118) and the demo applicant's pending claim, which this file leaves
 * alone. Applicants and check lists are this run's own; other files share the database, so every
 * assertion finds its row by name or number, never by a count of the company's lists.
 */
const COMPANY = 'Illawarra Steel Fabricators Pty Ltd';
const CORPORATE_MEMBER = 'Hunter Valley Fabrication Pty Ltd';
const WELDERS = [
  { name: 'Dallas Weldon', email: 'due.welder@demo.local' },
  { name: 'Tess Tacker', email: 'due.welder2@demo.local' },
] as const;
const AICIP_PAYER = 'Piper Payne';
const PURCHASE_ORDER = 'PO-ILL-2026-118';
/** The demo's document for current corporate members only. */
const CORPORATE_DOCUMENT = 'WCB-CORP-003';
/** The password rule wants a digit. */
const PASSWORD = 'Employer-portal-2026';

/** A new applicant of this run, registered and activated from the mailed link, who names `companyName` as employer: a pending claim. */
async function applicantClaiming(request: APIRequestContext, firstName: string, companyName: string) {
  const run = Date.now().toString(36);
  const person = await registerApplicant(request, { firstName, lastName: `Newhire${run}`, emailPrefix: `employer-portal.${firstName.toLowerCase()}`, password: PASSWORD });
  const jwt = await signInApi(request, person.email, PASSWORD, true);
  const options = await api<{ id: string; name: string }[]>(request, 'GET', `/api/company/options?searchTerm=${encodeURIComponent(companyName.split(' ')[0]!)}`, jwt);
  const company = options.find((option) => option.name === companyName);
  expect(company, `${companyName} is offered`).toBeTruthy();
  const employer = await api<{ company: { name: string } | null; claimStatus: string | null }>(request, 'POST', '/api/company/employer', jwt, { companyId: company!.id });
  expect([employer.company?.name, employer.claimStatus]).toEqual([companyName, 'pending']);
  return { ...person, jwt };
}

/** The coordinator's own API session (for reading the state a step starts from, as the portal's pages read it). */
async function coordinatorJwt(request: APIRequestContext): Promise<string> {
  return (await api<{ jwt: string }>(request, 'POST', '/auth/local/employer', null, { identifier: DEMO.companyCoordinator, password: DEMO_PASSWORD })).jwt;
}

/** The demo coordinator signs in on the company portal's sign-in page and lands on the company's home. */
async function coordinatorAt(browser: Browser): Promise<Page> {
  const page = await personAt(browser, '/employer/login', DEMO.companyCoordinator);
  await expect(page).toHaveURL(/\/employer\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: COMPANY })).toBeVisible();
  return page;
}

function companyMenu(page: Page) {
  return page.getByRole('navigation', { name: 'Company menu' });
}

test("the coordinator approves a new employee's claim on Employee claims, and the person joins the company's people", async ({ browser, request }) => {
  const newcomer = await applicantClaiming(request, 'Morgan', COMPANY);

  const page = await coordinatorAt(browser);
  await companyMenu(page).getByRole('link', { name: 'Employee claims' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employee claims' })).toBeVisible();
  const claims = page.getByRole('table', { name: 'Employee claims' });
  const claim = claims.getByRole('row').filter({ hasText: newcomer.email });
  await expect(claim).toContainText(newcomer.name);
  expect(await seriousViolations(page)).toEqual([]);
  await claim.getByRole('button', { name: `Approve ${newcomer.name}` }).click();
  await expect(page.getByText('Claim approved')).toBeVisible();
  await expect(claims.getByRole('row').filter({ hasText: newcomer.email })).toHaveCount(0);
  // The demo applicant's own claim still waits: only this one was decided.
  await expect(claims.getByRole('row').filter({ hasText: 'applicant@demo.local' })).toHaveCount(1);
  await page.getByRole('radiogroup', { name: 'Claims shown' }).getByText('Approved', { exact: true }).click();
  await expect(claims.getByRole('row').filter({ hasText: newcomer.email })).toContainText(newcomer.name);

  await companyMenu(page).getByRole('link', { name: 'People' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  const person = page.getByTestId('employer-people').getByRole('row').filter({ hasText: newcomer.email });
  await expect(person).toContainText(newcomer.name);
  // The welders of the demo are there too, with their qualifications.
  await expect(page.getByTestId('employer-people').getByRole('row').filter({ hasText: WELDERS[0].email })).toContainText('WQ-ISO9606');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the coordinator confirms two welders in one step, and the welder sees the confirmation on his qualification', async ({ browser }) => {
  test.setTimeout(200_000);
  const signer = { name: `Lee Supervisor ${Date.now().toString(36)}`, position: 'Workshop supervisor' };
  const page = await coordinatorAt(browser);
  await companyMenu(page).getByRole('link', { name: 'Confirmations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Confirmations' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Confirmations' });
  for (const welder of WELDERS) {
    await expect(table.getByRole('row').filter({ hasText: welder.name })).toContainText('Not yet');
    await table.getByRole('checkbox', { name: new RegExp(`^Select ${welder.name} \\(`) }).check();
  }
  const form = page.getByRole('form', { name: 'Confirm the welders chosen' });
  await form.getByRole('textbox', { name: 'Signer name' }).fill(signer.name);
  await form.getByRole('textbox', { name: 'Signer position' }).fill(signer.position);
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: 'Confirm 2 welders' }).click();
  const done = page.getByRole('alert').filter({ hasText: '2 welders confirmed' });
  await expect(done).toContainText(WELDERS[0].name);
  await expect(done).toContainText(WELDERS[1].name);
  // Confirmed now: neither can be ticked again.
  for (const welder of WELDERS) await expect(table.getByRole('checkbox', { name: new RegExp(`^Select ${welder.name} \\(`) })).toHaveCount(0);

  // Dallas Weldon opens his welder qualification: the confirmation, by the employer, signed by the coordinator's signer.
  const welder = await personAt(browser, '/student/login', WELDERS[0].email);
  await welder.goto('/student/applications');
  await welder.getByTestId('applications-table').getByRole('row', { name: /WQ-ISO9606/ }).getByRole('link').first().click();
  await expect(welder).toHaveURL(/\/student\/applications\/welderqualificationapplication\/[0-9a-f-]{36}$/);
  const confirmation = welder.getByTestId('wpq-validity').getByTestId('wpq-confirmations').getByRole('row').filter({ hasText: `${signer.name}, ${signer.position}` });
  await expect(confirmation).toContainText(`Employer (${COMPANY})`);
});

test('the coordinator checks five certificate numbers: four found with their holders and status, one not found, and downloads the result as CSV', async ({ browser, request }) => {
  // Four real numbers: the company's two welders' qualifications (the coordinator's own People) and the demo holder's two awards (staff's Awards).
  const people = await api<{ people: { name: string; welderQualifications: { certificateNumber: string; status: string }[] }[] }>(request, 'GET', '/api/employer/people', await coordinatorJwt(request));
  const welderNumbers = WELDERS.map((welder) => {
    const qualification = people.people.find((person) => person.name === welder.name)?.welderQualifications[0];
    expect(qualification, `${welder.name}'s qualification`).toBeTruthy();
    return { number: qualification!.certificateNumber, holder: welder.name, status: 'Current' };
  });
  const staffJwt = await signInApi(request, DEMO.accountAdmin);
  const awards = await api<{ rows: { certificateNumber: string; status: string; programCode: string }[] }>(request, 'GET', '/api/award/pagination?search=Harper%20Holder', staffJwt);
  const holderNumbers = ['C-WELD-SUP', 'AICIP-PIPE'].map((code) => {
    const award = awards.rows.find((row) => row.programCode === code);
    expect(award, `the demo holder's ${code} award`).toBeTruthy();
    return { number: award!.certificateNumber, holder: 'Harper Holder', status: award!.status === 'on hold' ? 'On hold' : 'Current' };
  });
  const found = [...welderNumbers, ...holderNumbers];
  const unknown = `NO-SUCH-${Date.now()}`;

  const page = await coordinatorAt(browser);
  await companyMenu(page).getByRole('link', { name: 'Check certificates' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check certificates' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Certificate numbers' }).fill([...found.map((row) => row.number), unknown].join('\n'));
  await expect(page.getByText('5 numbers to check')).toBeVisible();
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  const results = page.getByRole('table', { name: 'Check results' });
  await expect(page.getByText(/^4 of 5 found\. Checked .* by Lee Supervisor\.$/)).toBeVisible();
  for (const row of found) {
    const line = results.getByRole('row').filter({ hasText: row.number });
    await expect(line).toContainText(row.holder);
    await expect(line).toContainText(row.status);
  }
  await expect(results.getByRole('row').filter({ hasText: unknown })).toContainText('Not found');
  expect(await seriousViolations(page)).toEqual([]);

  const { download, bytes } = await downloaded(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
  expect(download.suggestedFilename()).toMatch(/^certificate-check-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = bytes.toString('utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Number checked,Found,Certificate number,Holder,Program code,Program,Awarding body,Status,Award date,Expiry date,Designations');
  expect(lines).toHaveLength(6);
  expect(lines.find((line) => line.startsWith(`${found[0]!.number},`))).toContain(`,Yes,${found[0]!.number},${found[0]!.holder},WQ-ISO9606,`);
  expect(lines.find((line) => line.startsWith(`${unknown},`))).toMatch(new RegExp(`^${unknown},No,,,,,,Not found,`));
});

test("the coordinator pays the company's AICIP invoice for Piper Payne on the test gateway, sees it Paid and downloads its PDF", async ({ browser, request }) => {
  const invoices = await api<{ invoiceNumber: string; personName: string; status: string }[]>(request, 'GET', '/api/employer/invoices', await coordinatorJwt(request));
  const invoice = invoices.find((row) => row.personName === AICIP_PAYER);
  expect(invoice, "the demo's company invoice").toBeTruthy();
  const number = invoice!.invoiceNumber;

  const page = await coordinatorAt(browser);
  await companyMenu(page).getByRole('link', { name: 'Invoices' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  const row = page.getByTestId('company-invoices').getByRole('row').filter({ hasText: number });
  await expect(row).toContainText(AICIP_PAYER);
  await expect(row).toContainText(`PO ${PURCHASE_ORDER}`);
  await expect(row).toContainText('$1,280.00');
  await expect(page.getByTestId(`invoice-status-${number}`)).toHaveText('Unpaid');
  expect(await seriousViolations(page)).toEqual([]);

  await row.getByRole('button', { name: `Pay ${number}` }).click();
  await expect(page).toHaveURL(/\/payment-gateway\/test\/tgs_[0-9a-f]{24}\?token=/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Test payment gateway');
  await expect(page.getByTestId('gateway-amount')).toHaveText('$1,280.00 AUD');
  await page.getByRole('button', { name: 'Pay (success)' }).click();
  await expect(page).toHaveURL(/\/employer\/invoices/);
  await expect(page.getByTestId('payment-result')).toContainText(`Invoice ${number} is paid.`);
  await expect(page.getByTestId(`invoice-status-${number}`)).toHaveText('Paid');
  await expect(row.getByRole('button', { name: `Pay ${number}` })).toHaveCount(0);

  const { download, bytes } = await downloaded(page, () => row.getByRole('button', { name: `Download ${number} as PDF` }).click());
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
});

test("an applicant whose claim to work for a corporate member is pending is refused its members' document", async ({ request }) => {
  const staffJwt = await signInApi(request, DEMO.accountAdmin);
  const documents = await api<{ rows: { id: string; documentNumber: string }[] }>(request, 'GET', `/api/librarydocument/pagination?searchTerm=${CORPORATE_DOCUMENT}`, staffJwt);
  const document = documents.rows.find((row) => row.documentNumber === CORPORATE_DOCUMENT);
  expect(document, `${CORPORATE_DOCUMENT} is seeded`).toBeTruthy();

  const claimant = await applicantClaiming(request, 'Riley', CORPORATE_MEMBER);
  const refused = await request.get(`/api/librarydocument/${document!.id}`, { headers: { authorization: `Bearer ${claimant.jwt}` } });
  expect(refused.status()).toBe(403);
  // The corporate member's approved employee reads it.
  const employeeJwt = await signInApi(request, 'corporate.member@demo.local', DEMO_PASSWORD, true);
  const read = await request.get(`/api/librarydocument/${document!.id}`, { headers: { authorization: `Bearer ${employeeJwt}` } });
  expect(read.status()).toBe(200);
});
