import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { ROLES } from '@certs/shared/auth/roles';
import { formatDay } from '@certs/shared/common/dates';
import { expiryToday, subtractMonths } from '@certs/shared/award/award-expiry';
import type { DashboardSummary } from '@certs/shared/dashboard/dashboard.contract';
import { WPQ_VALIDITY_MESSAGES as M } from '@certs/shared/wpq/wpq-validity.contract';
import { PAYMENT_MESSAGES } from '@certs/shared/payment/payment.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAccount } from '../../../test/factories/account.factory';
import { addProgramUser, completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES, uploadFile } from '../../../test/upload';
import { applications } from '../../db/schema/application';
import { awardHistory, awards } from '../../db/schema/award';
import { mails } from '../../db/schema/mail';
import { invoices as invoiceRows, payments } from '../../db/schema/payment';
import { programWelderQualificationSettings } from '../../db/schema/program';
import { wpqConfirmationLinks, wpqConfirmations, wpqRevalidations } from '../../db/schema/wpq-validity';
import { MailRepository } from '../../platform/mail/mail.repository';
import { MailService } from '../../platform/mail/mail.service';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { insertEmployer, insertKeptQualification } from './wpq-validity-test-records';
import { WpqValidityRepository } from './wpq-validity.repository';
import { WpqValidityService } from './wpq-validity.service';
import { textOfPdf } from '../pre-exam/pdf-text';

let t: TestApp;
let programId: string;
let welder: CreatedUser;
let otherWelder: CreatedUser;
const jwt: Record<'manager' | 'examiner' | 'assessor' | 'outsider' | 'welder' | 'otherWelder', string> = {} as never;
let employerId: string;

const today = () => expiryToday(new Date());

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const [manager, examiner, assessor, outsider] = await Promise.all([
    createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }),
    createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Erin', lastName: 'Examiner' }),
    createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }),
    createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] }),
  ]);
  welder = await createUser(db, { role: ROLES.Applicant, firstName: 'Wendy', lastName: 'Welder', email: `wendy-${Date.now()}@example.test` });
  otherWelder = await createUser(db, { role: ROLES.Applicant, firstName: 'Oscar', lastName: 'Other' });
  programId = (await createProgram(db, { programType: 3, programManagerId: manager!.id, status: 2, programTitle: 'Welder Qualification Test to ISO 9606-1' })).id;
  await completeProgram(db, programId, 3, assessor!.id);
  await db
    .update(programWelderQualificationSettings)
    .set({ reValidationProlongation: true, revalidationMemberFeeCents: 12000, revalidationNonmemberFeeCents: 15000, messageProlongationReValidation: 'Revalidated for two more years.' })
    .where(eq(programWelderQualificationSettings.programId, programId));
  await addProgramUser(db, programId, manager!.id, 'manager');
  await addProgramUser(db, programId, examiner!.id, 'examiner');
  employerId = (await insertEmployer(db)).id;
  const people = { manager: manager!, examiner: examiner!, assessor: assessor!, outsider: outsider!, welder, otherWelder };
  for (const [name, user] of Object.entries(people)) jwt[name as keyof typeof jwt] = (await signIn(t.app, user)).jwt;
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

/** A qualification tested `monthsAgo` months ago (plus a few days, so the first period is open). */
async function kept(applicant: CreatedUser, option: '9.3a' | '9.3b' | '9.3c' = '9.3a', monthsAgo = 2) {
  const testDate = subtractMonths(today(), monthsAgo);
  return insertKeptQualification(t.database.db, { applicantId: applicant.applicantId!, programId, testDate, option, employerCompanyId: employerId });
}

/** The token of the latest link mailed to the coordinator. */
async function mailedToken(): Promise<string> {
  const [mail] = await t.database.db.select().from(mails).where(eq(mails.toEmail, 'coordinator@hunter.example')).orderBy(desc(mails.createdOn)).limit(1);
  const url = mail!.links.find((l) => l.url.includes('/wpq-confirm/'))!.url;
  return url.split('/wpq-confirm/')[1]!;
}

const confirmation = (overrides: Record<string, unknown> = {}) => ({ confirmerName: 'Casey Coordinator', confirmerPosition: 'Welding coordinator', confirmedOn: today(), ...overrides });

describe('the validity now (GET api/wpq/{id}/validity)', () => {
  it('answers the holder and the program staff through the shared rule, and refuses others', async () => {
    const record = await kept(welder, '9.3b', 2);
    const own = await send('GET', `/api/wpq/${record.recordId}/validity`, jwt.welder);
    expect(own.statusCode).toBe(200);
    const testDate = subtractMonths(today(), 2);
    expect(own.json()).toMatchObject({
      isValid: true,
      option: '9.3b',
      testDate,
      validUntil: subtractMonths(testDate, -24),
      nextConfirmationDue: subtractMonths(testDate, -6),
      confirmations: [],
      revalidations: [],
      messageConfirmation: 'Please confirm your continued welding.',
      messageProlongation: 'Revalidated for two more years.',
    });
    expect((await send('GET', `/api/wpq/${record.recordId}/validity`, jwt.manager)).statusCode).toBe(200);
    expect((await send('GET', `/api/wpq/${record.recordId}/validity`, jwt.examiner)).statusCode).toBe(200);
    expect((await send('GET', `/api/wpq/${record.recordId}/validity`, jwt.otherWelder)).statusCode).toBe(404);
    expect((await send('GET', `/api/wpq/${record.recordId}/validity`, jwt.outsider)).statusCode).toBe(403);
    expect((await send('GET', `/api/wpq/${crypto.randomUUID()}/validity`, jwt.manager)).statusCode).toBe(404);
  });
});

describe("the employer's link", () => {
  it('confirms once, for its own welder only, and the award records a Confirmation', async () => {
    const record = await kept(welder);
    const other = await kept(otherWelder);
    const sent = await send('POST', `/api/wpq/${record.recordId}/confirmation/link`, jwt.manager);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sentTo).toBe('coordinator@hunter.example');
    const token = await mailedToken();
    // The coordinator's mail is written to the employer: not the program's confirmation message, which is the welder's.
    const [coordinatorMail] = await t.database.db.select().from(mails).where(eq(mails.toEmail, 'coordinator@hunter.example')).orderBy(desc(mails.createdOn)).limit(1);
    expect(coordinatorMail!.text).toContain('needs its 6-monthly confirmation');
    expect(coordinatorMail!.text).not.toContain('Please confirm your continued welding.');
    // Only a hash is kept.
    const links = await t.database.db.select().from(wpqConfirmationLinks).where(eq(wpqConfirmationLinks.wpqRecordId, record.recordId));
    expect(links).toHaveLength(1);
    expect(links[0]!.tokenHash).not.toContain(token);

    const view = await send('GET', `/unauth/wpqconfirmation/${token}`, null);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ welderName: 'Wendy Welder', certificateNumber: record.certificateNumber, companyName: 'Hunter Fabrication', sequence: 1, designations: ['ISO 9606-1 135 P BW FM1 S s10 PF ss nb'] });
    expect(view.json()).not.toHaveProperty('messageConfirmation');

    const done = await send('POST', `/unauth/wpqconfirmation/${token}`, null, confirmation());
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ confirmation: { sequence: 1, confirmedBy: 'employer', companyName: 'Hunter Fabrication' }, messageConfirmation: 'Please confirm your continued welding.' });

    const again = await send('POST', `/unauth/wpqconfirmation/${token}`, null, confirmation());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.linkUsed);

    const validity = (await send('GET', `/api/wpq/${record.recordId}/validity`, jwt.welder)).json();
    expect(validity.confirmations).toHaveLength(1);
    expect(validity.nextConfirmationDue).toBe(subtractMonths(subtractMonths(today(), 2), -12));
    const [award] = await t.database.db.select().from(awards).where(eq(awards.id, record.awardId));
    expect(award).toMatchObject({ awardType: 'Confirmation', status: 'current', certificateVersion: 2 });
    const history = await t.database.db.select().from(awardHistory).where(and(eq(awardHistory.awardId, record.awardId), eq(awardHistory.action, 'confirmation')));
    expect(history).toHaveLength(1);
    // The other welder's qualification is untouched.
    expect((await t.database.db.select().from(wpqConfirmations).where(eq(wpqConfirmations.wpqRecordId, other.recordId))).length).toBe(0);
    const welderMail = await t.database.db.select().from(mails).where(eq(mails.toEmail, welder.email));
    expect(welderMail.map((m) => m.subject)).toContain(`Your welder qualification ${record.certificateNumber} has been confirmed`);
  });

  it('expires, refuses an unknown token and a date outside the period, changing nothing', async () => {
    const record = await kept(otherWelder);
    await send('POST', `/api/wpq/${record.recordId}/confirmation/link`, jwt.examiner);
    const token = await mailedToken();
    const outside = await send('POST', `/unauth/wpqconfirmation/${token}`, null, confirmation({ confirmedOn: subtractMonths(today(), 3) }));
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(/^Date must be after /);
    await t.database.db.update(wpqConfirmationLinks).set({ expiresOn: new Date(Date.now() - 1000) }).where(eq(wpqConfirmationLinks.wpqRecordId, record.recordId));
    const expired = await send('POST', `/unauth/wpqconfirmation/${token}`, null, confirmation());
    expect(expired.statusCode).toBe(409);
    expect(expired.json().message).toBe(M.linkExpired);
    expect((await send('GET', `/unauth/wpqconfirmation/${'x'.repeat(43)}`, null)).statusCode).toBe(404);
    expect((await t.database.db.select().from(wpqConfirmations).where(eq(wpqConfirmations.wpqRecordId, record.recordId))).length).toBe(0);
  });
});

describe("the examiner's confirmation", () => {
  it('is for the examiner or the manager; an assessor, outsiders and applicants are refused', async () => {
    const record = await kept(welder);
    for (const who of ['assessor', 'outsider'] as const) expect((await send('POST', `/api/wpq/${record.recordId}/confirmation`, jwt[who], confirmation())).statusCode).toBe(403);
    expect((await send('POST', `/api/wpq/${record.recordId}/confirmation`, jwt.welder, confirmation())).statusCode).toBe(403);
    expect((await send('POST', `/api/wpq/${record.recordId}/confirmation/link`, jwt.assessor)).statusCode).toBe(403);
    const done = await send('POST', `/api/wpq/${record.recordId}/confirmation`, jwt.examiner, confirmation({ confirmerName: 'Erin Examiner', confirmerPosition: 'Examiner', evidenceNote: 'Weld log WL-7' }));
    expect(done.statusCode).toBe(201);
    expect(done.json().confirmation).toMatchObject({ confirmedBy: 'examiner', evidenceNote: 'Weld log WL-7' });
    const twice = await send('POST', `/api/wpq/${record.recordId}/confirmation`, jwt.manager, confirmation());
    expect(twice.statusCode).toBe(409);
  });
});

describe("the confirmation window's first day (decision 026)", () => {
  it('is the day after the test day for the first confirmation: the test day itself is refused, changing nothing', async () => {
    const record = await kept(welder);
    const testDate = subtractMonths(today(), 2);
    const next = new Date(`${testDate}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const onTestDay = await send('POST', `/api/wpq/${record.recordId}/confirmation`, jwt.examiner, confirmation({ confirmedOn: testDate }));
    expect([onTestDay.statusCode, onTestDay.json().message]).toEqual([400, expect.stringMatching(/^Date must be after /)]);
    expect(await t.database.db.select().from(wpqConfirmations).where(eq(wpqConfirmations.wpqRecordId, record.recordId))).toEqual([]);
    const dayAfter = await send('POST', `/api/wpq/${record.recordId}/confirmation`, jwt.examiner, confirmation({ confirmedOn: next.toISOString().slice(0, 10) }));
    expect(dayAfter.statusCode, dayAfter.body).toBe(201);
  });
});

describe('the certificate (ISO 9606-1 Annex A)', () => {
  it('holds the designation, the ranges and the confirmation table as it stands, for the holder only', async () => {
    const record = await kept(welder, '9.3b', 2);
    const pdfText = async () => {
      const response = await send('GET', `/api/award/${record.awardId}/certificate`, jwt.welder);
      expect(response.statusCode).toBe(200);
      return (await textOfPdf(response.rawPayload)).join('\n');
    };
    const before = await pdfText();
    expect(before).toContain('ISO 9606-1 135 P BW FM1 S s10 PF ss nb');
    expect(before).toContain(record.certificateNumber);
    expect(before).toContain('Wendy Welder');
    expect(before).toContain('135, 138');
    expect(before).toContain('PA, PF');
    expect(before).toContain('3 mm to 20 mm');
    expect(before).toContain('9.3 b): two welds tested every 2 years');
    // Annex A's record entries, and the plate test's pipe range with the engine's conditions (issue 45).
    expect(before).toContain('AS/NZS 3678-250');
    expect(before).toContain('ER70S-6');
    expect(before).toContain('ISO 5817 level B');
    expect(before).toContain('plate; fixed pipe D 500 mm and up; rotating pipe D 75 mm and up in PA');
    expect(before).not.toContain('Casey Coordinator');
    await send('POST', `/api/wpq/${record.recordId}/confirmation/link`, jwt.manager);
    expect((await send('POST', `/unauth/wpqconfirmation/${await mailedToken()}`, null, confirmation())).statusCode).toBe(201);
    const after = await pdfText();
    expect(after).toContain('Casey Coordinator');
    expect(after).toContain('Welding coordinator');
    expect(after).toContain('Confirmed on the platform');
    expect((await send('GET', `/api/award/${record.awardId}/certificate`, jwt.otherWelder)).statusCode).toBe(404);
    expect((await send('GET', `/api/award/${record.awardId}/certificate`, jwt.outsider)).statusCode).toBe(403);
  });

  it('names who approved a revalidation on the platform in its signature cell', async () => {
    const record = await kept(welder, '9.3b', 2);
    const approver = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'], firstName: 'Morgan', lastName: 'Approver' });
    await t.database.db.insert(wpqRevalidations).values({
      wpqRecordId: record.recordId,
      awardId: record.awardId,
      status: 'approved',
      submittedBy: 'staff',
      welds: [{ description: 'Spool 14', weldedOn: today(), testMethod: 'Radiography', testReportAttachmentId: crypto.randomUUID() }],
      validUntilBefore: subtractMonths(today(), -22),
      validUntilAfter: subtractMonths(today(), -46),
      revalidatedOn: today(),
      decidedOn: new Date(),
      decidedBy: approver.id,
    });
    const text = (await textOfPdf((await send('GET', `/api/award/${record.awardId}/certificate`, jwt.welder)).rawPayload)).join(' ');
    expect(text).toMatch(/Approved on the platform by\s+Morgan Approver/);
    expect(text).toContain('Spool 14 (Radiography)');
  });

  it("prints the welder's profile photograph in its box; only the welder's own JPEG or PNG can be it", async () => {
    const record = await kept(welder, '9.3b', 2);
    const pdfText = async () => (await textOfPdf((await send('GET', `/api/award/${record.awardId}/certificate`, jwt.welder)).rawPayload)).join('\n');
    expect(await pdfText()).toContain('not on file');
    const upload = async (token: string, name: string, contentType: string, body: Buffer) => (await uploadFile(t.app, token, { name, contentType, body })).saved!.json().id as string;
    const photo = await upload(jwt.welder, 'wendy.png', 'image/png', ONE_PIXEL_PNG);
    // A PDF is not a photograph; another welder's image is not found; staff have no profile photograph.
    const notImage = await send('POST', '/api/attachment/profilephoto', jwt.welder, { attachmentId: await upload(jwt.welder, 'id.pdf', 'application/pdf', PDF_BYTES) });
    expect([notImage.statusCode, notImage.json().message]).toEqual([400, 'The photograph must be a JPEG or PNG image']);
    const theirs = await send('POST', '/api/attachment/profilephoto', jwt.otherWelder, { attachmentId: photo });
    expect(theirs.statusCode).toBe(404);
    expect((await send('POST', '/api/attachment/profilephoto', jwt.manager, { attachmentId: photo })).statusCode).toBe(403);
    expect((await send('GET', '/api/attachment/profilephoto', jwt.otherWelder)).json()).toEqual({ photo: null });

    const set = await send('POST', '/api/attachment/profilephoto', jwt.welder, { attachmentId: photo });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().photo).toMatchObject({ id: photo, name: 'wendy.png', contentType: 'image/png' });
    expect(await pdfText()).not.toContain('not on file');
    // Removing the file takes it off the profile and the certificate.
    expect((await send('DELETE', `/api/attachment/mine/${photo}`, jwt.welder)).statusCode).toBe(204);
    expect((await send('GET', '/api/attachment/profilephoto', jwt.welder)).json()).toEqual({ photo: null });
    expect(await pdfText()).toContain('not on file');
  });
});

/** A valid one-pixel PNG: enough for the type check and for the PDF to embed. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('the job: reminders and a missed confirmation', () => {
  function serviceAt(day: string) {
    const db = t.database.db;
    return new WpqValidityService({
      repository: new WpqValidityRepository(db),
      workflow: new ApplicationWorkflowRepository(db),
      programs: { programPrivilege: async () => ({ isManager: false, programRoles: [] }) },
      attachments: { findOwned: async () => [], findByIds: async () => [], readProfilePhoto: async () => null },
      invoices: {
        billingOf: async () => {
          throw new Error('not used');
        },
        invoiceIssuerOf: async () => {
          throw new Error('not used');
        },
        issueInvoice: async () => {
          throw new Error('not used');
        },
      },
      // No revalidation lapses in these tests: the payment module's void is not reached.
      payments: {
        voidInvoice: async () => {
          throw new Error('not used');
        },
      },
      mail: new MailService(new MailRepository(db), { smtpUrl: undefined, from: 'test@example.test', log: { info: () => undefined, warn: () => undefined, error: () => undefined } as never }),
      publicUrl: 'http://localhost',
      now: () => new Date(`${day}T02:00:00Z`),
    });
  }

  it('sends each reminder once to the welder and the employer, and ends a missed qualification exactly once with two passes racing', async () => {
    const db = t.database.db;
    const applicant = await createUser(db, { role: ROLES.Applicant, firstName: 'Jay', lastName: 'Job' });
    const record = await insertKeptQualification(db, { applicantId: applicant.applicantId!, programId, testDate: '2026-01-10', option: '9.3a', employerCompanyId: employerId });
    const mailsTo = async (email: string) => (await db.select().from(mails).where(eq(mails.toEmail, email))).map((m) => m.subject);

    expect((await serviceAt('2026-06-09').runOnce()).reminders).toBe(0);
    expect((await serviceAt('2026-06-10').runOnce()).reminders).toBe(2);
    expect((await serviceAt('2026-06-11').runOnce()).reminders).toBe(0);
    expect((await serviceAt('2026-07-03').runOnce()).reminders).toBe(2);
    expect((await serviceAt('2026-07-10').runOnce()).reminders).toBe(0);
    expect((await mailsTo(applicant.email)).filter((s) => s.includes('needs its confirmation'))).toHaveLength(2);
    // Still valid on the due day itself.
    expect((await serviceAt('2026-07-10').runOnce()).ended).toBe(0);

    const passes = await Promise.all([serviceAt('2026-07-11').runOnce(), serviceAt('2026-07-11').runOnce()]);
    expect(passes.reduce((n, p) => n + p.ended, 0)).toBe(1);
    const [award] = await db.select().from(awards).where(eq(awards.id, record.awardId));
    expect(award!.status).toBe('expired');
    expect(await db.select().from(awardHistory).where(and(eq(awardHistory.awardId, record.awardId), eq(awardHistory.action, 'expire')))).toHaveLength(1);
    const [application] = await db.select().from(applications).where(eq(applications.id, record.applicationId));
    expect(application!.status).toBe('Award Withdrawn');
    expect((await mailsTo(applicant.email)).filter((s) => s.endsWith('has ended'))).toHaveLength(1);
    expect((await serviceAt('2026-07-12').runOnce()).ended).toBe(0);
  }, 120_000);
});

describe('revalidation (9.3 b)', () => {
  it('takes two welds of the last 6 months with reports; staff open the reports; approval invoices the fee named beforehand, and the validity runs 2 more years once it is paid', async () => {
    const db = t.database.db;
    // Tested 23 months ago: validity ends in a month; every earlier confirmation was made.
    const record = await kept(welder, '9.3b', 23);
    const testDate = subtractMonths(today(), 23);
    for (const k of [1, 2, 3]) {
      const dueOn = subtractMonths(testDate, -6 * k);
      await db.insert(wpqConfirmations).values({ wpqRecordId: record.recordId, awardId: record.awardId, sequence: k, dueOn, confirmedOn: dueOn, confirmedBy: 'examiner', confirmerName: 'Erin', confirmerPosition: 'Examiner' });
    }
    const report = async (token: string, name: string) => (await uploadFile(t.app, token, { name, contentType: 'application/pdf', body: PDF_BYTES })).saved!.json().id as string;
    const reports = [await report(jwt.welder, 'rt-1.pdf'), await report(jwt.welder, 'rt-2.pdf')];
    const welds = (weldedOn: string) => reports.map((id, i) => ({ description: `Production weld ${i + 1}`, weldedOn, testMethod: 'Radiography', testReportAttachmentId: id }));

    const early = await send('POST', `/api/wpq/${record.recordId}/revalidation/submit`, jwt.welder, { welds: welds(subtractMonths(today(), 7)) });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/^Each weld must be from the last 6 months of validity/);
    expect((await send('POST', `/api/wpq/${record.recordId}/revalidation/submit`, jwt.otherWelder, { welds: welds(today()) })).statusCode).toBe(404);
    const others = [await report(jwt.otherWelder, 'x.pdf'), await report(jwt.otherWelder, 'y.pdf')];
    const notMine = await send('POST', `/api/wpq/${record.recordId}/revalidation/submit`, jwt.welder, { welds: others.map((id) => ({ description: 'W', weldedOn: today(), testMethod: 'Radiography', testReportAttachmentId: id })) });
    expect(notMine.statusCode).toBe(400);

    // The validity names the window while a revalidation can be asked for, and not once one is open,
    // and the fee approval will invoice (the welder is not a member: the non-member fee, GST-inclusive).
    const before = (await send('GET', `/api/wpq/${record.recordId}/validity`, jwt.welder)).json();
    expect(before.revalidationWindow).toEqual({ from: subtractMonths(subtractMonths(testDate, -24), 6), to: subtractMonths(testDate, -24) });
    expect(before.revalidationFee).toEqual({ amountCents: 15000, currency: 'AUD', basis: 'nonMember' });
    const submitted = await send('POST', `/api/wpq/${record.recordId}/revalidation/submit`, jwt.welder, { welds: welds(today()) });
    expect(submitted.statusCode).toBe(201);
    expect((await send('GET', `/api/wpq/${record.recordId}/validity`, jwt.welder)).json().revalidationWindow).toBeNull();
    const revalidationId = submitted.json().id;
    expect((await db.select().from(applications).where(eq(applications.id, record.applicationId)))[0]!.status).toBe('Applied for Revalidation');
    expect((await send('POST', `/api/wpq/${record.recordId}/revalidation/submit`, jwt.welder, { welds: welds(today()) })).json().message).toBe(M.revalidationOpen);

    // Staff who decide see each weld's test report and can open it; staff outside the program cannot.
    const staffView = (await send('GET', `/api/wpq/${record.recordId}/validity`, jwt.manager)).json();
    expect(staffView.revalidations[0].welds.map((weld: { testReport: { name: string } | null }) => weld.testReport?.name)).toEqual(['rt-1.pdf', 'rt-2.pdf']);
    const reportKey = staffView.revalidations[0].welds[0].testReport.resourceKey as string;
    expect((await send('GET', `/api/attachment/presigned-download/${reportKey}`, jwt.manager)).statusCode).toBe(200);
    expect((await send('GET', `/api/attachment/presigned-download/${reportKey}`, jwt.outsider)).statusCode).toBe(403);

    expect((await send('POST', `/api/wpq/${record.recordId}/revalidation/${revalidationId}/decide`, jwt.examiner, { decision: 'approve' })).statusCode).toBe(403);
    const approved = await send('POST', `/api/wpq/${record.recordId}/revalidation/${revalidationId}/decide`, jwt.manager, { decision: 'approve' });
    expect(approved.statusCode).toBe(200);
    // Approved and invoiced: the answer names the invoice and the extension to come.
    expect(approved.json()).toMatchObject({ status: 'invoiced', validUntilAfter: subtractMonths(testDate, -48), revalidatedOn: null });
    expect(approved.json().invoiceId).toEqual(expect.any(String));
    // The non-member revalidation fee, invoiced through the pre-exam invoicing with GST.
    const invoices = (await send('GET', `/api/invoice/byapplication/${record.applicationId}`, jwt.welder)).json();
    expect(invoices).toHaveLength(1);
    expect(invoices[0].id).toBe(approved.json().invoiceId);
    expect(JSON.stringify(invoices[0])).toContain('REVALIDATION');
    expect(invoices[0].subtotalCents).toBe(15000);
    const approvalMail = (await db.select().from(mails).where(eq(mails.toEmail, welder.email)).orderBy(desc(mails.createdOn)).limit(1))[0]!;
    expect(approved.json().invoice).toEqual({ number: invoices[0].invoiceNumberText, totalCents: 15000, currency: 'AUD', status: 'Issued' });
    expect(approvalMail.subject).toBe(`Your revalidation of ${record.certificateNumber} is approved: invoice ${invoices[0].invoiceNumberText}`);
    expect(approvalMail.text.replace(/\s+/g, ' ')).toContain(`Once it is paid, your qualification is valid until`);
    expect(approvalMail.links.map((link) => link.label)).toContain('Pay the invoice');

    // Not extended before the fee is paid: the validity, the award and the application wait; no second request opens.
    const unpaid = (await send('GET', `/api/wpq/${record.recordId}/validity`, jwt.welder)).json();
    expect(unpaid.validUntil).toBe(before.validUntil);
    expect(unpaid.revalidationWindow).toBeNull();
    expect(unpaid.revalidations[0]).toMatchObject({ status: 'invoiced', invoice: { number: invoices[0].invoiceNumberText, totalCents: 15000, currency: 'AUD', status: 'Issued' } });
    expect((await db.select().from(awards).where(eq(awards.id, record.awardId)))[0]!.awardType).not.toBe('Revalidation');
    expect((await db.select().from(applications).where(eq(applications.id, record.applicationId)))[0]!.status).toBe('Applied for Revalidation');
    expect((await send('POST', `/api/wpq/${record.recordId}/revalidation/${revalidationId}/decide`, jwt.manager, { decision: 'refuse', reason: 'x' })).json().message).toBe(M.revalidationNotOpen);

    // Paid (a bank transfer staff record, as the gateway would): the extension takes effect.
    const paid = await send('POST', `/api/welderqualificationapplication/${record.applicationId}/payment/verified`, jwt.manager, { reference: 'EFT-REVAL-1' });
    expect(paid.statusCode, paid.body).toBe(200);
    const validity = (await send('GET', `/api/wpq/${record.recordId}/validity`, jwt.welder)).json();
    expect(validity.revalidations[0]).toMatchObject({ status: 'approved', revalidatedOn: today(), validUntilAfter: subtractMonths(testDate, -48), invoice: { status: 'Paid' } });
    expect(validity.validUntil).toBe(subtractMonths(testDate, -48));
    const [award] = await db.select().from(awards).where(eq(awards.id, record.awardId));
    expect(award!.awardType).toBe('Revalidation');
    expect((await db.select().from(applications).where(eq(applications.id, record.applicationId)))[0]!.status).toBe('Awarded');
    const revalidatedMail = (await db.select().from(mails).where(eq(mails.toEmail, welder.email))).find((m) => m.subject === `Your welder qualification ${record.certificateNumber} is revalidated`);
    expect(revalidatedMail?.text.replace(/\s+/g, ' ')).toContain(`Invoice ${invoices[0].invoiceNumberText} for the revalidation fee is paid.`);
    // The log, oldest first as its contract says.
    const logs = (await send('GET', `/api/wpq/${record.recordId}/extensionlogs`, jwt.manager)).json();
    expect(logs.map((l: { event: string }) => l.event)).toEqual(['requested', 'invoiced', 'paid', 'approved']);
    const detailed = await send('POST', '/api/wpqextensionlogs/update/requestdetails', jwt.manager, { wpqRecordId: record.recordId, revalidationId, requestDetails: 'Radiographs checked by the examiner' });
    expect(detailed.json().at(-1)).toMatchObject({ event: 'details', requestDetails: 'Radiographs checked by the examiner' });
    expect((await send('POST', '/api/wpqextensionlogs/update/requestdetails', jwt.welder, { wpqRecordId: record.recordId, requestDetails: 'x' })).statusCode).toBe(403);
  });

  it('a program without a revalidation fee: the validity says so, and approval extends at once', async () => {
    const db = t.database.db;
    // An account of its own, so that this welder stays off the other tests' Welders due counts.
    const account = await createAccount(db);
    const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'], accountId: account.id });
    const freeProgramId = (await createProgram(db, { programType: 3, programManagerId: manager.id, status: 2, accountId: account.id })).id;
    await completeProgram(db, freeProgramId, 3, manager.id);
    await db.update(programWelderQualificationSettings).set({ reValidationProlongation: true, revalidationMemberFeeCents: 0, revalidationNonmemberFeeCents: 0, messageProlongationReValidation: 'Two more years.' }).where(eq(programWelderQualificationSettings.programId, freeProgramId));
    await addProgramUser(db, freeProgramId, manager.id, 'manager');
    const managerJwt = (await signIn(t.app, manager)).jwt;
    const holder = await createUser(db, { role: ROLES.Applicant });
    const holderJwt = (await signIn(t.app, holder)).jwt;
    const testDate = subtractMonths(today(), 23);
    const record = await insertKeptQualification(db, { applicantId: holder.applicantId!, programId: freeProgramId, testDate, option: '9.3b' });
    for (const k of [1, 2, 3]) {
      const dueOn = subtractMonths(testDate, -6 * k);
      await db.insert(wpqConfirmations).values({ wpqRecordId: record.recordId, awardId: record.awardId, sequence: k, dueOn, confirmedOn: dueOn, confirmedBy: 'examiner', confirmerName: 'Erin', confirmerPosition: 'Examiner' });
    }
    expect((await send('GET', `/api/wpq/${record.recordId}/validity`, holderJwt)).json().revalidationFee).toMatchObject({ amountCents: 0, basis: 'nonMember' });
    const reports: string[] = [];
    for (const name of ['a.pdf', 'b.pdf']) reports.push((await uploadFile(t.app, holderJwt, { name, contentType: 'application/pdf', body: PDF_BYTES })).saved!.json().id);
    const submitted = await send('POST', `/api/wpq/${record.recordId}/revalidation/submit`, holderJwt, { welds: reports.map((id, i) => ({ description: `Weld ${i + 1}`, weldedOn: today(), testMethod: 'Ultrasonic', testReportAttachmentId: id })) });
    const approved = await send('POST', `/api/wpq/${record.recordId}/revalidation/${submitted.json().id}/decide`, managerJwt, { decision: 'approve' });
    expect(approved.json()).toMatchObject({ status: 'approved', invoiceId: null, validUntilAfter: subtractMonths(testDate, -48) });
    expect((await send('GET', `/api/wpq/${record.recordId}/validity`, holderJwt)).json().validUntil).toBe(subtractMonths(testDate, -48));
    expect(await db.select().from(invoiceRows).where(eq(invoiceRows.applicationId, record.applicationId))).toEqual([]);
    const mail = (await db.select().from(mails).where(eq(mails.toEmail, holder.email))).find((m) => m.subject.endsWith('is revalidated'));
    expect(mail!.text).toContain('There is no revalidation fee, so the extension applies at once.');
    // The award's history says its days as people read dates (issue 45 item 9), not as YYYY-MM-DD.
    const [revalidated] = await db.select().from(awardHistory).where(and(eq(awardHistory.awardId, record.awardId), eq(awardHistory.action, 'revalidated')));
    expect(revalidated!.reason).toMatch(new RegExp(`^Revalidated until ${formatDay(subtractMonths(testDate, -48))} \\(was \\d{2}-[A-Z][a-z]{2}-\\d{4}\\)$`));
  });

  it('finds the welders due (applicant/search/wpqrenewal) for program staff only', async () => {
    const soon = await kept(otherWelder, '9.3a', 5);
    const found = await send('POST', '/api/applicant/search/wpqrenewal', jwt.manager, { withinDays: 40, perPageCount: 50 });
    expect(found.statusCode).toBe(200);
    expect(found.json().rows).toEqual(expect.arrayContaining([expect.objectContaining({ wpqRecordId: soon.recordId, due: 'confirmation', welderName: 'Oscar Other' })]));
    expect((await send('POST', '/api/applicant/search/wpqrenewal', jwt.outsider, { withinDays: 40 })).json().rows).toEqual([]);
    expect((await send('POST', '/api/applicant/search/wpqrenewal', jwt.welder, { withinDays: 40 })).statusCode).toBe(403);
  });

  it("counts the welders due on the dashboard's pending actions: every program for administrators, a contributor's own programs only", async () => {
    const db = t.database.db;
    // A second welder qualification program with one welder due, served by another contributor only.
    const otherManager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Dashboard', 'Programs'] });
    const otherProgramId = (await createProgram(db, { programType: 3, programManagerId: otherManager.id, status: 2, programTitle: 'Welder Qualification Test to AS/NZS 2980' })).id;
    await completeProgram(db, otherProgramId, 3, otherManager.id);
    const elsewhere = await createUser(db, { role: ROLES.Applicant, firstName: 'Elsa', lastName: 'Elsewhere' });
    await insertKeptQualification(db, { applicantId: elsewhere.applicantId!, programId: otherProgramId, testDate: subtractMonths(today(), 5), option: '9.3a' });
    await kept(otherWelder, '9.3a', 5);
    const examinerHere = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Dashboard', 'Programs'] });
    await addProgramUser(db, programId, examinerHere.id, 'examiner');
    const admin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Dashboard', 'Programs'] });
    const tokens = { admin: (await signIn(t.app, admin)).jwt, examinerHere: (await signIn(t.app, examinerHere)).jwt, otherManager: (await signIn(t.app, otherManager)).jwt };

    const dueOnDashboard = async (token: string) => {
      const summary = await send('GET', '/api/dashboard/summary', token);
      expect(summary.statusCode, summary.body).toBe(200);
      return summary.json<DashboardSummary>().pending.find((action) => action.key === 'confirmationsDue')!;
    };
    // The list's own default days (60), as the dashboard's link opens it.
    const dueOnList = async (token: string) => (await send('POST', '/api/applicant/search/wpqrenewal', token, {})).json<{ totalRows: number }>().totalRows;

    const all = await dueOnDashboard(tokens.admin);
    expect(all.label).toBe('Welder confirmations and revalidations due in 60 days');
    expect(all.count).toBe(await dueOnList(tokens.admin));
    const here = await dueOnDashboard(tokens.examinerHere);
    expect(here.count).toBe(await dueOnList(tokens.examinerHere));
    expect((await dueOnDashboard(tokens.otherManager)).count).toBe(1);
    expect(await dueOnList(tokens.otherManager)).toBe(1);
    expect(here.count).toBeGreaterThanOrEqual(1);
    expect(all.count).toBe(here.count + 1);
    // Staff without the Dashboard menu and applicants read no figure.
    expect((await send('GET', '/api/dashboard/summary', jwt.manager)).statusCode).toBe(403);
    expect((await send('GET', '/api/dashboard/summary', jwt.welder)).statusCode).toBe(403);
  });
});

describe("the revalidation fee's invoice paid offline or its link sent again by staff (issue 41)", () => {
  const W = '/api/welderqualificationapplication';

  /** A welder whose revalidation was approved: the non-member fee is invoiced with a payment link. */
  async function invoicedRevalidation() {
    const db = t.database.db;
    const holder = await createUser(db, { role: ROLES.Applicant, firstName: 'Rita', lastName: 'Revalidated', email: `rita-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.test` });
    const holderJwt = (await signIn(t.app, holder)).jwt;
    const record = await kept(holder, '9.3b', 23);
    const testDate = subtractMonths(today(), 23);
    for (const k of [1, 2, 3]) {
      const dueOn = subtractMonths(testDate, -6 * k);
      await db.insert(wpqConfirmations).values({ wpqRecordId: record.recordId, awardId: record.awardId, sequence: k, dueOn, confirmedOn: dueOn, confirmedBy: 'examiner', confirmerName: 'Erin', confirmerPosition: 'Examiner' });
    }
    const reports: string[] = [];
    for (const name of ['rt-1.pdf', 'rt-2.pdf']) reports.push((await uploadFile(t.app, holderJwt, { name, contentType: 'application/pdf', body: PDF_BYTES })).saved!.json().id);
    const welds = reports.map((id, i) => ({ description: `Production weld ${i + 1}`, weldedOn: today(), testMethod: 'Radiography', testReportAttachmentId: id }));
    const submitted = await send('POST', `/api/wpq/${record.recordId}/revalidation/submit`, holderJwt, { welds });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const approved = await send('POST', `/api/wpq/${record.recordId}/revalidation/${submitted.json().id}/decide`, jwt.manager, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    const [invoice] = await db.select().from(invoiceRows).where(eq(invoiceRows.applicationId, record.applicationId));
    const [link] = await db.select().from(payments).where(eq(payments.invoiceId, invoice!.id));
    return { holder, holderJwt, record, invoice: invoice!, trackerId: link!.trackerId };
  }

  const invoiceStatus = async (id: string) => (await t.database.db.select().from(invoiceRows).where(eq(invoiceRows.id, id)))[0]!.status;

  it('a bank transfer recorded by staff pays the fee as the gateway would: invoice Paid, receipt mailed, the old link closed; a second time refused', async () => {
    const { holder, holderJwt, record, invoice, trackerId } = await invoicedRevalidation();
    const future = await send('POST', `${W}/${record.applicationId}/payment/verified`, jwt.manager, { reference: 'EFT-W-1', paidOn: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    expect(future.statusCode).toBe(400);
    expect((await send('POST', `${W}/${record.applicationId}/payment/verified`, jwt.manager, { reference: '' })).statusCode).toBe(400);
    expect(await invoiceStatus(invoice.id)).toBe('Issued');

    const verified = await send('POST', `${W}/${record.applicationId}/payment/verified`, jwt.manager, { reference: 'EFT-WPQ-1', note: 'Seen on the statement' });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ gateway: 'offline', displayedStatus: 'Success', offlineReference: 'EFT-WPQ-1', invoiceId: invoice.id });
    expect(await invoiceStatus(invoice.id)).toBe('Paid');
    // The link mailed with the invoice no longer pays; the welder's payments show the offline one as paid.
    const old = await send('GET', `/api/paymentgateway/payment/${trackerId}/trackerdata`, holderJwt);
    expect(old.json()).toMatchObject({ canPay: false });
    const mine = (await send('GET', `/api/paymentgateway/payment/byapplication/${record.applicationId}`, holderJwt)).json();
    expect(mine[0]).toMatchObject({ gateway: 'offline', displayedStatus: 'Success' });
    const subjects = (await t.database.db.select().from(mails).where(eq(mails.toEmail, holder.email))).map((m) => m.subject);
    expect(subjects).toContain(`Payment received: invoice ${verified.json().invoiceNumber}`);
    // The payment makes the approved extension take effect: the application is Awarded again (the payment's own move does not write the old status back).
    expect((await t.database.db.select().from(applications).where(eq(applications.id, record.applicationId)))[0]!.status).toBe('Awarded');
    expect((await send('GET', `/api/wpq/${record.recordId}/validity`, holderJwt)).json().revalidations[0].status).toBe('approved');

    const again = await send('POST', `${W}/${record.applicationId}/payment/verified`, jwt.manager, { reference: 'EFT-WPQ-2' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
    expect((await send('POST', `${W}/${record.applicationId}/resend/payment/link`, jwt.manager, {})).json().message).toBe(PAYMENT_MESSAGES.alreadyPaid);
  });

  it('sends a new link for an expired one: the old link stops working, the new one can be paid', async () => {
    const { holder, holderJwt, record, trackerId } = await invoicedRevalidation();
    await t.database.db.update(payments).set({ expiresOn: new Date(Date.now() - 60_000) }).where(eq(payments.trackerId, trackerId));
    const resent = await send('POST', `${W}/${record.applicationId}/resend/payment/link`, jwt.manager, { note: 'Link expired' });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().trackerId).not.toBe(trackerId);
    const latestMail = (await t.database.db.select().from(mails).where(eq(mails.toEmail, holder.email)).orderBy(desc(mails.createdOn)).limit(1))[0]!;
    expect(latestMail.subject).toMatch(/payment link for invoice/);
    expect((await send('GET', `/api/paymentgateway/payment/${trackerId}/trackerdata`, holderJwt)).json()).toMatchObject({ canPay: false, status: 'Expired' });
    expect((await send('GET', `/api/paymentgateway/payment/${resent.json().trackerId}/trackerdata`, holderJwt)).json()).toMatchObject({ canPay: true });
  });

  it('is refused to the welder, staff outside the program and another account; only Welder Qualification applications', async () => {
    const db = t.database.db;
    const { holderJwt, record, invoice } = await invoicedRevalidation();
    const other = await createAccount(db);
    const otherAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'], accountId: other.id });
    const otherJwt = (await signIn(t.app, otherAdmin)).jwt;
    for (const action of ['payment/verified', 'resend/payment/link']) {
      const body = action === 'payment/verified' ? { reference: 'EFT-X' } : {};
      expect((await send('POST', `${W}/${record.applicationId}/${action}`, holderJwt, body)).statusCode).toBe(403);
      expect((await send('POST', `${W}/${record.applicationId}/${action}`, jwt.outsider, body)).statusCode).toBe(403);
      expect((await send('POST', `${W}/${record.applicationId}/${action}`, otherJwt, body)).statusCode).toBe(404);
      // The route word names the kind: a Welder Qualification application is not an AICIP one.
      expect((await send('POST', `/api/aicipapplicationmodule/${record.applicationId}/${action}`, jwt.manager, body)).statusCode).toBe(404);
    }
    expect(await invoiceStatus(invoice.id)).toBe('Issued');
  });
});

describe("another account's Welders due (issue 40)", () => {
  it("lists and counts only its own account's welders: the first account's stay off its list and its dashboard, and its own stay off the first account's", async () => {
    const db = t.database.db;
    const firstDue = await kept(otherWelder, '9.3a', 5);
    const nz = await createAccount(db, { name: 'Kiwi Welder Body' });
    const nzAdmin = await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Dashboard', 'Programs'], accountId: nz.id });
    const nzProgramId = (await createProgram(db, { programType: 3, programManagerId: nzAdmin.id, status: 2, accountId: nz.id })).id;
    await completeProgram(db, nzProgramId, 3, nzAdmin.id);
    const kiwi = await createUser(db, { role: ROLES.Applicant, firstName: 'Kiri', lastName: 'Kiwi' });
    const nzDue = await insertKeptQualification(db, { applicantId: kiwi.applicantId!, programId: nzProgramId, testDate: subtractMonths(today(), 5), option: '9.3a' });
    const nzJwt = (await signIn(t.app, nzAdmin)).jwt;
    const listed = (await send('POST', '/api/applicant/search/wpqrenewal', nzJwt, { withinDays: 3650, pageSize: 250 })).json<{ rows: { wpqRecordId: string }[] }>();
    expect(listed.rows.map((row) => row.wpqRecordId)).toEqual([nzDue.recordId]);
    expect((await send('POST', '/api/applicant/search/wpqrenewal', nzJwt, { withinDays: 3650, programId })).statusCode).toBe(404);
    const summary = (await send('GET', '/api/dashboard/summary', nzJwt)).json<DashboardSummary>();
    expect(summary.pending.find((action) => action.key === 'confirmationsDue')!.count).toBe(1);
    const firstAdminJwt = (await signIn(t.app, await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs'] }))).jwt;
    const firstList = (await send('POST', '/api/applicant/search/wpqrenewal', firstAdminJwt, { withinDays: 3650, pageSize: 250 })).json<{ rows: { wpqRecordId: string }[] }>();
    expect(firstList.rows.map((row) => row.wpqRecordId)).toContain(firstDue.recordId);
    expect(firstList.rows.map((row) => row.wpqRecordId)).not.toContain(nzDue.recordId);
  });
});
