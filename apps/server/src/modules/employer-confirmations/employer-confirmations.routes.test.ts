import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { expiryToday, subtractMonths } from '@certs/shared/award/award-expiry';
import { CONFIRMATION_STATEMENT, EMPLOYER_CONFIRMATION_MESSAGES as M, type ConfirmWeldersResult, type EmployerConfirmationList } from '@certs/shared/employer/confirmations.contract';
import { WPQ_VALIDITY_MESSAGES } from '@certs/shared/wpq/wpq-validity.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { addProgramUser, completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { PDF_BYTES } from '../../../test/upload';
import { awardHistory, awards } from '../../db/schema/award';
import { companies } from '../../db/schema/company';
import { mails } from '../../db/schema/mail';
import { programWelderQualificationSettings } from '../../db/schema/program';
import { applicants } from '../../db/schema/user';
import { wpqConfirmations, wpqRevalidations } from '../../db/schema/wpq-validity';
import { MailRepository } from '../../platform/mail/mail.repository';
import { MailService } from '../../platform/mail/mail.service';
import { insertKeptQualification } from '../wpq-validity/wpq-validity-test-records';
import { createWpqValidityModule } from '../wpq-validity/wpq-validity.module';
import { EmployerConfirmationsRepository } from './employer-confirmations.repository';
import { EmployerConfirmationsService } from './employer-confirmations.service';

/**
 * The six-monthly confirmations in the company's portal (issue 42): the coordinator confirms
 * several welders in one step, each recorded as the mailed link records one; nothing of another
 * company's is reachable, and a request with one record not the company's saves nothing; the
 * coordinators get one digest a day before confirmations fall due; a revalidation's production
 * welds are sent with their test reports.
 */

let t: TestApp;
let programId: string;
let managerJwt: string;
const run = Date.now().toString(36);
const today = () => expiryToday(new Date());
function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

const send = (method: 'GET' | 'POST' | 'PUT', url: string, jwt: string | null, payload?: object) => t.app.inject({ method, url, headers: jwt ? bearer(jwt) : {}, ...(payload ? { payload } : {}) });

interface Company {
  id: string;
  coordinator: CreatedUser;
  coordinatorJwt: string;
  viewerJwt: string;
}

async function newCompany(name: string): Promise<Company> {
  const [row] = await t.database.db.insert(companies).values({ name: `${name} ${run}`, contactEmail: `contact.${name.toLowerCase().replace(/\W/g, '')}.${run}@company.test` }).returning({ id: companies.id });
  const coordinator = await createUser(t.database.db, { role: ROLES.CompanyCoordinator, companyId: row!.id, firstName: 'Cora', lastName: `Ordinator ${name}` });
  const viewer = await createUser(t.database.db, { role: ROLES.CompanyViewer, companyId: row!.id });
  return { id: row!.id, coordinator, coordinatorJwt: (await signIn(t.app, coordinator)).jwt, viewerJwt: (await signIn(t.app, viewer)).jwt };
}

/** A welder whose claim to work for the company is in the status given. */
async function welderOf(companyId: string, firstName: string, status: 'approved' | 'pending' = 'approved'): Promise<CreatedUser> {
  const welder = await createUser(t.database.db, { role: ROLES.Applicant, firstName, lastName: `Welder${run}`, email: `${firstName.toLowerCase()}.${run}@welder.test` });
  await t.database.db.update(applicants).set({ employerCompanyId: companyId, employerClaimStatus: status }).where(eq(applicants.id, welder.applicantId!));
  return welder;
}

/** A qualification tested on the day given (default: five months ago, so its first confirmation is open and due within a month). */
function qualification(welder: CreatedUser, testDate = subtractMonths(today(), 5), option: '9.3a' | '9.3b' = '9.3a') {
  return insertKeptQualification(t.database.db, { applicantId: welder.applicantId!, programId, testDate, option });
}

const confirmations = (recordIds: string[]) => t.database.db.select().from(wpqConfirmations).where(inArray(wpqConfirmations.wpqRecordId, recordIds)).orderBy(asc(wpqConfirmations.createdOn));
const signed = (recordIds: string[], overrides: Record<string, unknown> = {}) => ({ recordIds, signerName: 'Sam Signer', signerPosition: 'Welding coordinator', statementAccepted: true, ...overrides });

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  const manager = await createUser(db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  programId = (await createProgram(db, { programType: 3, programManagerId: manager.id, status: 2, programTitle: 'Welder Qualification Test to ISO 9606-1' })).id;
  await completeProgram(db, programId, 3, manager.id);
  await addProgramUser(db, programId, manager.id, 'manager');
  await db.update(programWelderQualificationSettings).set({ reValidationProlongation: true, revalidationMemberFeeCents: 12000, revalidationNonmemberFeeCents: 15000 }).where(eq(programWelderQualificationSettings.programId, programId));
  managerJwt = (await signIn(t.app, manager)).jwt;
});
afterAll(async () => {
  await t.close();
});

describe('confirmations in bulk', () => {
  it("lists the company's approved employees' qualifications falling due, to the coordinator and a viewer alike", async () => {
    const company = await newCompany('Listing');
    const other = await newCompany('Elsewhere');
    const [ann, ben, pending, stranger] = [await welderOf(company.id, 'Ann'), await welderOf(company.id, 'Ben'), await welderOf(company.id, 'Pat', 'pending'), await welderOf(other.id, 'Sid')];
    const annRecord = await qualification(ann);
    const benTested = daysBefore(subtractMonths(today(), 5), 10);
    const benRecord = await qualification(ben, benTested);
    const farRecord = await qualification(ben, subtractMonths(today(), 1));
    await qualification(pending);
    await qualification(stranger);

    const listed = await send('GET', '/api/employer/confirmations', company.viewerJwt);
    expect(listed.statusCode, listed.body).toBe(200);
    const list = listed.json<EmployerConfirmationList>();
    expect(list.statement).toBe(CONFIRMATION_STATEMENT);
    // Soonest first; the one due in five months is beyond the 60 days looked at, and neither the pending claim nor another company's welder shows.
    expect(list.rows.map((row) => [row.welderName, row.certificateNumber, row.nextDueOn, row.confirmable])).toEqual([
      [`Ben Welder${run}`, benRecord.certificateNumber, subtractMonths(benTested, -6), true],
      [`Ann Welder${run}`, annRecord.certificateNumber, subtractMonths(subtractMonths(today(), 5), -6), true],
    ]);
    expect(list.rows[1]).toMatchObject({ lastConfirmedOn: null, option: '9.3a', programTitle: 'Welder Qualification Test to ISO 9606-1' });
    expect(list.rows[0]!.designations[0]).toMatch(/^ISO 9606-1 135 P BW/);
    const wider = (await send('GET', '/api/employer/confirmations?withinDays=365', company.coordinatorJwt)).json<EmployerConfirmationList>();
    expect(wider.rows.map((row) => row.wpqRecordId)).toContain(farRecord.recordId);
    expect((await send('GET', '/api/employer/confirmations', other.coordinatorJwt)).json<EmployerConfirmationList>().rows.map((row) => row.welderName)).toEqual([`Sid Welder${run}`]);

    // Applicants and staff are not company users.
    expect((await send('GET', '/api/employer/confirmations', (await signIn(t.app, ann)).jwt)).statusCode).toBe(403);
    expect((await send('GET', '/api/employer/confirmations', managerJwt)).statusCode).toBe(403);
  });

  it('confirms two welders in one step, each with its own confirmation signed by the signer and made by the company user, as the link would', async () => {
    const company = await newCompany('Bulk');
    const [ann, ben] = [await welderOf(company.id, 'Amy'), await welderOf(company.id, 'Bob')];
    const [annRecord, benRecord] = [await qualification(ann), await qualification(ben)];
    // The awarding body mailed the employer a link for Amy's confirmation before the company confirmed in the portal.
    const sent = await send('POST', `/api/wpq/${annRecord.recordId}/confirmation/link`, managerJwt);
    expect(sent.statusCode, sent.body).toBe(200);

    expect((await send('POST', '/api/employer/confirmations', company.viewerJwt, signed([annRecord.recordId]))).statusCode).toBe(403);
    const confirmed = await send('POST', '/api/employer/confirmations', company.coordinatorJwt, signed([annRecord.recordId, benRecord.recordId]));
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const result = confirmed.json<ConfirmWeldersResult>();
    expect(result.confirmed.map((row) => [row.welderName, row.certificateNumber])).toEqual([
      [`Amy Welder${run}`, annRecord.certificateNumber],
      [`Bob Welder${run}`, benRecord.certificateNumber],
    ]);

    const rows = await confirmations([annRecord.recordId, benRecord.recordId]);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({ sequence: 1, confirmedOn: today(), confirmedBy: 'employer', confirmerName: 'Sam Signer', confirmerPosition: 'Welding coordinator', companyId: company.id, linkId: null, createdBy: company.coordinator.id });
    }
    // The award records a Confirmation with history naming the signer, the company and its user, as the link's does.
    const [award] = await t.database.db.select().from(awards).where(eq(awards.id, annRecord.awardId));
    expect(award!.awardType).toBe('Confirmation');
    const [history] = await t.database.db.select().from(awardHistory).where(and(eq(awardHistory.awardId, annRecord.awardId), eq(awardHistory.action, 'confirmation')));
    expect(history!.reason).toContain(`by Sam Signer, Welding coordinator of Bulk ${run} (in the company's portal, by Cora Ordinator Bulk)`);

    // The welder sees it on their own record, and was told.
    const own = await send('GET', `/api/wpq/${annRecord.recordId}/validity`, (await signIn(t.app, ann)).jwt);
    expect(own.statusCode).toBe(200);
    expect(own.json().confirmations).toEqual([expect.objectContaining({ sequence: 1, confirmedBy: 'employer', confirmerName: 'Sam Signer', confirmerPosition: 'Welding coordinator', companyName: `Bulk ${run}` })]);
    expect(own.json().nextConfirmationDue).toBe(subtractMonths(subtractMonths(today(), 5), -12));
    const welderMails = await t.database.db.select().from(mails).where(eq(mails.toEmail, ann.email));
    expect(welderMails.map((mail) => mail.subject)).toContain(`Your welder qualification ${annRecord.certificateNumber} has been confirmed`);

    // The link mailed earlier no longer confirms the period: made already.
    const [mailed] = await t.database.db.select().from(mails).where(eq(mails.toEmail, sent.json().sentTo)).orderBy(desc(mails.createdOn)).limit(1);
    const token = mailed!.links.find((link) => link.url.includes('/wpq-confirm/'))!.url.split('/wpq-confirm/')[1]!;
    const byLink = await send('POST', `/unauth/wpqconfirmation/${token}`, null, { confirmerName: 'Late', confirmerPosition: 'Coordinator', confirmedOn: today() });
    expect(byLink.statusCode).toBe(409);
    expect(byLink.json().message).toBe(WPQ_VALIDITY_MESSAGES.alreadyConfirmed);
    expect(await confirmations([annRecord.recordId])).toHaveLength(1);

    // Confirming again names the welder; nothing changes.
    const again = await send('POST', '/api/employer/confirmations', company.coordinatorJwt, signed([benRecord.recordId]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.notConfirmable(`Bob Welder${run}`, benRecord.certificateNumber, WPQ_VALIDITY_MESSAGES.notDue));
    expect(await confirmations([benRecord.recordId])).toHaveLength(1);
  });

  it("refuses another company's coordinator (404) and a list with one record not the company's, saving nothing", async () => {
    const company = await newCompany('Mine');
    const other = await newCompany('Theirs');
    const [mine, theirs, pending] = [await welderOf(company.id, 'Mia'), await welderOf(other.id, 'Tom'), await welderOf(company.id, 'Pia', 'pending')];
    const [mineRecord, theirsRecord, pendingRecord] = [await qualification(mine), await qualification(theirs), await qualification(pending)];

    const across = await send('POST', '/api/employer/confirmations', other.coordinatorJwt, signed([mineRecord.recordId]));
    expect(across.statusCode).toBe(404);
    expect(across.json().message).toBe(M.notFound);
    for (const mixed of [
      [mineRecord.recordId, theirsRecord.recordId],
      [mineRecord.recordId, pendingRecord.recordId],
      [mineRecord.recordId, crypto.randomUUID()],
    ]) {
      const refused = await send('POST', '/api/employer/confirmations', company.coordinatorJwt, signed(mixed));
      expect(refused.statusCode).toBe(404);
    }
    expect(await confirmations([mineRecord.recordId, theirsRecord.recordId, pendingRecord.recordId])).toEqual([]);
    expect((await t.database.db.select().from(awards).where(eq(awards.id, mineRecord.awardId)))[0]!.awardType).not.toBe('Confirmation');
    expect(await t.database.db.select().from(mails).where(eq(mails.toEmail, mine.email))).toEqual([]);
  });

  it('a record not confirmable now refuses the whole request, naming the welder; bad input is refused with its message', async () => {
    const company = await newCompany('Partial');
    const [due, early] = [await welderOf(company.id, 'Dee'), await welderOf(company.id, 'Eli')];
    const dueRecord = await qualification(due);
    // Confirmed already for the open period.
    const earlyRecord = await qualification(early);
    expect((await send('POST', '/api/employer/confirmations', company.coordinatorJwt, signed([earlyRecord.recordId]))).statusCode).toBe(201);

    const mixed = await send('POST', '/api/employer/confirmations', company.coordinatorJwt, signed([dueRecord.recordId, earlyRecord.recordId]));
    expect(mixed.statusCode).toBe(409);
    expect(mixed.json().message).toBe(M.notConfirmable(`Eli Welder${run}`, earlyRecord.certificateNumber, WPQ_VALIDITY_MESSAGES.notDue));
    expect(await confirmations([dueRecord.recordId])).toEqual([]);

    const unticked = await send('POST', '/api/employer/confirmations', company.coordinatorJwt, signed([dueRecord.recordId], { statementAccepted: false }));
    expect(unticked.statusCode).toBe(400);
    expect(JSON.stringify(unticked.json())).toContain(M.statementRequired);
    const unsigned = await send('POST', '/api/employer/confirmations', company.coordinatorJwt, signed([dueRecord.recordId], { signerName: ' ' }));
    expect(JSON.stringify(unsigned.json())).toContain(M.signerNameRequired);
    const none = await send('POST', '/api/employer/confirmations', company.coordinatorJwt, signed([]));
    expect(JSON.stringify(none.json())).toContain(M.recordsRequired);
    const tooMany = await send('POST', '/api/employer/confirmations', company.coordinatorJwt, signed(Array.from({ length: 201 }, () => crypto.randomUUID())));
    expect(JSON.stringify(tooMany.json())).toContain(M.tooMany);
    expect(await confirmations([dueRecord.recordId])).toEqual([]);
  });
});

/** The coordinator's upload through the portal's presigned flow. */
async function uploadAsCoordinator(jwt: string, file: { name: string; contentType: string; body: Buffer }): Promise<{ id: string; resourceKey: string }> {
  const presigned = await send('POST', '/api/employer/files/presigned-upload', jwt, { fileName: file.name, contentType: file.contentType, size: file.body.length });
  expect(presigned.statusCode, presigned.body).toBe(200);
  const { url, headers, resourceKey } = presigned.json();
  const target = new URL(url, 'http://localhost');
  const put = await t.app.inject({ method: 'PUT', url: `${target.pathname}${target.search}`, headers, payload: file.body });
  expect(put.statusCode).toBe(200);
  const saved = await send('POST', '/api/employer/files/save', jwt, { resourceKey });
  expect(saved.statusCode, saved.body).toBe(200);
  return { id: saved.json().id, resourceKey };
}

const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('revalidation evidence (9.3 b)', () => {
  it("the coordinator sends two production welds with their test reports; staff see them on the record and open the reports", async () => {
    const company = await newCompany('Evidence');
    const other = await newCompany('Nosy');
    const welder = await welderOf(company.id, 'Rex');
    // Tested 23 months ago: validity ends in a month; every earlier confirmation was made.
    const testDate = subtractMonths(today(), 23);
    const record = await qualification(welder, testDate, '9.3b');
    for (const k of [1, 2, 3]) {
      const dueOn = subtractMonths(testDate, -6 * k);
      await t.database.db.insert(wpqConfirmations).values({ wpqRecordId: record.recordId, awardId: record.awardId, sequence: k, dueOn, confirmedOn: dueOn, confirmedBy: 'examiner', confirmerName: 'Erin', confirmerPosition: 'Examiner' });
    }
    const reports = [await uploadAsCoordinator(company.coordinatorJwt, { name: 'rt-1.pdf', contentType: 'application/pdf', body: PDF_BYTES }), await uploadAsCoordinator(company.coordinatorJwt, { name: 'rt-2.pdf', contentType: 'application/pdf', body: PDF_BYTES })];
    const welds = (ids: string[]) => ({ welds: ids.map((id, i) => ({ description: `Production weld ${i + 1}`, weldedOn: today(), testMethod: 'Radiography', testReportAttachmentId: id })) });

    expect((await send('POST', '/api/employer/files/presigned-upload', company.viewerJwt, { fileName: 'x.pdf', contentType: 'application/pdf', size: 10 })).statusCode).toBe(403);
    expect((await send('POST', `/api/employer/confirmations/${record.recordId}/evidence`, company.viewerJwt, welds(reports.map((r) => r.id)))).statusCode).toBe(403);
    expect((await send('POST', `/api/employer/confirmations/${record.recordId}/evidence`, other.coordinatorJwt, welds(reports.map((r) => r.id)))).statusCode).toBe(404);
    // The list names the open window, to the viewer too; the welds must be from it.
    const listed = (await send('GET', '/api/employer/confirmations', company.viewerJwt)).json<EmployerConfirmationList>();
    expect(listed.revalidations).toEqual([expect.objectContaining({ wpqRecordId: record.recordId, validUntil: subtractMonths(testDate, -24), window: { from: subtractMonths(subtractMonths(testDate, -24), 6), to: subtractMonths(testDate, -24) } })]);
    const picture = await uploadAsCoordinator(company.coordinatorJwt, { name: 'photo.png', contentType: 'image/png', body: ONE_PIXEL_PNG });
    const notPdf = await send('POST', `/api/employer/confirmations/${record.recordId}/evidence`, company.coordinatorJwt, welds([reports[0]!.id, picture.id]));
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json().message).toBe(M.reportsPdf);
    expect(await t.database.db.select().from(wpqRevalidations).where(eq(wpqRevalidations.wpqRecordId, record.recordId))).toEqual([]);

    const submitted = await send('POST', `/api/employer/confirmations/${record.recordId}/evidence`, company.coordinatorJwt, welds(reports.map((r) => r.id)));
    expect(submitted.statusCode, submitted.body).toBe(201);
    expect(submitted.json()).toMatchObject({ status: 'submitted', submittedBy: 'employer' });
    expect((await send('GET', '/api/employer/confirmations', company.coordinatorJwt)).json<EmployerConfirmationList>().revalidations).toEqual([]);

    // Staff see the revalidation on the record with its welds, and open each report.
    const validity = (await send('GET', `/api/wpq/${record.recordId}/validity`, managerJwt)).json();
    expect(validity.revalidations).toEqual([expect.objectContaining({ submittedBy: 'employer', welds: [expect.objectContaining({ testReportAttachmentId: reports[0]!.id }), expect.objectContaining({ testReportAttachmentId: reports[1]!.id })] })]);
    for (const report of reports) expect((await send('GET', `/api/attachment/presigned-download/${report.resourceKey}`, managerJwt)).statusCode).toBe(200);
    // The welder sees it on their own record too.
    expect((await send('GET', `/api/wpq/${record.recordId}/validity`, (await signIn(t.app, welder)).jwt)).json().revalidations).toHaveLength(1);
  });
});

describe('reminders: one digest a company a day to its coordinators, and the welder', () => {
  /** The validity job on a day, with the company portal's digest after it, as app.ts wires them. */
  function jobAt(day: string) {
    const db = t.database.db;
    const mail = new MailService(new MailRepository(db), { smtpUrl: undefined, from: 'test@example.test', log: { info: () => undefined, warn: () => undefined, error: () => undefined } as never });
    const { service: validity } = createWpqValidityModule(t.database, {
      log: { info: () => undefined, warn: () => undefined, error: () => undefined } as never,
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
      mail,
      publicUrl: 'http://localhost',
      now: () => new Date(`${day}T02:00:00Z`),
    });
    const confirmations = new EmployerConfirmationsService({
      repository: new EmployerConfirmationsRepository(db),
      validity,
      attachments: { presignUpload: async () => Promise.reject(new Error('not used')), save: async () => Promise.reject(new Error('not used')), findOwned: async () => [] },
      mail,
      publicUrl: 'http://localhost',
    });
    validity.useCompanyReminders((due) => confirmations.remindCoordinators(due));
    return validity;
  }

  // Runs last: the job's passes on days to come act on every record of the file.
  it('mails the active coordinators one digest listing the welders a month and a week before, and each welder, once each', async () => {
    const db = t.database.db;
    const company = await newCompany('Reminded');
    const second = await createUser(db, { role: ROLES.CompanyCoordinator, companyId: company.id, firstName: 'Second' });
    const inactive = await createUser(db, { role: ROLES.CompanyCoordinator, companyId: company.id, active: false });
    const [ann, ben] = [await welderOf(company.id, 'Ada'), await welderOf(company.id, 'Bea')];
    // Tested on 10 January 2027: the first confirmation falls due on 10 July; reminders on 10 June and 3 July.
    const [annRecord, benRecord] = [await qualification(ann, '2027-01-10'), await qualification(ben, '2027-01-10')];
    const subjectsTo = async (email: string) => (await db.select().from(mails).where(eq(mails.toEmail, email)).orderBy(asc(mails.createdOn))).map((mail) => mail.subject);
    const digestsTo = async (email: string) => (await subjectsTo(email)).filter((subject) => subject.startsWith(`Reminded ${run}: confirm`));

    await jobAt('2027-06-09').runOnce();
    expect(await digestsTo(company.coordinator.email)).toEqual([]);
    const passes = await Promise.all([jobAt('2027-06-10').runOnce(), jobAt('2027-06-10').runOnce()]);
    expect(passes.map((pass) => pass.companyReminders).sort()).toEqual([0, 1]);
    await jobAt('2027-06-10').runOnce();
    await jobAt('2027-06-11').runOnce();
    expect(await digestsTo(company.coordinator.email)).toEqual([`Reminded ${run}: confirm 2 welders by 10-Jul-2027`]);
    expect(await digestsTo(second.email)).toEqual([`Reminded ${run}: confirm 2 welders by 10-Jul-2027`]);
    expect(await subjectsTo(inactive.email)).toEqual([]);
    const [digest] = await db.select().from(mails).where(eq(mails.toEmail, company.coordinator.email));
    expect(digest!.text).toContain(`Ada Welder${run}: ${annRecord.certificateNumber}`);
    expect(digest!.text).toContain(`Bea Welder${run}: ${benRecord.certificateNumber}`);
    expect(digest!.links).toEqual([{ label: 'Confirmations', url: 'http://localhost/employer/confirmations' }]);

    await jobAt('2027-07-03').runOnce();
    await jobAt('2027-07-03').runOnce();
    expect(await digestsTo(company.coordinator.email)).toHaveLength(2);
    for (const welder of [ann, ben]) expect((await subjectsTo(welder.email)).filter((subject) => subject.includes('needs its confirmation'))).toHaveLength(2);
    const ledger = await new EmployerConfirmationsRepository(db).findReminders(company.id);
    expect(ledger.map((row) => [row.wpqRecordId === annRecord.recordId ? 'ada' : 'bea', row.kind, row.sentOn]).sort()).toEqual([
      ['ada', '1-month', '2027-06-10'],
      ['ada', '1-week', '2027-07-03'],
      ['bea', '1-month', '2027-06-10'],
      ['bea', '1-week', '2027-07-03'],
    ]);
  }, 180_000);
});
