import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { completeProgram, createProgram } from '../../../test/factories/program.factory';
import { createUser, type CreatedUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import type { Database } from '../../db/client';
import { applications } from '../../db/schema/application';
import { invoiceCounters, invoices, payments } from '../../db/schema/payment';
import { programModules } from '../../db/schema/program';
import { MailRepository } from '../../platform/mail/mail.repository';
import { MailService } from '../../platform/mail/mail.service';
import { createAccountModule } from '../account/account.module';
import { createApplicantModule } from '../applicant/applicant.module';
import { ApplicationWorkflowRepository } from '../application/application-workflow.repository';
import { createCouponModule } from '../coupon/coupon.module';
import { createProgramModule } from '../program/program.module';
import { createPreExamModule } from './pre-exam.module';
import type { PaymentRequests } from './pre-exam.service';

/**
 * The invoice number series on a database of its own: numbers start at 1 and have no gaps or
 * duplicates however many invoices are issued at once, and a failed issue gives its number back.
 */
let t: TestApp;
let db: Database;
let superJwt: string;
let superUser: CreatedUser;
let applicant: CreatedUser;
let programId: string;
let moduleId: string;
let count = 0;

async function acceptedApplication(): Promise<string> {
  count += 1;
  const [row] = await db
    .insert(applications)
    .values({ applicationNumber: `Q-2026-${String(count).padStart(5, '0')}`, applicantId: applicant.applicantId!, programId, programType: 1, status: 'Assessment Completed', declarationAccepted: true, submittedOn: new Date(), assessmentRound: 1 })
    .returning({ id: applications.id });
  return row!.id;
}

const submit = (id: string) =>
  t.app.inject({ method: 'POST', url: `/api/qualificationapplicationmodule/${id}/preexam/submit`, headers: bearer(superJwt), payload: { modules: [{ programModuleId: moduleId, choice: 'required' }] } });

beforeAll(async () => {
  t = await buildTestApp();
  db = t.database.db;
  superUser = await createUser(db, { role: ROLES.SuperUser });
  applicant = await createUser(db, { role: ROLES.Applicant });
  const program = await createProgram(db, { programManagerId: superUser.id, status: 2, programType: 1 });
  programId = program.id;
  await completeProgram(db, programId, 1, superUser.id);
  const [module] = await db.select().from(programModules).where(eq(programModules.programId, programId));
  moduleId = module!.id;
  superJwt = (await signIn(t.app, superUser)).jwt;
});
afterAll(async () => {
  await t?.close();
});

describe('invoice numbers', () => {
  it('are 1 to 20, without gaps or duplicates, when twenty invoices are issued at once', async () => {
    const ids = await Promise.all(Array.from({ length: 20 }, () => acceptedApplication()));
    const results = await Promise.all(ids.map((id) => submit(id)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numbers = results.map((r) => r.json().invoice.invoiceNumber as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.json().invoice.invoiceNumberText)).size).toBe(20);
    expect(await db.select().from(invoiceCounters)).toEqual([{ series: 'INV', lastNumber: 20 }]);
  });

  it('give a failed issue its number back: the next invoice takes it', async () => {
    // The same service as the app's, with a payment step that fails after the number was taken and the invoice written.
    const programs = createProgramModule(db);
    const taken: number[] = [];
    const failingPayments: PaymentRequests = {
      async openPaymentRequest(tx, input) {
        const [row] = await tx.select().from(invoices).where(eq(invoices.id, input.invoiceId));
        taken.push(row!.invoiceNumber);
        throw new Error('payment gateway unavailable');
      },
    };
    const silent = { info: () => undefined, warn: () => undefined };
    const { preExam } = createPreExamModule(
      db,
      { PUBLIC_URL: 'http://localhost:3000' },
      {
        accounts: createAccountModule(db, { serverSecret: 'test-secret-that-is-long-enough', sessionUsers: { forget: () => undefined } }),
        workflow: new ApplicationWorkflowRepository(db),
        programs: programs.programs,
        applicants: createApplicantModule(db).applicants,
        coupons: createCouponModule(db, programs.programs).coupons,
        payments: failingPayments,
        mail: new MailService(new MailRepository(db), { from: 'test@example.test', log: silent }),
      },
    );
    const failing = await acceptedApplication();
    const actor = { id: superUser.id, email: superUser.email, role: ROLES.SuperUser, userType: 'admin' as const, menuItems: [], applicantId: null, accountId: FIRST_ACCOUNT_ID, companyId: null };
    await expect(preExam.submit(actor, 'qualificationapplicationmodule', failing, { modules: [{ programModuleId: moduleId, choice: 'required' }], couponCode: null })).rejects.toThrow('payment gateway unavailable');
    expect(taken).toEqual([21]);
    // Nothing of the failed issue stays: no invoice, no payment, the status and the counter as they were.
    expect(await db.select().from(invoices).where(eq(invoices.applicationId, failing))).toHaveLength(0);
    expect(await db.select().from(payments).where(eq(payments.applicationId, failing))).toHaveLength(0);
    expect((await db.select().from(applications).where(eq(applications.id, failing)))[0]).toMatchObject({ status: 'Assessment Completed', workflowStage: null });
    expect(await db.select().from(invoiceCounters)).toEqual([{ series: 'INV', lastNumber: 20 }]);

    const next = await submit(await acceptedApplication());
    expect(next.statusCode).toBe(200);
    expect(next.json().invoice).toMatchObject({ invoiceNumber: 21, invoiceNumberText: 'INV-000021' });
    // The failed application can still be invoiced, with the next number.
    const retried = await submit(failing);
    expect(retried.json().invoice.invoiceNumberText).toBe('INV-000022');
  });
});
