import { expect, test, type APIRequestContext, type Browser, type Page } from '../fixtures/test';
import { api, signInApi } from '../fixtures/api-setup';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { personAt } from '../fixtures/journey';
import { searchList } from '../fixtures/lists';
import { mailsTo, waitForMailLink } from '../fixtures/mailbox';

const PASSWORD = 'Welding-2026-ok';

/** A new applicant of this test's own, registered and activated from the mailed link. */
async function newApplicant(request: APIRequestContext, firstName: string, lastName: string) {
  const email = `${firstName.toLowerCase()}.${Date.now()}@example.test`;
  await api(request, 'POST', '/unauth/applicantregistration', null, { firstName, lastName, email, password: PASSWORD, timeZone: 'Australia/Sydney' });
  const { link } = await waitForMailLink(email, /\/register\/activate\/[^/\s]+$/);
  await api(request, 'GET', `/unauth/applicantregistration/activationpath/${new URL(link).pathname.split('/').pop()}`, null);
  const session = await api<{ jwt: string; user: { applicantId: string } }>(request, 'POST', '/auth/local/applicant', null, { identifier: email, password: PASSWORD });
  return { email, name: `${firstName} ${lastName}`, firstName, lastName, jwt: session.jwt, applicantId: session.user.applicantId };
}

async function expectNoSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

async function staffPage(browser: Browser) {
  return personAt(browser, '/admin/login', DEMO.superUser);
}

test('staff find an applicant, open every tab of their record, mark them inactive (their session ends) and active again', async ({ browser, request }) => {
  const person = await newApplicant(request, 'Tabitha', `Tabs${Date.now() % 100000}`);
  const applicant = await personAt(browser, '/student/login', person.email, PASSWORD);
  const staff = await staffPage(browser);

  await staff.goto('/admin/users/applicants');
  const table = staff.getByTestId('applicants-table');
  await searchList(staff, staff.getByLabel('Search'), person.email, table);
  await table.getByRole('link', { name: `Open ${person.name}` }).click();
  await expect(staff.getByRole('heading', { level: 1, name: person.name })).toBeVisible();
  for (const tab of ['Qualifications', 'Experience', 'Professional activities', 'File notes', 'History', 'Applications', 'Awards', 'Emails']) {
    await staff.getByRole('tab', { name: tab }).click();
    await expect(staff.getByRole('tabpanel', { name: tab })).toBeVisible();
    await expect(staff.getByRole('tabpanel', { name: tab }).getByRole('table')).toBeVisible();
  }
  // The activation mail is in the Emails tab.
  await expect(staff.getByRole('tabpanel', { name: 'Emails' })).toContainText('Activate your account');
  await expectNoSeriousViolations(staff);

  await staff.goto('/admin/users/support');
  await staff.getByLabel('Search for').fill(person.email);
  const found = staff.getByTestId('support-users');
  await expect(found).toContainText(person.email);
  await found.getByRole('button', { name: `Mark inactive: ${person.name}` }).click();
  const dialog = staff.getByRole('dialog', { name: `Mark inactive: ${person.name}` });
  await dialog.getByRole('button', { name: 'Mark inactive' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Asked by phone to suspend the account');
  await dialog.getByRole('button', { name: 'Mark inactive' }).click();
  await expect(dialog.getByRole('status').filter({ hasText: 'every session of it has ended' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(found).toContainText('Inactive');
  await expect(staff.getByTestId('support-log')).toContainText('Asked by phone to suspend the account');
  await expectNoSeriousViolations(staff);

  // The applicant's next request is refused and the browser goes to the login page.
  await applicant.goto('/student/profile');
  await expect(applicant).toHaveURL(/\/student\/login/);

  await found.getByRole('button', { name: `Mark active: ${person.name}` }).click();
  const again = staff.getByRole('dialog', { name: `Mark active: ${person.name}` });
  await again.getByLabel('Reason').fill('Identity confirmed');
  await again.getByRole('button', { name: 'Mark active' }).click();
  await expect(again.getByRole('status').filter({ hasText: 'active again' })).toBeVisible();
  await again.getByRole('button', { name: 'Done' }).click();
  expect(await signInApi(request, person.email, PASSWORD, true)).toEqual(expect.any(String));
});

/** A PDF uploaded through the platform's own upload flow (presign, PUT, save). */
async function uploadPdf(request: APIRequestContext, jwt: string, name: string): Promise<string> {
  const body = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  const presigned = await api<{ url: string; headers: Record<string, string>; resourceKey: string }>(request, 'POST', '/api/attachment/presigned-upload', jwt, { fileName: name, contentType: 'application/pdf', size: body.length });
  const put = await request.fetch(presigned.url, { method: 'PUT', headers: presigned.headers, data: body });
  expect(put.status()).toBe(200);
  return (await api<{ id: string }>(request, 'POST', '/unauth/save/attachment', jwt, { resourceKey: presigned.resourceKey })).id;
}

test('a document for members only is seen by a confirmed member and refused to a non-member', async ({ browser, request }) => {
  const staffJwt = await signInApi(request, DEMO.superUser);
  const number = `MEM-${Date.now()}`;
  const document = await api<{ id: string }>(request, 'POST', '/api/librarydocument', staffJwt, {
    documentNumber: number,
    documentTitle: 'Members guide to AS/NZS 1554',
    documentDate: '2026-05-01',
    revision: 'A',
    documentType: 'Publication',
    attachmentId: await uploadPdf(request, staffJwt, 'members-guide.pdf'),
    isForIndividualMembers: true,
  });
  const member = await newApplicant(request, 'Morgan', `Member${Date.now() % 100000}`);
  await api(request, 'POST', '/api/applicant/save', member.jwt, { firstName: member.firstName, lastName: member.lastName, membershipType: 'individual', memberNumber: 'WTIA-4411' });
  await api(request, 'POST', `/api/applicant/${member.applicantId}/membership`, staffJwt, { isConfirmed: true, memberCurrentUntil: '2099-12-31' });
  const outsider = await newApplicant(request, 'Nolan', `Nonmember${Date.now() % 100000}`);

  const memberPage = await personAt(browser, '/student/login', member.email, PASSWORD);
  await memberPage.getByRole('link', { name: 'Library' }).click();
  const list = memberPage.getByTestId('library-documents');
  await searchList(memberPage, memberPage.getByLabel('Search'), number, list);
  await expect(list).toContainText('Members guide to AS/NZS 1554');
  await expectNoSeriousViolations(memberPage);

  const outsiderPage = await personAt(browser, '/student/login', outsider.email, PASSWORD);
  await outsiderPage.goto('/student/library');
  const outsiderList = outsiderPage.getByTestId('library-documents');
  await searchList(outsiderPage, outsiderPage.getByLabel('Search'), number, outsiderList);
  await expect(outsiderList).toContainText('No documents match.');
  // Refused by the server, not only hidden: the document and its file.
  for (const path of [`/api/librarydocument/${document.id}`, `/api/librarydocument/${document.id}/download`]) {
    const refused = await request.fetch(path, { headers: { authorization: `Bearer ${outsider.jwt}` } });
    expect(refused.status()).toBe(403);
  }
});

test('an applicant writes to the body of their choice through Contact us; its staff reply by mail and it is marked handled', async ({ browser, request }) => {
  const sender = await newApplicant(request, 'Cora', `Contact${Date.now() % 100000}`);
  const question = `Is there a practical exam in Hobart this year? (${Date.now()})`;
  // The demo serves several bodies, so the form asks which one; the first account is Sam Super's.
  const bodies = await api<{ id: string; name: string }[]>(request, 'GET', '/api/contactus/accounts', sender.jwt);
  expect(bodies.length).toBeGreaterThan(1);
  // Their profile has a phone: the form does not ask for it again (issue 45 item 17).
  await api(request, 'POST', '/api/applicant/save', sender.jwt, { firstName: sender.firstName, lastName: sender.lastName, phone: '0400 111 222' });
  const writer = await personAt(browser, '/student/login', sender.email, PASSWORD);
  await writer.goto('/student/contact');
  const form = writer.getByRole('form', { name: 'Contact us' });
  await expect(form.getByTestId('contact-profile-phone')).toContainText('0400 111 222');
  await expect(form.getByLabel('Phone Number')).toHaveCount(0);
  await form.getByLabel('Message').fill(question);
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Choose the awarding body your message is for')).toBeVisible();
  await form.getByLabel(/Awarding body/).selectOption({ label: bodies[0]!.name });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(writer.getByTestId('contact-sent')).toBeVisible();
  const mine = writer.getByRole('list', { name: 'Your messages' }).getByTestId('my-contact-message').filter({ hasText: question });
  await expect(mine).toContainText('Waiting for a reply');

  const staff = await staffPage(browser);
  await staff.goto('/admin/contact-us');
  const table = staff.getByTestId('contact-messages-table');
  await searchList(staff, staff.getByLabel('Search'), sender.email, table);
  await table.getByRole('button', { name: `Open the message from ${sender.name}` }).click();
  const dialog = staff.getByRole('dialog', { name: 'Contact message' });
  await expect(dialog).toContainText(question);
  await dialog.getByLabel('Reply by email').fill('Yes: 14 March at the Hobart centre.');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByTestId('contact-reply')).toContainText('Yes: 14 March at the Hobart centre.');
  await expect(dialog.getByText('Handled', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(staff);
  await expect.poll(() => mailsTo(sender.email).some((mail) => mail.subject === 'Reply to your message')).toBe(true);
  // The applicant reads the reply under their message on Contact us too.
  await writer.reload();
  await expect(mine.getByTestId('my-contact-reply')).toContainText('Yes: 14 March at the Hobart centre.');
  await expect(mine).toContainText('Answered');
  await expectNoSeriousViolations(writer);
});
