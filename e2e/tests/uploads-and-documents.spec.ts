import { expect, test, type APIRequestContext, type Page } from '../fixtures/test';
import { api, QUALIFICATION_API, signInApi } from '../fixtures/api-setup';
import { seriousViolations } from '../fixtures/axe';
import { DEMO, DEMO_PASSWORD } from '../fixtures/demo-accounts';
import { QUALIFICATION } from '../fixtures/journey';
import { waitForMailLink } from '../fixtures/mailbox';

/**
 * Issue 21, items 1 and 15: uploads work from whatever address the platform was opened at, and an
 * applicant can remove a document that no submitted application uses.
 */

const PORT = Number(process.env.E2E_PORT ?? 3199);
// The e2e baseURL (and PUBLIC_URL) is http://localhost:<port>: this is the same server under another name.
const LOOPBACK = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Inspect-Weld-2026!';
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** A new applicant, registered and activated through the API (from the mailed link). */
async function newApplicant(request: APIRequestContext, prefix: string): Promise<{ email: string; jwt: string }> {
  const email = `${prefix}.${Date.now()}@example.test`;
  await api(request, 'POST', '/unauth/applicantregistration', null, { firstName: 'Sam', lastName: 'Uploader', email, password: PASSWORD, timeZone: 'Australia/Sydney' });
  const { link } = await waitForMailLink(email, /\/register\/activate\/[^/\s]+$/);
  await api(request, 'GET', `/unauth/applicantregistration/activationpath/${new URL(link).pathname.split('/').pop()}`, null);
  return { email, jwt: await signInApi(request, email, PASSWORD, true) };
}

/** The upload flow the Documents page runs (presign, PUT, save), through the API. */
async function uploadThroughApi(request: APIRequestContext, jwt: string, name: string): Promise<{ id: string }> {
  const target = await api<{ url: string; headers: Record<string, string>; resourceKey: string }>(request, 'POST', '/api/attachment/presigned-upload', jwt, {
    fileName: name,
    contentType: 'application/pdf',
    size: PDF.length,
  });
  const put = await request.fetch(target.url, { method: 'PUT', headers: target.headers, data: PDF });
  expect(put.status()).toBe(200);
  return api<{ id: string }>(request, 'POST', '/unauth/save/attachment', jwt, { resourceKey: target.resourceKey });
}

async function signInAt(page: Page, origin: string, email: string): Promise<void> {
  await page.goto(`${origin}/student/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/student\/login$/);
}

test('an applicant who opened the platform at 127.0.0.1 uploads a document and opens it', async ({ browser, request }) => {
  const { email } = await newApplicant(request, 'loopback.upload');
  // The page's own Content-Security-Policy applies (no bypass): it decides whether the PUT may go out.
  const context = await browser.newContext({ baseURL: LOOPBACK });
  const page = await context.newPage();
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|CORS/i.test(message.text())) blocked.push(message.text());
  });
  await signInAt(page, LOOPBACK, email);
  await page.goto(`${LOOPBACK}/student/documents`);
  await expect(page.getByRole('heading', { name: 'Documents', level: 1 })).toBeVisible();

  const fileName = 'Weld procedure WPS-101.pdf';
  const putDone = page.waitForResponse((response) => response.request().method() === 'PUT' && response.url().includes('/unauth/storage/upload/'));
  await page.getByTestId('document-upload').locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
  const put = await putDone;
  expect(put.status()).toBe(200);
  // The browser sent the file to the address it was opened at, not to PUBLIC_URL (localhost).
  expect(new URL(put.url()).origin).toBe(LOOPBACK);
  await expect(page.getByTestId('document-upload')).toContainText('Uploaded');
  await expect(page.getByTestId('upload-error')).toHaveCount(0);
  const documents = page.getByTestId('documents-table');
  await expect(documents.getByTestId('file-name')).toHaveAttribute('title', fileName);

  // The new tab opens the file from the address the page was opened at: its answer is checked, not
  // the tab's address (a browser without a PDF viewer downloads it instead).
  const served = context.waitForEvent('response', (response) => response.url().includes('/unauth/openfile/'));
  const [viewer] = await Promise.all([page.waitForEvent('popup'), documents.getByRole('button', { name: `View ${fileName}` }).click()]);
  expect(new URL((await served).url()).origin).toBe(LOOPBACK);
  expect((await served).status()).toBe(200);
  await viewer.close();
  expect(blocked).toEqual([]);
  await context.close();
});

test.describe('removing a document', () => {
  test.use({ bypassCSP: true });

  test('removes a document no submitted application uses; one a submitted application uses stays, with the reason', async ({ page, request }) => {
    const { email, jwt } = await newApplicant(request, 'remove.documents');
    const loose = 'Old CV 2019.pdf';
    const evidence = 'Logbook of inspections.pdf';
    await uploadThroughApi(request, jwt, loose);
    const used = await uploadThroughApi(request, jwt, evidence);
    // The logbook goes with a submitted application.
    const programs = await api<{ rows: { id: string; programCode: string }[] }>(request, 'GET', `/api/program/published?search=${QUALIFICATION}`, jwt);
    const programId = programs.rows.find((p) => p.programCode === QUALIFICATION)!.id;
    const program = await api<{ requirements: { id: string }[] }>(request, 'GET', `/api/program/published/${programId}`, jwt);
    const draft = await api<{ id: string }>(request, 'POST', `${QUALIFICATION_API}/save`, jwt, {
      programId,
      declarationAccepted: true,
      answers: program.requirements.map((r, index) => ({ requirementId: r.id, answerText: 'Four years as a QA inspector.', attachmentIds: index === 0 ? [used.id] : [] })),
    });
    await api(request, 'POST', `${QUALIFICATION_API}/${draft.id}/submit`, jwt);

    await signInAt(page, '', email);
    await page.goto('/student/documents');
    const documents = page.getByTestId('documents-table');
    await expect(documents.getByRole('button', { name: `Remove ${loose}` })).toBeVisible();

    // The one in the submitted application: the dialog says why it stays.
    await documents.getByRole('button', { name: `Remove ${evidence}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove document' });
    await expect(dialog).toContainText(`Remove ${evidence}?`);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog.getByRole('alert')).toContainText('The document was not removed');
    await expect(dialog).toContainText('This file is part of an application, exam or record you have submitted, so it cannot be removed');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(documents.getByRole('button', { name: `View ${evidence}` })).toBeVisible();

    // The loose one goes.
    await documents.getByRole('button', { name: `Remove ${loose}` }).click();
    // The dialog must be showing this document before Remove is pressed (it was just closed on the other one).
    await expect(dialog).toContainText(`Remove ${loose}?`);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`${loose} was removed`)).toBeVisible();
    await expect(documents.getByRole('button', { name: `View ${loose}` })).toHaveCount(0);
    await expect(documents.getByRole('button', { name: `View ${evidence}` })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Another applicant cannot remove it: 404, and it stays.
    const otherJwt = await signInApi(request, DEMO.applicant, DEMO_PASSWORD, true);
    const theirs = await request.fetch(`/api/attachment/mine/${used.id}`, { method: 'DELETE', headers: { authorization: `Bearer ${otherJwt}` } });
    expect(theirs.status()).toBe(404);
    await page.reload();
    await expect(documents.getByRole('button', { name: `View ${evidence}` })).toBeVisible();
  });
});
