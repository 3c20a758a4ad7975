import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { ROLES } from '@certs/shared/auth/roles';
import { subtractMonths } from '@certs/shared/award/award-expiry';
import { gstBasisPointsOf, invoiceTotalsOf, todayInSydney } from '@certs/shared/pre-exam/pre-exam-rules';
import { PROGRAM_TYPES } from '@certs/shared/program/program-type';
import { calculateRange } from '@certs/shared/wpq/wpq-range';
import { moveApplication } from '../modules/application/application-move';
import { ApplicationRepository } from '../modules/application/application.repository';
import { ApplicationWorkflowRepository } from '../modules/application/application-workflow.repository';
import { checkFile, joinedRowErrors } from '../modules/bulk-import/bulk-import-csv';
import { BulkImportRepository } from '../modules/bulk-import/bulk-import.repository';
import { AwardRepository } from '../modules/award/award.repository';
import { setCompanyMembership } from '../db/account-memberships';
import { PreExamRepository } from '../modules/pre-exam/pre-exam.repository';
import { companyBilledToOf, type CompanyBilling } from '../modules/pre-exam/pre-exam.service';
import { ApplicantRepository } from '../modules/applicant/applicant.repository';
import { toApplicant } from '../modules/applicant/applicant.service';
import type { Database } from '../db/client';
import { attachments } from '../db/schema/attachment';
import { bulkImports } from '../db/schema/bulk-import';
import { companies } from '../db/schema/company';
import { companySponsorships } from '../db/schema/company-sponsorship';
import { companyUsers } from '../db/schema/company-user';
import { contactMessages } from '../db/schema/contact';
import { libraryDocuments } from '../db/schema/library-document';
import { programModules, programs } from '../db/schema/program';
import { contactMessageReplies } from '../db/schema/support';
import { applicants, users } from '../db/schema/user';
import { wpqRecords } from '../db/schema/wpq';
import { insertDemoApplicant } from './demo-applicant';
import { seedHolderOfExpiringAward } from './demo-renewals';

/** Who the demo's invoices say issued them, and the GST they contain: the server's defaults (main.ts passes its own). */
export interface DemoInvoicing {
  issuer: { name: string; abn: string; address: string; email: string };
  gstRatePercent: number;
}
export const DEFAULT_DEMO_INVOICING: DemoInvoicing = {
  issuer: { name: 'Welding Certification Board of Australia and New Zealand', abn: '12 345 678 901', address: '1 Example Street, Sydney NSW 2000, Australia', email: 'accounts@certification.local' },
  gstRatePercent: 10,
};

/** Stores a file the seed made in the configured storage (main.ts hands the server's storage in). */
export type DemoFileWriter = (key: string, bytes: Uint8Array, contentType: string) => Promise<void>;

/** A one-page PDF naming the document, so that a demo document opens. */
async function demoPdf(documentNumber: string, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${documentNumber} ${title}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  page.drawText(documentNumber, { x: 56, y: 760, size: 12, font });
  page.drawText(title, { x: 56, y: 736, size: 16, font });
  page.drawText('Demo document of the certification platform.', { x: 56, y: 700, size: 11, font });
  return pdf.save();
}

/** A corporate member whose membership is current while the demo runs (six months either side of the seed's day). */
export const DEMO_CORPORATE_MEMBER_COMPANY = { name: 'Hunter Valley Fabrication Pty Ltd', businessNumber: '41620710170', corporateMemberNumber: 'WCB-C-0107' } as const;
/** An employer that is not a corporate member. */
export const DEMO_EMPLOYER_COMPANY = { name: 'Illawarra Steel Fabricators Pty Ltd', businessNumber: '63084510470' } as const;
/** An applicant employed by the corporate member: the current-corporate-only document is theirs to read. */
export const DEMO_CORPORATE_EMPLOYEE = { email: 'corporate.member@demo.local', firstName: 'Harper', lastName: 'Hunter', memberNumber: '' } as const;
/** An applicant whose AICIP application waits for its payment (support's "process AICIP payments"). */
export const DEMO_AICIP_PAYER = { email: 'aicip.payer@demo.local', firstName: 'Piper', lastName: 'Payne', memberNumber: '' } as const;
/** A welder whose first six-monthly confirmation falls due two weeks after the seed runs (the dashboard's "confirmations due"). */
export const DEMO_WELDER_DUE = { email: 'due.welder@demo.local', firstName: 'Dallas', lastName: 'Weldon', memberNumber: '' } as const;
/** A second welder of the same employer, due at the same time (issue 42: the coordinator confirms both in one step). */
export const DEMO_SECOND_WELDER_DUE = { email: 'due.welder2@demo.local', firstName: 'Tess', lastName: 'Tacker', memberNumber: '' } as const;
/** The employer's coordinator in its own portal (issue 42): Dallas Weldon is one of its people, and the demo applicant's claim to work there waits for them. */
export const DEMO_COMPANY_COORDINATOR = { email: 'coordinator@illawarrasteel.example', firstName: 'Lee', lastName: 'Supervisor', role: ROLES.CompanyCoordinator } as const;
/** A viewer at the corporate member (issue 42): reads and checks, changes nothing. */
export const DEMO_COMPANY_VIEWER = { email: 'viewer@huntervalleyfab.example', firstName: 'Vivian', lastName: 'Viewer', role: ROLES.CompanyViewer } as const;
/** The employer pays for Piper Payne's AICIP application (issue 42): its purchase order and billing contact, on the invoice. */
export const DEMO_COMPANY_SPONSORSHIP = { purchaseOrderNumber: 'PO-ILL-2026-118', billingContactName: 'Accounts Payable', billingContactEmail: 'accounts@illawarrasteel.example' } as const;
/** The library documents, one per kind of access. */
export const DEMO_LIBRARY_DOCUMENTS = {
  public: 'WCB-PUB-001',
  membersOnly: 'WCB-MEM-014',
  currentCorporateOnly: 'WCB-CORP-003',
} as const;
export const DEMO_IMPORT_FILE = 'q-weld-insp-intake-demo.csv';

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);

async function programByCode(tx: Database, code: string) {
  const [row] = await tx.select({ id: programs.id, programType: programs.programType }).from(programs).where(eq(programs.programCode, code));
  if (!row) throw new Error(`demo program ${code} missing`);
  return row;
}

async function seedCompanies(tx: Database, staffId: string): Promise<{ corporateMemberId: string; employerId: string }> {
  const today = todayInSydney();
  const [corporate] = await tx
    .insert(companies)
    .values({
      name: DEMO_CORPORATE_MEMBER_COMPANY.name,
      businessNumberKind: 'ABN',
      businessNumber: DEMO_CORPORATE_MEMBER_COMPANY.businessNumber,
      streetAddress: '12 Foundry Road',
      city: 'Beresfield',
      state: 'NSW',
      postalCode: '2322',
      contactName: 'Dana Coordinator',
      contactPosition: 'Welding coordinator',
      contactEmail: 'welding@huntervalleyfab.example',
      contactPhone: '02 4964 1000',
      createdBy: staffId,
      modifiedBy: staffId,
    })
    .returning({ id: companies.id });
  // A corporate member of the first account (the Australian body) only: memberships are per account.
  await setCompanyMembership(tx, {
    accountId: FIRST_ACCOUNT_ID,
    companyId: corporate!.id,
    memberNumber: DEMO_CORPORATE_MEMBER_COMPANY.corporateMemberNumber,
    startsOn: subtractMonths(today, 6),
    endsOn: subtractMonths(today, -6),
    by: staffId,
  });
  const [employer] = await tx
    .insert(companies)
    .values({
      name: DEMO_EMPLOYER_COMPANY.name,
      businessNumberKind: 'ABN',
      businessNumber: DEMO_EMPLOYER_COMPANY.businessNumber,
      streetAddress: '40 Port Kembla Road',
      city: 'Wollongong',
      state: 'NSW',
      postalCode: '2500',
      contactName: 'Lee Supervisor',
      contactPosition: 'Workshop supervisor',
      contactEmail: 'coordinator@illawarrasteel.example',
      contactPhone: '02 4220 5500',
      createdBy: staffId,
      modifiedBy: staffId,
    })
    .returning({ id: companies.id });
  return { corporateMemberId: corporate!.id, employerId: employer!.id };
}

/**
 * The companies' own users (issue 42): the employer's coordinator and the corporate member's
 * viewer, activated with the demo password (no invitation: nobody invited them).
 */
async function seedCompanyUsers(tx: Database, options: { passwordHash: string; staffId: string; corporateMemberId: string; employerId: string }): Promise<{ coordinatorId: string }> {
  const people = [
    { ...DEMO_COMPANY_COORDINATOR, companyId: options.employerId },
    { ...DEMO_COMPANY_VIEWER, companyId: options.corporateMemberId },
  ];
  for (const person of people) {
    const [user] = await tx
      .insert(users)
      .values({
        email: person.email,
        firstName: person.firstName,
        lastName: person.lastName,
        role: person.role,
        userType: 'employer',
        menuItems: [],
        passwordHash: options.passwordHash,
        accountId: null,
        createdBy: options.staffId,
        modifiedBy: options.staffId,
      })
      .returning({ id: users.id });
    await tx.insert(companyUsers).values({ userId: user!.id, companyId: person.companyId, createdBy: options.staffId, modifiedBy: options.staffId });
  }
  const [coordinator] = await tx.select({ id: users.id }).from(users).where(eq(users.email, DEMO_COMPANY_COORDINATOR.email));
  return { coordinatorId: coordinator!.id };
}

/** The demo applicant names the employer on their profile: a claim its coordinator has yet to decide. */
async function seedPendingClaim(tx: Database, employerId: string): Promise<void> {
  const [applicant] = await tx.select({ id: users.id }).from(users).where(eq(users.email, 'applicant@demo.local'));
  if (!applicant) throw new Error('demo applicant missing');
  await tx
    .update(applicants)
    .set({ employerCompanyId: employerId, employerClaimStatus: 'pending', employerClaimedOn: daysAgo(2), employerClaimDecidedOn: null, employerClaimDecidedBy: null })
    .where(eq(applicants.userId, applicant.id));
}

async function seedLibraryDocuments(tx: Database, staffId: string, writeFile: DemoFileWriter | undefined): Promise<void> {
  const common = { documentDate: subtractMonths(todayInSydney(), 2), revision: 'A', isForInternalUsers: true, createdBy: staffId, modifiedBy: staffId };
  const documents = [
    {
      ...common,
      documentNumber: DEMO_LIBRARY_DOCUMENTS.public,
      documentTitle: 'Certification schemes handbook',
      documentType: 'Publication',
      comments: 'For everyone: the schemes, their modules and how to apply.',
      isForExternalUsers: true,
    },
    {
      ...common,
      documentNumber: DEMO_LIBRARY_DOCUMENTS.membersOnly,
      documentTitle: "Members' guide to AS/NZS 1554.1 weld acceptance",
      documentType: 'Instructions',
      comments: 'Individual and corporate members.',
      isForIndividualMembers: true,
      isForCorporateMembers: true,
    },
    {
      ...common,
      documentNumber: DEMO_LIBRARY_DOCUMENTS.currentCorporateOnly,
      documentTitle: 'Welding procedure templates for corporate members',
      documentType: 'Welding Procedure',
      comments: 'Current corporate members only.',
      isForCurrentCorporateMembers: true,
    },
  ];
  for (const document of documents) {
    let attachmentId: string | null = null;
    // Each with its file when the seed can reach the storage (the server's start); without one in tests.
    const bytes = writeFile ? await demoPdf(document.documentNumber, document.documentTitle) : undefined;
    const resourceKey = `attachments/${randomUUID()}.pdf`;
    // A storage that cannot be written now (an S3 bucket out of reach) leaves the demo without files, not without data.
    const isWritten = !!writeFile && !!bytes && (await writeFile(resourceKey, bytes, 'application/pdf').then(
      () => true,
      (error: unknown) => {
        console.warn(`Demo document ${document.documentNumber} has no file: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      },
    ));
    if (isWritten && bytes) {
      const [saved] = await tx
        .insert(attachments)
        .values({
          resourceKey,
          ownerUserId: staffId,
          name: `${document.documentNumber.toLowerCase()}.pdf`,
          declaredContentType: 'application/pdf',
          contentType: 'application/pdf',
          size: bytes.length,
          status: 'saved',
          savedOn: new Date(),
          createdBy: staffId,
          modifiedBy: staffId,
        })
        .returning({ id: attachments.id });
      attachmentId = saved!.id;
    }
    await tx.insert(libraryDocuments).values({ ...document, attachmentId });
  }
}

async function seedContactMessages(tx: Database, staffId: string): Promise<void> {
  await tx.insert(contactMessages).values([
    {
      name: 'Jordan Fraser',
      email: 'jordan.fraser@example.com',
      phoneNumber: '0412 555 010',
      message: 'Can I sit the AICIP piping modules in Perth next year, or only in Newcastle?',
      createdOn: daysAgo(1),
      modifiedOn: daysAgo(1),
    },
    {
      name: 'Mia Tanaka',
      email: 'mia.tanaka@example.com',
      phoneNumber: '0400 222 731',
      message: 'My employer is a corporate member. Do I pay the member fee for the welding inspector qualification?',
      createdOn: daysAgo(2),
      modifiedOn: daysAgo(2),
    },
  ]);
  const [handled] = await tx
    .insert(contactMessages)
    .values({
      name: 'Sam Okafor',
      email: 'sam.okafor@example.com',
      phoneNumber: '0433 908 114',
      message: 'How do I get a copy of my certificate? I lost the printed one.',
      createdOn: daysAgo(6),
      modifiedOn: daysAgo(4),
      handledOn: daysAgo(4),
      handledBy: staffId,
      modifiedBy: staffId,
    })
    .returning({ id: contactMessages.id });
  await tx.insert(contactMessageReplies).values({
    messageId: handled!.id,
    body: 'Sign in and open Awards: each current award has its certificate to download, and a link anyone can use to verify it.',
    createdOn: daysAgo(4),
    modifiedOn: daysAgo(4),
    createdBy: staffId,
    modifiedBy: staffId,
  });
}

/**
 * One past bulk import to the demo Qualification program, as the import job leaves it: two new
 * applicants with draft applications (not invited: the demo sends no mail) and one row refused.
 */
async function seedPastImport(tx: Database, staffId: string): Promise<void> {
  const program = await programByCode(tx, 'Q-WELD-INSP');
  const content = [
    'email,firstName,lastName,phone,dateOfBirth,streetNumber,streetName,city,state,postalCode,country,membershipType,memberNumber,applicationStatus',
    'riley.imported@demo.local,Riley,Imported,0400 100 200,1991-02-14,5,Hunter Street,Newcastle,NSW,2300,Australia,none,,Application Started',
    'quinn.imported@demo.local,Quinn,Imported,0400 100 300,1987-08-30,18,Crown Street,Wollongong,NSW,2500,Australia,none,,Application Submitted',
    'not-an-email,Casey,Mistyped,,,,,,,,,none,,Application Started',
  ].join('\n');
  const checked = checkFile(content);
  if (!checked.ok) throw new Error(`the demo import file is refused: ${checked.reason}`);
  const repository = new BulkImportRepository(tx);
  const [created] = await tx
    .insert(bulkImports)
    .values({
      programId: program.id,
      fileName: DEMO_IMPORT_FILE,
      content,
      status: 'Completed',
      totalRows: checked.totalRows,
      startedOn: daysAgo(3),
      finishedOn: daysAgo(3),
      createdOn: daysAgo(3),
      createdBy: staffId,
      modifiedBy: staffId,
    })
    .returning({ id: bulkImports.id });
  const importId = created!.id;
  const people = await repository.insertApplicants(tx, checked.rows, staffId);
  const year = new Date().getUTCFullYear();
  const first = await repository.takeNumbers(tx, program.programType, year, checked.rows.length);
  const inserted = await repository.insertApplications(
    tx,
    checked.rows.map((row, index) => ({
      applicationNumber: `Q-${year}-${String(first + index).padStart(5, '0')}`,
      applicantId: people.get(row.email.toLowerCase())!.applicantId,
      programId: program.id,
      programType: program.programType,
      status: row.applicationStatus,
      submittedOn: row.applicationStatus === 'Application Submitted' ? daysAgo(3) : null,
      createdBy: staffId,
      modifiedBy: staffId,
    })),
  );
  const applicationOf = new Map(inserted.map((row) => [row.applicantId, row.id]));
  await repository.insertHistory(
    tx,
    checked.rows.map((row) => ({
      applicationId: applicationOf.get(people.get(row.email.toLowerCase())!.applicantId)!,
      fromStatus: null,
      toStatus: row.applicationStatus,
      note: `Imported from ${DEMO_IMPORT_FILE}`,
      createdBy: staffId,
      modifiedBy: staffId,
    })),
  );
  await repository.insertRowResults(tx, [
    ...checked.rows.map((row) => {
      const applicantId = people.get(row.email.toLowerCase())!.applicantId;
      return { importId, rowNumber: row.rowNumber, email: row.email, result: 'created' as const, applicantId, applicationId: applicationOf.get(applicantId) ?? null, createdBy: staffId, modifiedBy: staffId };
    }),
    ...checked.refused.map((row) => ({ importId, rowNumber: row.rowNumber, email: row.email, result: 'refused' as const, ...joinedRowErrors(row.errors), createdBy: staffId, modifiedBy: staffId })),
  ]);
  await repository.refreshProgress(tx, importId);
}

/**
 * What the employer puts on an invoice it pays (issue 42): the company as the employer-billing
 * module's `companyBillingOf` reads it, with the demo sponsorship's purchase order and contact.
 */
async function demoCompanyBilling(tx: Database, companyId: string): Promise<CompanyBilling> {
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw new Error('demo employer missing');
  return {
    companyId,
    companyName: company.name,
    businessNumberKind: company.businessNumberKind,
    businessNumber: company.businessNumber,
    address: [company.streetAddress, [company.city, company.state, company.postalCode].filter(Boolean).join(' '), company.country].filter(Boolean).join(', '),
    purchaseOrderNumber: DEMO_COMPANY_SPONSORSHIP.purchaseOrderNumber,
    contactName: DEMO_COMPANY_SPONSORSHIP.billingContactName,
    contactEmail: DEMO_COMPANY_SPONSORSHIP.billingContactEmail,
  };
}

/**
 * An AICIP application waiting for its payment, as the pre-exam stage leaves it: accepted, both
 * AICIP-PIPE modules chosen at non-member fees, invoiced (the numbering and GST of real invoices)
 * and at "Payment requested". Its employer pays for it (issue 42): the coordinator nominated Piper
 * Payne, so the invoice is billed to the company (purchase order, billing contact, Piper as the
 * candidate) and the coordinator pays it on the portal's Invoices; support can still record a bank transfer on Users → Support.
 */
async function seedAicipAwaitingPayment(tx: Database, options: { passwordHash: string; staffId: string; employerId: string; coordinatorId: string; invoicing: DemoInvoicing }): Promise<void> {
  const { userId, applicantId } = await insertDemoApplicant(tx, DEMO_AICIP_PAYER, options.passwordHash);
  const homeAddress = { streetNumber: '7', streetName: 'Darby Street', city: 'Newcastle', state: 'NSW', postalCode: '2300', country: 'Australia' };
  await tx.update(applicants).set({ homeAddress, phone: '0411 765 432', employerCompanyId: options.employerId, employerClaimStatus: 'approved' }).where(eq(applicants.id, applicantId));
  const program = await programByCode(tx, 'AICIP-PIPE');
  const modules = await tx
    .select({ id: programModules.id, moduleCode: programModules.moduleCode, moduleTitle: programModules.moduleTitle, nonMemberFeeCents: programModules.nonMemberFeeCents })
    .from(programModules)
    .where(and(eq(programModules.programId, program.id), inArray(programModules.moduleCode, ['AIC-P1', 'AIC-P2'])))
    .orderBy(programModules.moduleCode);
  const applicationRepository = new ApplicationRepository(tx);
  const workflow = new ApplicationWorkflowRepository(tx);
  const preExam = new PreExamRepository(tx);
  const year = new Date().getFullYear();
  const sequence = await applicationRepository.nextNumber(tx, PROGRAM_TYPES.AICIP, year);
  const application = await applicationRepository.insert(tx, {
    applicationNumber: `AICIP-${year}-${String(sequence).padStart(5, '0')}`,
    applicantId,
    programId: program.id,
    programType: PROGRAM_TYPES.AICIP,
    status: 'Assessment Completed',
    declarationAccepted: true,
    submittedOn: daysAgo(12),
    assessmentRound: 1,
    createdBy: userId,
    modifiedBy: userId,
  });
  await preExam.replaceApplicationModules(
    tx,
    application.id,
    modules.map((module, index) => ({ programModuleId: module.id, isRequired: true, feeCents: module.nonMemberFeeCents, feeBasis: 'nonMember' as const, order: index + 1 })),
    options.staffId,
  );
  const chosen = await preExam.findApplicationModules(application.id, tx);
  const lines = modules.map((module) => ({
    applicationModuleId: chosen.find((row) => row.programModuleId === module.id)?.id ?? '',
    moduleCode: module.moduleCode,
    moduleTitle: module.moduleTitle,
    feeBasis: 'nonMember' as const,
    isRequired: true,
    amountCents: module.nonMemberFeeCents,
  }));
  await tx.insert(companySponsorships).values({
    applicationId: application.id,
    companyId: options.employerId,
    ...DEMO_COMPANY_SPONSORSHIP,
    nominatedBy: options.coordinatorId,
    nominatedOn: daysAgo(20),
    createdBy: options.coordinatorId,
    modifiedBy: options.coordinatorId,
  });
  const applicant = await new ApplicantRepository(tx).findById(applicantId, tx, FIRST_ACCOUNT_ID);
  if (!applicant) throw new Error('demo AICIP payer missing');
  const gstRateBasisPoints = gstBasisPointsOf(options.invoicing.gstRatePercent);
  const totals = invoiceTotalsOf(lines, 0, gstRateBasisPoints);
  const invoiceNumber = await preExam.nextInvoiceNumber(tx, FIRST_ACCOUNT_ID);
  await preExam.insertInvoice(tx, {
    invoiceNumber,
    applicationId: application.id,
    issuedOn: daysAgo(5),
    issuer: options.invoicing.issuer,
    billedTo: companyBilledToOf(await demoCompanyBilling(tx, options.employerId), toApplicant(applicant, FIRST_ACCOUNT_ID), 'nonMember'),
    lines,
    subtotalCents: totals.subtotalCents,
    discountCents: totals.discountCents,
    gstRateBasisPoints,
    gstCents: totals.gstCents,
    totalCents: totals.totalCents,
    currency: 'AUD',
    status: 'Issued',
    createdBy: options.staffId,
    modifiedBy: options.staffId,
  });
  const started = await moveApplication(tx, workflow, {
    locked: application,
    typePath: 'aicipapplication',
    action: 'startExaminations',
    toStage: 'preExamination Completed',
    what: 'invoiced',
    note: `Modules chosen: ${modules.map((module) => module.moduleCode).join(', ')} (demo data)`,
    actorId: options.staffId,
  });
  await moveApplication(tx, workflow, {
    locked: { ...application, status: started.status, workflowStage: started.stage },
    typePath: 'aicipapplication',
    toStage: 'Payment Stage Requested',
    what: 'invoiced',
    note: 'Invoice issued; the applicant pays by bank transfer (demo data)',
    actorId: options.staffId,
  });
}

/**
 * A welder qualification (ISO 9606-1, 9.3 a) tested five and a half months before the seed runs,
 * employed by the demo employer, never confirmed yet: its first confirmation falls due two weeks
 * after the seed's day, so Programs -> Welders due and the dashboard's "confirmations due" show it.
 */
async function seedWelderDue(
  tx: Database,
  options: { passwordHash: string; staffId: string; employerId: string },
  welder: { email: string; firstName: string; lastName: string; memberNumber: string } = DEMO_WELDER_DUE,
  identity: { dateOfBirth: string; placeOfBirth: string; identificationNumber: string } = { dateOfBirth: '1992-03-05', placeOfBirth: 'Wollongong, NSW', identificationNumber: 'NSW-DL-7702114' },
): Promise<void> {
  const testDate = new Date(Date.parse(`${subtractMonths(todayInSydney(), 6)}T00:00:00Z`) + 14 * 86_400_000).toISOString().slice(0, 10);
  // Awarded on its test day, so the certificate number carries that year (issue 45 item 19).
  const holder = await seedHolderOfExpiringAward(tx, welder, { code: 'WQ-ISO9606', typePath: 'welderqualificationapplication', renewalYears: 2, awardedOn: testDate }, options);
  // One of the employer's people: staff's link, approved (its coordinator sees his qualification).
  await tx.update(applicants).set({ employerCompanyId: options.employerId, employerClaimStatus: 'approved', employerClaimedOn: daysAgo(30), employerClaimDecidedOn: daysAgo(30), employerClaimDecidedBy: options.staffId }).where(eq(applicants.id, holder.applicantId));
  const testPiece = {
    weldingProcess: '135',
    transferMode: 'short-circuit',
    productType: 'Plate',
    jointType: 'BW',
    testPieceThickness: 10,
    weldingPosition: 'PF',
    fillerMaterialGroup: 'FM1',
    fillerMaterialType: 'S',
    backingAndConsumableInsert: 'ss nb',
  } as const;
  const outcome = calculateRange(testPiece);
  if (!outcome.ok) throw new Error('the demo test piece has no range');
  // A welder qualification's validity is kept by confirmations, not by an expiry date.
  await new AwardRepository(tx).update(tx, holder.awardId, { awardedOn: testDate, expiresOn: null });
  await tx.insert(wpqRecords).values({
    ...testPiece,
    applicationId: holder.applicationId,
    applicantId: holder.applicantId,
    programId: holder.programId,
    status: 'approved',
    standard: 'ISO 9606-1:2017',
    ...identity,
    methodOfIdentification: 'Driver licence',
    employer: DEMO_EMPLOYER_COMPANY.name,
    employerCompanyId: options.employerId,
    wpsNumber: 'WPS-135-11',
    wpsRevision: 'A',
    jobKnowledge: 'Acceptable',
    placeOfTesting: 'Wollongong test bay',
    testDate,
    issueDate: testDate,
    testingAcceptanceCriteria: 'ISO 5817 level B',
    validityOption: '9.3a',
    parentMaterial1Specification: 'AS/NZS 3678-250',
    parentMaterial1Group: 1,
    parentMaterial1Subgroup: '1.1',
    fillerMaterialTradeName: 'ER70S-6',
    depositThickness: 10,
    layerTechnique: 'ml',
    shieldingGas: 'M21',
    typeOfCurrentAndPolarity: 'DC+',
    rangeOfQualification: outcome.range as unknown as Record<string, unknown>,
    awardId: holder.awardId,
    createdBy: options.staffId,
    modifiedBy: options.staffId,
  });
}

/**
 * The back office's demo data (issue 20): two companies (a current corporate member and an
 * employer), an applicant employed by the corporate member, library documents for the three kinds
 * of access, Contact Us messages (one handled, with its reply), one past bulk import, an AICIP
 * application waiting for its payment (the employer pays it), two welders whose confirmations fall due soon (the employer's
 * people), and the companies' own users (issue 42): the employer's coordinator, who has the demo
 * applicant's claim to decide, and the corporate member's viewer. Runs inside the seed's transaction and lock, once.
 */
export async function seedDemoBackOffice(tx: Database, options: { passwordHash: string; staffId: string; invoicing?: DemoInvoicing; writeFile?: DemoFileWriter }): Promise<void> {
  const { corporateMemberId, employerId } = await seedCompanies(tx, options.staffId);
  const employee = await insertDemoApplicant(tx, DEMO_CORPORATE_EMPLOYEE, options.passwordHash);
  // Staff's link: approved, so the corporate member's library documents are the employee's (decision 036).
  await tx.update(applicants).set({ employerCompanyId: corporateMemberId, employerClaimStatus: 'approved' }).where(eq(applicants.id, employee.applicantId));
  await seedLibraryDocuments(tx, options.staffId, options.writeFile);
  await seedContactMessages(tx, options.staffId);
  await seedPastImport(tx, options.staffId);
  // The company users first: the coordinator nominated the AICIP payer, whose invoice the company pays.
  const { coordinatorId } = await seedCompanyUsers(tx, { ...options, corporateMemberId, employerId });
  await seedAicipAwaitingPayment(tx, { ...options, employerId, coordinatorId, invoicing: options.invoicing ?? DEFAULT_DEMO_INVOICING });
  await seedWelderDue(tx, { ...options, employerId });
  await seedWelderDue(tx, { ...options, employerId }, DEMO_SECOND_WELDER_DUE, { dateOfBirth: '1995-08-21', placeOfBirth: 'Port Kembla, NSW', identificationNumber: 'NSW-DL-8810245' });
  await seedPendingClaim(tx, employerId);
}
