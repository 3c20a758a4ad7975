import { expect, test, type APIRequestContext } from '../fixtures/test';
import { api, signInApi } from '../fixtures/api-setup';
import { DEMO } from '../fixtures/demo-accounts';
import { personAt } from '../fixtures/journey';
import { searchList } from '../fixtures/lists';
import { waitForMailLink } from '../fixtures/mailbox';

const PASSWORD = 'Welding-2026-ok';

/** A new applicant of this test's own, registered and activated from the mailed link. */
async function newApplicant(request: APIRequestContext, firstName: string, lastName: string) {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.test`;
  await api(request, 'POST', '/unauth/applicantregistration', null, { firstName, lastName, email, password: PASSWORD, timeZone: 'Australia/Sydney' });
  const { link } = await waitForMailLink(email, /\/register\/activate\/[^/\s]+$/);
  await api(request, 'GET', `/unauth/applicantregistration/activationpath/${new URL(link).pathname.split('/').pop()}`, null);
  const session = await api<{ jwt: string }>(request, 'POST', '/auth/local/applicant', null, { identifier: email, password: PASSWORD });
  return { email, name: `${firstName} ${lastName}`, jwt: session.jwt };
}

async function uploadPdf(request: APIRequestContext, jwt: string, name: string): Promise<string> {
  const body = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const presigned = await api<{ url: string; headers: Record<string, string>; resourceKey: string }>(request, 'POST', '/api/attachment/presigned-upload', jwt, { fileName: name, contentType: 'application/pdf', size: body.length });
  expect((await request.fetch(presigned.url, { method: 'PUT', headers: presigned.headers, data: body })).status()).toBe(200);
  return (await api<{ id: string }>(request, 'POST', '/unauth/save/attachment', jwt, { resourceKey: presigned.resourceKey })).id;
}

test("naming a corporate member as employer opens its members-only document only once staff approve the claim (issue 42)", async ({ browser, request }) => {
  const staffJwt = await signInApi(request, DEMO.superUser);
  const run = Date.now();
  const company = { name: `Illawarra Steel ${run}`, contactEmail: `coordinator.${run}@example.test`, corporateMemberNumber: `WCB-C-${run % 100000}`, membershipStartsOn: '2020-01-01', membershipEndsOn: '2099-12-31' };
  await api(request, 'POST', '/api/company', staffJwt, company);
  const number = `CORP-${run}`;
  const document = await api<{ id: string }>(request, 'POST', '/api/librarydocument', staffJwt, {
    documentNumber: number,
    documentTitle: 'Corporate members welding procedures',
    documentDate: '2026-05-01',
    revision: 'A',
    documentType: 'Publication',
    attachmentId: await uploadPdf(request, staffJwt, 'corporate-procedures.pdf'),
    isForCorporateMembers: true,
  });
  const welder = await newApplicant(request, 'Casey', `Claimant${run % 100000}`);

  // The applicant names the corporate member on their profile: a claim that waits for staff.
  const page = await personAt(browser, '/student/login', welder.email, PASSWORD);
  await page.goto('/student/profile?tab=experience');
  await page.getByRole('textbox', { name: 'Employer' }).fill(company.name);
  await page.getByRole('option', { name: new RegExp(company.name) }).click();
  const claimStatus = page.getByRole('status').filter({ hasText: company.name });
  await expect(claimStatus).toHaveText(`Waiting for ${company.name} or staff to confirm you work there. Until then it gives you no corporate-member access.`);

  await page.goto('/student/library');
  const list = page.getByTestId('library-documents');
  await searchList(page, page.getByLabel('Search'), number, list);
  await expect(list).toContainText('No documents match.');
  const refused = await request.fetch(`/api/librarydocument/${document.id}`, { headers: { authorization: `Bearer ${welder.jwt}` } });
  expect(refused.status()).toBe(403);

  // Staff approve it on Users -> Companies.
  const staff = await personAt(browser, '/admin/login', DEMO.superUser);
  await staff.goto('/admin/users/companies');
  const claims = staff.getByRole('region', { name: 'Employee claims waiting' });
  await claims.getByRole('button', { name: `Approve ${welder.name} at ${company.name}` }).click();
  await expect(claims.getByRole('button', { name: `Approve ${welder.name} at ${company.name}` })).toHaveCount(0);

  await page.reload();
  await searchList(page, page.getByLabel('Search'), number, list);
  await expect(list).toContainText('Corporate members welding procedures');
  await page.goto('/student/profile?tab=experience');
  await expect(claimStatus).toHaveText(`Confirmed: you work for ${company.name}.`);
});
