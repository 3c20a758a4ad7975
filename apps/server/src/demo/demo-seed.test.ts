import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { bearer } from '../../test/sign-in';
import { applicantInstructions, programs as programTable } from '../db/schema/program';
import { todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { DEMO_HOLD_REASON, DEMO_HOLDER } from './demo-awards';
import { DEMO_AICIP_PAYER, DEMO_COMPANY_COORDINATOR, DEMO_COMPANY_SPONSORSHIP, DEMO_COMPANY_VIEWER, DEMO_CORPORATE_EMPLOYEE, DEMO_CORPORATE_MEMBER_COMPANY, DEMO_EMPLOYER_COMPANY, DEMO_IMPORT_FILE, DEMO_LIBRARY_DOCUMENTS, DEMO_SECOND_WELDER_DUE, DEMO_WELDER_DUE } from './demo-back-office';
import { DEMO_PASSWORD, DEMO_USERS, seedDemoData } from './demo-seed';
import { DEMO_NZ_ACCOUNT, demoNzLogoPng } from './demo-nz';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { accounts } from '../db/schema/account';
import { attachments } from '../db/schema/attachment';
import { awards } from '../db/schema/award';
import { applicationModules } from '../db/schema/application-module';

let t: TestApp;
/** What the seed stored: the demo documents' files (the server hands in its storage). */
const written = new Map<string, { bytes: Uint8Array; contentType: string }>();
const writeFile = async (key: string, bytes: Uint8Array, contentType: string) => void written.set(key, { bytes, contentType });
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('demo data', () => {
  it('seeds one account of each role and one complete, published program of each type, once', async () => {
    expect(await seedDemoData(t.database.db, { writeFile })).toBe(true);
    expect(await seedDemoData(t.database.db, { writeFile })).toBe(false);

    for (const demo of DEMO_USERS) {
      const url = demo.role === 5 ? '/auth/local/applicant' : '/auth/local';
      const response = await t.app.inject({ method: 'POST', url, payload: { identifier: demo.email, password: DEMO_PASSWORD } });
      expect(response.statusCode, demo.email).toBe(200);
    }
    // The demo holder (issue 16): a current Certification award and an AICIP award on hold, numbered by the default series.
    const holder = await t.app.inject({ method: 'POST', url: '/auth/local/applicant', payload: { identifier: DEMO_HOLDER.email, password: DEMO_PASSWORD } });
    expect(holder.statusCode).toBe(200);
    const held = (await t.app.inject({ method: 'GET', url: '/api/applicant/awards', headers: bearer(holder.json().jwt as string) })).json();
    const year = Number(todayInSydney().slice(0, 4));
    expect(held.rows.map((a: { programCode: string; status: string; certificateNumber: string }) => [a.programCode, a.status, a.certificateNumber]).sort()).toEqual([
      ['AICIP-PIPE', 'on hold', `WCB-${year}-00002`],
      ['C-WELD-SUP', 'current', `WCB-${year}-00001`],
    ]);
    const onHold = (await t.app.inject({ method: 'GET', url: `/api/award/${held.rows.find((a: { status: string }) => a.status === 'on hold').id}`, headers: bearer(holder.json().jwt as string) })).json();
    expect(onHold).toMatchObject({ statusReason: DEMO_HOLD_REASON, expiresOn: expect.stringMatching(new RegExp(`^${year + 5}-`)) });
    const signedIn = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { identifier: 'super@demo.local', password: DEMO_PASSWORD } });
    const jwt = signedIn.json().jwt as string;
    const programs = (await t.app.inject({ method: 'GET', url: '/api/program/pagination', headers: bearer(jwt) })).json();
    expect(programs.rows.map((p: { programCode: string; status: number; programType: number }) => [p.programCode, p.programType, p.status]).sort()).toEqual([
      ['AICIP-PIPE', 4, 2],
      ['C-WELD-SUP', 2, 2],
      ['Q-WELD-INSP', 1, 2],
      ['WQ-ISO9606', 3, 2],
    ]);
    // Each demo program meets the publication rules a real one must meet.
    for (const program of programs.rows as { id: string; programCode: string }[]) {
      const completeness = (await t.app.inject({ method: 'GET', url: `/api/program/${program.id}/completeness`, headers: bearer(jwt) })).json();
      expect(completeness, program.programCode).toEqual({ isComplete: true, missing: [] });
    }
  });

  it('separates the certification decision in the demo Certification and AICIP programs, as in new programs of those types (issue 43)', async () => {
    const jwt = (await t.app.inject({ method: 'POST', url: '/auth/local', payload: { identifier: 'accountadmin@demo.local', password: DEMO_PASSWORD } })).json().jwt as string;
    const rows = (await t.app.inject({ method: 'GET', url: '/api/program/pagination', headers: bearer(jwt) })).json().rows as { id: string; programCode: string }[];
    const separation: [string, boolean][] = [];
    for (const row of rows) {
      const program = (await t.app.inject({ method: 'GET', url: `/api/program/${row.id}`, headers: bearer(jwt) })).json();
      separation.push([row.programCode, program.decisionSeparation]);
    }
    expect(separation.sort()).toEqual([
      ['AICIP-PIPE', true],
      ['C-WELD-SUP', true],
      ['Q-WELD-INSP', false],
      ['WQ-ISO9606', false],
    ]);
  });

  it('numbers every demo certificate in the year it was awarded (issue 45 item 19)', async () => {
    const rows = await t.database.db.select({ certificateNumber: awards.certificateNumber, awardedOn: awards.awardedOn }).from(awards);
    const dated = rows.filter((row) => /(?:^|\D)(?:19|20)\d{2}(?:\D|$)/.test(row.certificateNumber));
    expect(dated.length).toBeGreaterThan(3);
    for (const row of dated) {
      const numberYear = /(?:^|\D)((?:19|20)\d{2})(?:\D|$)/.exec(row.certificateNumber)![1];
      expect(numberYear, `${row.certificateNumber} awarded ${row.awardedOn}`).toBe(String(row.awardedOn).slice(0, 4));
    }
  });

  it("shows each demo AICIP award's modules as chosen and passed, not \"No modules were chosen\" (issue 45 item 19)", async () => {
    const aicipAwards = await t.database.db
      .select({ applicationId: awards.applicationId })
      .from(awards)
      .innerJoin(programTable, eq(programTable.id, awards.programId))
      .where(eq(programTable.programCode, 'AICIP-PIPE'));
    expect(aicipAwards.length).toBeGreaterThan(0);
    for (const award of aicipAwards) {
      const modules = await t.database.db.select().from(applicationModules).where(eq(applicationModules.applicationId, award.applicationId));
      expect(modules.length, award.applicationId).toBeGreaterThan(0);
      expect(modules.every((m) => m.result === 'Pass' && m.scheduledAt !== null && m.resultEnteredOn !== null)).toBe(true);
    }
  });

  it('gives the New Zealand body a logo drawn in code (a PNG in the storage), and the first body none', async () => {
    const logoOf = async (id: string) => (await t.database.db.select({ logo: accounts.logoAttachmentId }).from(accounts).where(eq(accounts.id, id)))[0]?.logo ?? null;
    expect(await logoOf(FIRST_ACCOUNT_ID)).toBeNull();
    const logoId = await logoOf(DEMO_NZ_ACCOUNT.id);
    expect(logoId).not.toBeNull();
    const [file] = await t.database.db.select().from(attachments).where(eq(attachments.id, logoId!));
    expect(file).toMatchObject({ status: 'saved', contentType: 'image/png' });
    const stored = written.get(file!.resourceKey);
    expect(stored?.contentType).toBe('image/png');
    expect(Buffer.from(stored!.bytes).equals(demoNzLogoPng())).toBe(true);
    expect(Buffer.from(stored!.bytes.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
  });

  it("tells applicants what happens to a program's modules, not to choose them on a form that has no such choice", async () => {
    const rows = await t.database.db
      .select({ programCode: programTable.programCode, instruction: applicantInstructions.instruction })
      .from(applicantInstructions)
      .innerJoin(programTable, eq(programTable.id, applicantInstructions.programId));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.instruction, row.programCode).not.toMatch(/choose the modules|modules you will sit/i);
    const qualification = rows.filter((row) => row.programCode === 'Q-WELD-INSP').map((row) => row.instruction);
    expect(qualification).toContainEqual(expect.stringMatching(/assessed, staff confirm which of the modules below you sit, send the invoice and schedule each module's exam/));
  });

  it('seeds the back office: companies, library documents by access, Contact Us messages, a past import and an AICIP application waiting for payment', async () => {
    await seedDemoData(t.database.db, { writeFile });
    const signInAs = async (email: string, isApplicant = false) =>
      (await t.app.inject({ method: 'POST', url: isApplicant ? '/auth/local/applicant' : '/auth/local', payload: { identifier: email, password: DEMO_PASSWORD } })).json().jwt as string;
    const staff = await signInAs('accountadmin@demo.local');
    const get = (url: string, jwt: string) => t.app.inject({ method: 'GET', url, headers: bearer(jwt) });

    const companies = (await get('/api/company/pagination?perPageCount=50', staff)).json();
    expect(companies.rows.map((c: { name: string; businessNumber: string; isCurrentCorporateMember: boolean }) => [c.name, c.businessNumber, c.isCurrentCorporateMember]).sort()).toEqual([
      [DEMO_CORPORATE_MEMBER_COMPANY.name, DEMO_CORPORATE_MEMBER_COMPANY.businessNumber, true],
      [DEMO_EMPLOYER_COMPANY.name, DEMO_EMPLOYER_COMPANY.businessNumber, false],
    ]);

    // The corporate member's employee reads all three documents; the demo applicant (no membership) the public one only.
    const numbersFor = async (jwt: string) => (await get('/api/librarydocument/pagination?perPageCount=50', jwt)).json().rows.map((d: { documentNumber: string }) => d.documentNumber).sort();
    expect(await numbersFor(await signInAs(DEMO_CORPORATE_EMPLOYEE.email, true))).toEqual(Object.values(DEMO_LIBRARY_DOCUMENTS).sort());
    expect(await numbersFor(await signInAs('applicant@demo.local', true))).toEqual([DEMO_LIBRARY_DOCUMENTS.public]);
    // Each document has its file, a PDF stored once.
    const documents = (await get('/api/librarydocument/pagination?perPageCount=50', staff)).json().rows as { documentNumber: string; fileName: string | null }[];
    expect(documents.map((d) => d.fileName).sort()).toEqual(Object.values(DEMO_LIBRARY_DOCUMENTS).map((n) => `${n.toLowerCase()}.pdf`).sort());
    // (The other file the seed stores is the New Zealand body's logo, below.)
    const pdfs = [...written.values()].filter((file) => file.contentType !== 'image/png');
    expect(pdfs.map((file) => [file.contentType, Buffer.from(file.bytes.slice(0, 5)).toString()])).toEqual(Array(3).fill(['application/pdf', '%PDF-']));

    const waiting = (await get('/api/contactus/pagination?handled=false&perPageCount=50', staff)).json();
    const handled = (await get('/api/contactus/pagination?handled=true&perPageCount=50', staff)).json();
    expect([waiting.totalRows, handled.totalRows]).toEqual([2, 1]);

    const imports = (await get('/api/bulkimportprocess/lists', staff)).json();
    expect(imports.rows).toEqual([expect.objectContaining({ fileName: DEMO_IMPORT_FILE, status: 'Completed', programCode: 'Q-WELD-INSP', totalRows: 3, processedRows: 3, created: 2, refused: 1 })]);

    // Two welders' confirmations fall due within the Welders due list's days: the dashboard counts them.
    const due = (await t.app.inject({ method: 'POST', url: '/api/applicant/search/wpqrenewal', headers: bearer(staff), payload: {} })).json();
    const welderRows = due.rows.map((row: { welderName: string; due: string; companyName: string | null }) => [row.welderName, row.due, row.companyName]);
    expect(welderRows.sort()).toEqual([
      [`${DEMO_WELDER_DUE.firstName} ${DEMO_WELDER_DUE.lastName}`, 'confirmation', DEMO_EMPLOYER_COMPANY.name],
      [`${DEMO_SECOND_WELDER_DUE.firstName} ${DEMO_SECOND_WELDER_DUE.lastName}`, 'confirmation', DEMO_EMPLOYER_COMPANY.name],
    ]);
    const summary = (await get('/api/dashboard/summary', staff)).json();
    expect(summary.pending.find((action: { key: string }) => action.key === 'confirmationsDue').count).toBe(2);

    // The AICIP application waits for its payment, and support records it.
    const aicip = (await get('/api/108/aicipapplications', staff)).json();
    expect(aicip.rows).toEqual([
      expect.objectContaining({ applicantName: `${DEMO_AICIP_PAYER.firstName} ${DEMO_AICIP_PAYER.lastName}`, programCode: 'AICIP-PIPE', isAwaitingPayment: true, invoice: expect.objectContaining({ status: 'Issued', totalCents: 128000 }) }),
    ]);
    // Illawarra Steel pays for it (issue 42): the coordinator's Invoices list it unpaid with the purchase order, billed to the company.
    const coordinator = (await t.app.inject({ method: 'POST', url: '/auth/local/employer', payload: { identifier: DEMO_COMPANY_COORDINATOR.email, password: DEMO_PASSWORD } })).json().jwt as string;
    const companyInvoices = (await get('/api/employer/invoices', coordinator)).json();
    expect(companyInvoices).toEqual([
      expect.objectContaining({
        personName: `${DEMO_AICIP_PAYER.firstName} ${DEMO_AICIP_PAYER.lastName}`,
        applicationNumber: aicip.rows[0].applicationNumber,
        programCode: 'AICIP-PIPE',
        purchaseOrderNumber: DEMO_COMPANY_SPONSORSHIP.purchaseOrderNumber,
        status: 'Unpaid',
        totalCents: 128000,
        paidOn: null,
      }),
    ]);
    expect((await get('/api/employer/nominations', coordinator)).json()).toEqual([
      expect.objectContaining({
        personName: `${DEMO_AICIP_PAYER.firstName} ${DEMO_AICIP_PAYER.lastName}`,
        purchaseOrderNumber: DEMO_COMPANY_SPONSORSHIP.purchaseOrderNumber,
        billingContactEmail: DEMO_COMPANY_SPONSORSHIP.billingContactEmail,
        nominatedBy: `${DEMO_COMPANY_COORDINATOR.firstName} ${DEMO_COMPANY_COORDINATOR.lastName}`,
      }),
    ]);
    const pdf = await get(`/api/employer/invoices/${companyInvoices[0].id}/pdf`, coordinator);
    expect([pdf.statusCode, pdf.rawPayload.subarray(0, 5).toString()]).toEqual([200, '%PDF-']);
    const paid = await t.app.inject({ method: 'POST', url: '/api/108/aicippayment', headers: bearer(staff), payload: { applicationId: aicip.rows[0].applicationId, reference: 'EFT-DEMO-1', reason: 'Bank transfer received' } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await get(`/api/108/aicipapplication/${aicip.rows[0].applicationId}`, staff)).json()).toMatchObject({ stageLabel: 'Payment completed', invoice: { status: 'Paid' } });
    // Staff's payment settles the company's invoice as any other.
    expect((await get('/api/employer/invoices', coordinator)).json()).toEqual([expect.objectContaining({ id: companyInvoices[0].id, status: 'Paid' })]);
  });

  it("seeds the companies' own users (issue 42): the employer's coordinator with Dallas Weldon among its people and the demo applicant's claim to decide, and the corporate member's viewer", async () => {
    await seedDemoData(t.database.db, { writeFile });
    const signIn = async (email: string) => {
      const response = await t.app.inject({ method: 'POST', url: '/auth/local/employer', payload: { identifier: email, password: DEMO_PASSWORD } });
      expect(response.statusCode, email).toBe(200);
      return response.json().jwt as string;
    };
    const get = async (url: string, jwt: string) => (await t.app.inject({ method: 'GET', url, headers: bearer(jwt) })).json();

    // The coordinator: Illawarra Steel, its people (Dallas Weldon and the AICIP payer, both staff's links) and one claim waiting.
    const coordinator = await signIn(DEMO_COMPANY_COORDINATOR.email);
    expect(await get('/api/employer/company', coordinator)).toMatchObject({ name: DEMO_EMPLOYER_COMPANY.name, isCoordinator: true, people: 3, pendingClaims: 1 });
    const claims = await get('/api/employer/claims', coordinator);
    expect(claims.map((c: { email: string; status: string; companyName: string }) => [c.email, c.status, c.companyName])).toEqual([['applicant@demo.local', 'pending', DEMO_EMPLOYER_COMPANY.name]]);
    expect((await get('/api/employer/users', coordinator)).map((u: { email: string; hasSignedUp: boolean; invitedBy: string | null }) => [u.email, u.hasSignedUp, u.invitedBy])).toEqual([[DEMO_COMPANY_COORDINATOR.email, true, null]]);

    // The viewer: the corporate member, its one employee, no claims, and no say.
    const viewer = await signIn(DEMO_COMPANY_VIEWER.email);
    expect(await get('/api/employer/company', viewer)).toMatchObject({ name: DEMO_CORPORATE_MEMBER_COMPANY.name, isCoordinator: false, people: 1, pendingClaims: 0 });

    // Company users sign in at their own door only.
    const atStaffDoor = await t.app.inject({ method: 'POST', url: '/auth/local', payload: { identifier: DEMO_COMPANY_COORDINATOR.email, password: DEMO_PASSWORD } });
    expect(atStaffDoor.statusCode).not.toBe(200);

    // The welder whose confirmation falls due is one of the employer's approved people (the Welders due list still names the employer).
    const staff = (await t.app.inject({ method: 'POST', url: '/auth/local', payload: { identifier: 'accountadmin@demo.local', password: DEMO_PASSWORD } })).json().jwt as string;
    const company = (await get('/api/company/pagination?perPageCount=50', staff)).rows.find((c: { name: string }) => c.name === DEMO_EMPLOYER_COMPANY.name);
    const users = await get(`/api/company/${company.id}/users`, staff);
    expect(users.map((u: { email: string; role: number }) => [u.email, u.role])).toEqual([[DEMO_COMPANY_COORDINATOR.email, DEMO_COMPANY_COORDINATOR.role]]);
    const details = await get(`/api/company/${company.id}`, staff);
    expect(details.people.map((p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`).sort()).toEqual(
      [`${DEMO_WELDER_DUE.firstName} ${DEMO_WELDER_DUE.lastName}`, `${DEMO_AICIP_PAYER.firstName} ${DEMO_AICIP_PAYER.lastName}`, `${DEMO_SECOND_WELDER_DUE.firstName} ${DEMO_SECOND_WELDER_DUE.lastName}`].sort(),
    );
  });
});
