import { randomBytes } from 'node:crypto';
import { ROLES } from '@certs/shared/auth/roles';
import { sql } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { applications } from '../../src/db/schema/application';
import { invoices } from '../../src/db/schema/payment';
import { completeProgram, createProgram } from './program.factory';
import { createUser, type CreatedUser } from './user.factory';

export interface InvoicedApplication {
  applicant: CreatedUser;
  manager: CreatedUser;
  programId: string;
  programCode: string;
  applicationId: string;
  applicationNumber: string;
  invoiceId: string;
  invoiceNumber: number;
  totalCents: number;
}

export interface InvoiceOverrides {
  totalCents?: number;
  discountCents?: number;
  currency?: string;
  applicant?: CreatedUser;
  manager?: CreatedUser;
  programId?: string;
  programCode?: string;
}


/**
 * An application of a published Qualification program, in Examinations Stage at "Payment Stage
 * Requested", with an issued invoice: the state the pre-exam stage leaves it in. Rows are written
 * directly so that payment tests do not depend on the pre-exam screens.
 */
export async function createInvoicedApplication(db: Database, overrides: InvoiceOverrides = {}): Promise<InvoicedApplication> {
  const manager = overrides.manager ?? (await createUser(db, { role: ROLES.AccountAdministrator, menuItems: ['Programs', 'Reports'] }));
  let programId = overrides.programId;
  let programCode = overrides.programCode ?? '';
  if (!programId) {
    const program = await createProgram(db, { programManagerId: manager.id, programType: 1, status: 2, programTitle: 'Welding Inspector' });
    await completeProgram(db, program.id, 1, manager.id);
    programId = program.id;
    programCode = program.programCode;
  }
  const applicant = overrides.applicant ?? (await createUser(db, { role: ROLES.Applicant, firstName: 'Pat', lastName: 'Payer' }));
  if (!applicant.applicantId) throw new Error('the applicant has no applicant record');
  // Random rather than counted: several test files share a numbering per program type. 32 bits keep collisions out of reach.
  const applicationNumber = `Q-2026-T${randomBytes(4).toString('hex').toUpperCase()}`;
  const [application] = await db
    .insert(applications)
    .values({
      applicationNumber,
      applicantId: applicant.applicantId,
      programId,
      programType: 1,
      status: 'Examinations Stage',
      workflowStage: 'Payment Stage Requested',
      declarationAccepted: true,
      submittedOn: new Date(),
    })
    .returning({ id: applications.id });
  if (!application) throw new Error('application not inserted');
  const totalCents = overrides.totalCents ?? 35000;
  const discountCents = overrides.discountCents ?? 0;
  const [numbered] = await db.execute<{ n: number }>(sql`select coalesce(max(invoice_number), 0) + 1 as n from invoices`).then((r) => (r as unknown as { rows: { n: number }[] }).rows);
  const invoiceNumber = Number(numbered?.n ?? 1);
  const [invoice] = await db
    .insert(invoices)
    .values({
      invoiceNumber,
      applicationId: application.id,
      issuedOn: new Date(),
      issuer: { name: 'Welding Certification Board', abn: '12 345 678 901', address: '1 Example Street, Sydney', email: 'accounts@example.test' },
      billedTo: { name: 'Pat Payer', email: applicant.email, address: '', memberNumber: '' },
      lines: [{ applicationModuleId: '00000000-0000-0000-0000-000000000000', moduleCode: 'M1', moduleTitle: 'Welding processes', feeBasis: 'nonMember', isRequired: true, amountCents: totalCents + discountCents }],
      subtotalCents: totalCents + discountCents,
      discountCents,
      gstRateBasisPoints: 1000,
      gstCents: Math.round((totalCents * 10) / 110),
      totalCents,
      currency: overrides.currency ?? 'AUD',
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('invoice not inserted');
  return { applicant, manager, programId, programCode, applicationId: application.id, applicationNumber, invoiceId: invoice.id, invoiceNumber, totalCents };
}
