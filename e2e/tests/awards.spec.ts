import { gunzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '../fixtures/test';
import { CERTIFICATION_PROGRAM_CODE, paidCertificationApplication } from '../fixtures/api-setup';
import { seriousViolations } from '../fixtures/axe';
import { DEMO } from '../fixtures/demo-accounts';
import { downloaded, textOfPdf } from '../fixtures/downloads';
import { personAt } from '../fixtures/journey';
import { searchList } from '../fixtures/lists';


test('staff award a Certification application, the holder downloads the certificate and credential, a visitor verifies it, and a hold shows everywhere', async ({ browser, request }) => {
  test.setTimeout(240_000);
  const application = await paidCertificationApplication(request);
  const staffPath = `/admin/programs/${application.programId}/applications/certificationapplication/${application.id}`;

  // 1. The program's manager records the overall result Awarded on the application page: the Award section appears.
  const staff = await personAt(browser, '/admin/login', DEMO.accountAdmin);
  await staff.goto(staffPath);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Application ${application.applicationNumber}`);
  const overall = staff.getByTestId('overall-result');
  await overall.getByRole('radio', { name: 'Awarded' }).check();
  await overall.getByRole('textbox', { name: 'Note for the history', exact: true }).fill('Supervision confirmed by both referees.');
  await overall.getByRole('button', { name: 'Record overall result' }).click();
  await staff.getByRole('dialog', { name: 'Record Awarded?' }).getByRole('button', { name: 'Record Awarded' }).click();
  await expect(staff.locator('[data-status="Awarded"]').first()).toBeVisible();
  const panel = staff.getByTestId('award-stage');
  await expect(panel.getByRole('heading', { name: 'Award' })).toBeVisible();
  const certificateNumber = ((await panel.getByTestId('award-certificate-number').textContent()) ?? '').trim();
  expect(certificateNumber).not.toBe('');
  await expect(panel.locator('[data-status="Current"]')).toBeVisible();
  // A Certification is renewed every three years (the demo program's renewal period): the expiry is shown.
  await expect(panel.getByTestId('award-expiry')).toContainText(String(new Date().getFullYear() + 3));
  await expect(panel.getByTestId('award-actions').getByRole('button')).toHaveText(['Hold', 'Cancel', 'Withdraw']);
  await expect(panel.getByTestId('award-history')).toContainText('Alex Administrator');
  await expect(panel.getByTestId('award-history').getByRole('row').nth(1)).toContainText('Awarded');
  expect(await seriousViolations(staff)).toEqual([]);

  // 2. The Awards screen, reached from Programs: searched by the certificate number, exported, linked to the application.
  await staff.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Programs' }).click();
  await staff.getByRole('link', { name: 'Awards', exact: true }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Awards');
  const awardsTable = staff.getByTestId('staff-awards-table');
  await searchList(staff, staff.getByRole('searchbox', { name: 'Search' }), certificateNumber, awardsTable);
  const awardRow = awardsTable.getByRole('row', { name: new RegExp(application.name) });
  await expect(awardRow).toHaveCount(1);
  await expect(awardRow).toContainText(certificateNumber);
  await expect(awardRow).toContainText(CERTIFICATION_PROGRAM_CODE);
  await expect(awardRow.locator('[data-status="Current"]')).toBeVisible();
  await staff.getByRole('combobox', { name: 'Status' }).selectOption('on hold');
  await expect(awardsTable).toContainText('No awards match.');
  await staff.getByRole('combobox', { name: 'Status' }).selectOption('current');
  await expect(awardRow).toContainText(certificateNumber);
  expect(await seriousViolations(staff)).toEqual([]);
  const csv = await downloaded(staff, () => staff.getByRole('button', { name: 'Export CSV' }).click());
  expect(csv.download.suggestedFilename()).toMatch(/\.csv$/);
  expect(csv.bytes.toString('utf8')).toContain(certificateNumber);
  expect(csv.bytes.toString('utf8')).toContain(application.name.split(' ')[1]);
  await awardRow.getByRole('link', { name: `Application ${application.applicationNumber} of ${application.name}` }).click();
  await expect(staff).toHaveURL(new RegExp(`${staffPath}$`));

  // The applicant's awards as a sub-list on Users > Applicants.
  await staff.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Users' }).click();
  await staff.getByRole('link', { name: 'Applicants' }).click();
  const applicants = staff.getByTestId('applicants-table');
  await searchList(staff, staff.getByRole('searchbox', { name: 'Search' }), application.email, applicants);
  await applicants.getByRole('button', { name: `Awards of ${application.name}` }).click();
  const awardsOfHolder = staff.getByRole('dialog', { name: `Awards of ${application.name}` });
  await expect(awardsOfHolder.getByTestId('applicant-awards-table')).toContainText(certificateNumber);
  expect(await seriousViolations(staff)).toEqual([]);
  await awardsOfHolder.getByRole('button', { name: 'Close' }).click();

  // 3. The holder sees the award in their Awards list and downloads the certificate (PDF) and the credential (JSON).
  const holder = await personAt(browser, '/student/login', application.email, application.password);
  await expect(holder.getByTestId('my-awards-summary')).toContainText(certificateNumber);
  await holder.getByRole('link', { name: 'Your applications and awards' }).click();
  const mine = holder.getByTestId('awards-table');
  const myRow = mine.getByRole('row', { name: new RegExp(application.name) });
  await expect(myRow).toContainText(certificateNumber);
  await expect(myRow).toContainText(CERTIFICATION_PROGRAM_CODE);
  await expect(myRow.locator('[data-status="Current"]')).toBeVisible();
  expect(await seriousViolations(holder)).toEqual([]);
  const credential = await downloaded(holder, () => myRow.getByRole('button', { name: `Download credential ${certificateNumber}` }).click());
  const badge = JSON.parse(credential.bytes.toString('utf8')) as { type: string[]; id?: string; credentialStatus: { statusPurpose: string; statusListCredential: string; statusListIndex: string }[] };
  expect(badge.type).toContain('OpenBadgeCredential');
  const certificate = await downloaded(holder, () => myRow.getByRole('button', { name: `Download certificate ${certificateNumber}` }).click());
  expect(certificate.download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(certificate.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const shown = textOfPdf(certificate.bytes);
  expect(shown).toContain(application.name);
  expect(shown).toContain(certificateNumber);
  // The application's own page names its award.
  await holder.getByTestId('applications-table').getByRole('link', { name: application.applicationNumber }).click();
  await expect(holder.getByTestId('my-application-award')).toContainText(certificateNumber);
  await expect(holder.getByTestId('my-application-award').locator('[data-status="Current"]')).toBeVisible();

  // 4. A visitor opens the certificate's verification page (the QR code's address): Current.
  const visitor = await browser.newPage({ bypassCSP: true });
  await visitor.goto(`/verify/${encodeURIComponent(certificateNumber)}`);
  await expect(visitor.getByTestId('verification-status')).toHaveAttribute('data-status', 'current');
  await expect(visitor.getByTestId('verification-status')).toContainText('Current');

  // 5. Staff put the award on hold: the reason is required, then recorded.
  await staff.goto(staffPath);
  await panel.getByTestId('award-actions').getByRole('button', { name: 'Hold' }).click();
  const hold = staff.getByRole('dialog', { name: `Put the award on hold ${certificateNumber}` });
  await hold.getByRole('button', { name: 'Put on hold' }).click();
  await expect(hold).toContainText('Hold reason is required');
  expect(await seriousViolations(staff)).toEqual([]);
  await hold.getByRole('textbox', { name: 'Reason' }).fill('Referee statement under review.');
  await hold.getByRole('button', { name: 'Put on hold' }).click();
  await expect(hold).toBeHidden();
  await expect(panel.locator('[data-status="On hold"]')).toBeVisible();
  await expect(panel.getByTestId('award-actions').getByRole('button')).toHaveText(['Release', 'Cancel']);
  // The log says what was done in words: "Put on hold", not the stored "hold".
  await expect(panel.getByTestId('award-history').getByRole('row').filter({ hasText: 'Referee statement under review.' })).toContainText('Put on hold');
  await expect(staff.locator('[data-status="Awarded OnHold"]').first()).toBeVisible();

  // 6. The verification page and the holder's list say so; the holder is no longer offered the certificate as valid.
  await visitor.reload();
  await expect(visitor.getByTestId('verification-status')).toHaveAttribute('data-status', 'on hold');
  await expect(visitor.getByTestId('verification-status')).toContainText('On hold');
  await holder.reload();
  await expect(holder.getByTestId('my-application-award')).toContainText('While on hold, the certificate is not valid.');
  // The application page says On hold with staff's reason: the banner in words, not "Awarded OnHold", and the
  // result no longer a plain green Awarded; the award's title is readable (axe's contrast check).
  const banner = holder.getByTestId('application-read-only');
  await expect(banner).toContainText('Award On Hold');
  await expect(banner).not.toContainText('Awarded OnHold');
  await expect(banner).toContainText('Your award is on hold: the certificate is not valid while it is. Reason: Referee statement under review.');
  await expect(holder.getByTestId('award-status-reason')).toHaveText('Reason given: Referee statement under review.');
  expect(await seriousViolations(holder)).toEqual([]);
  await holder.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Applications' }).click();
  await expect(myRow.locator('[data-status="On hold"]')).toBeVisible();
  await expect(myRow).toContainText('On hold: certificate not valid');
  await expect(myRow.getByRole('button', { name: `Download certificate ${certificateNumber}` })).toHaveCount(0);
  // The holder's home: the result and the program's standing say on hold, not a green Awarded.
  await holder.getByRole('navigation', { name: 'Applicant menu' }).getByRole('link', { name: 'Home' }).click();
  await expect(holder.getByTestId('results')).toContainText(`${application.applicationNumber}Awarded, now on hold`);
  await holder.getByRole('searchbox', { name: 'Search programs' }).fill(CERTIFICATION_PROGRAM_CODE);
  const programRow = holder.getByRole('row').filter({ has: holder.getByRole('link', { name: CERTIFICATION_PROGRAM_CODE, exact: true }) });
  await expect(programRow.locator('[data-status="Award On Hold"]')).toBeVisible();

  // 7. The public register says on hold, and so does the credential's published suspension list
  //    (what a verifier reads; the API tests check the same with the library's own verifier).
  await visitor.goto('/personnel-search');
  await visitor.getByLabel('Search by').selectOption('certificateNumber');
  await visitor.getByRole('textbox', { name: 'Search for' }).fill(certificateNumber);
  await visitor.getByRole('button', { name: 'Search', exact: true }).click();
  const registerRow = visitor.getByRole('table', { name: 'Personnel search results' }).getByRole('row').filter({ hasText: certificateNumber });
  await expect(registerRow).toContainText('On hold');
  const suspended = await statusBit(request, badge.credentialStatus, 'suspension');
  const revoked = await statusBit(request, badge.credentialStatus, 'revocation');
  expect({ suspended, revoked }).toEqual({ suspended: 1, revoked: 0 });
});

/**
 * The award's bit in a published status list: a W3C Bitstring Status List is a gzip'd bitstring in
 * base64url behind a `u` multibase prefix, its first bit the most significant of the first byte.
 */
async function statusBit(request: APIRequestContext, entries: { statusPurpose: string; statusListCredential: string; statusListIndex: string }[], purpose: string): Promise<number> {
  const entry = entries.find((candidate) => candidate.statusPurpose === purpose);
  expect(entry, `a ${purpose} status entry`).toBeDefined();
  const listUrl = new URL(entry!.statusListCredential);
  const list = (await (await request.get(listUrl.pathname)).json()) as { credentialSubject: { encodedList: string } };
  const bits = gunzipSync(Buffer.from(list.credentialSubject.encodedList.slice(1), 'base64url'));
  const index = Number(entry!.statusListIndex);
  return (bits[index >> 3]! >> (7 - (index & 7))) & 1;
}
