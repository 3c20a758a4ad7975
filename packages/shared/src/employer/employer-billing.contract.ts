import { z } from 'zod';
import { APPLICATION_STATUSES } from '../application/application-status';
import { PERSON_MESSAGES, requiredEmail, requiredName } from '../common/person-fields';
import { PAYMENT_STATUSES } from '../payment/payment-status';

/**
 * A company pays for its people (issue 42): its coordinator nominates one of the company's approved
 * employees for a published program; the application is started on the person's behalf as a draft
 * they complete and submit, and its invoice is issued to the company (name, ABN or NZBN, purchase
 * order, billing contact), paid online by the coordinator from the portal or by bank transfer
 * (staff record it as for any invoice). The company sees only the applications it pays for.
 */
export const EMPLOYER_BILLING_PATHS = {
  nominations: '/api/employer/nominations',
  nominationPeople: '/api/employer/nominations/people',
  nominationPrograms: '/api/employer/nominations/programs',
  invoices: '/api/employer/invoices',
  invoicePdf: (invoiceId: string) => `/api/employer/invoices/${invoiceId}/pdf`,
  pay: (invoiceId: string) => `/api/employer/invoices/${invoiceId}/pay`,
  check: (invoiceId: string) => `/api/employer/invoices/${invoiceId}/check`,
} as const;

/** The portal's Invoices page: where the gateway sends the coordinator back, and where the billing contact's mails point. */
export const EMPLOYER_INVOICES_PAGE = '/employer/invoices';

export const PURCHASE_ORDER_MAX_LENGTH = 64;

export const EMPLOYER_BILLING_MESSAGES = {
  personRequired: 'Choose one of your people',
  programRequired: 'Choose a program',
  personNotFound: "Person not found among the company's people",
  programNotOpen: 'This program is not open for applications',
  alreadyOpen: 'This person already has an open application for this program (or holds its award): they cannot be nominated for it again',
  purchaseOrderMax: `Purchase order number must be at most ${PURCHASE_ORDER_MAX_LENGTH} characters`,
  billingContactNameRequired: PERSON_MESSAGES.required('Billing Contact Name'),
  billingContactEmailRequired: PERSON_MESSAGES.required('Billing Contact Email'),
  invoiceNotFound: 'Invoice not found',
  alreadyPaid: 'This invoice has already been paid',
  notPayable: 'This invoice cannot be paid',
} as const;

const id = (message: string) => z.string({ error: message }).trim().min(1, message).pipe(z.uuid({ error: message }));

/** `POST api/employer/nominations` (the coordinator). */
export const NominateRequest = z.strictObject({
  applicantId: id(EMPLOYER_BILLING_MESSAGES.personRequired),
  programId: id(EMPLOYER_BILLING_MESSAGES.programRequired),
  purchaseOrderNumber: z.string().trim().max(PURCHASE_ORDER_MAX_LENGTH, EMPLOYER_BILLING_MESSAGES.purchaseOrderMax).optional().default(''),
  billingContactName: requiredName('Billing Contact Name'),
  billingContactEmail: requiredEmail('Billing Contact Email'),
});
export type NominateRequest = z.input<typeof NominateRequest>;

/** The invoice of an application the company pays, as its list shows it. */
export const NominationInvoice = z.object({
  id: z.string(),
  invoiceNumber: z.string(),
  totalCents: z.number().int(),
  currency: z.string(),
  isPaid: z.boolean(),
});

/** An application the company pays for (`GET api/employer/nominations`). */
export const Nomination = z.object({
  applicationId: z.string(),
  applicationNumber: z.string(),
  applicantId: z.string(),
  personName: z.string(),
  programId: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  awardingBodyName: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  purchaseOrderNumber: z.string(),
  billingContactName: z.string(),
  billingContactEmail: z.string(),
  nominatedBy: z.string(),
  nominatedOn: z.string(),
  /** The latest invoice issued to the company for it; null until staff issue one. */
  invoice: NominationInvoice.nullable(),
});
export type Nomination = z.infer<typeof Nomination>;

export const COMPANY_INVOICE_STATUSES = ['Unpaid', 'Paid', 'Void'] as const;
export type CompanyInvoiceStatus = (typeof COMPANY_INVOICE_STATUSES)[number];
export const COMPANY_INVOICE_STATUS_COLORS: Record<CompanyInvoiceStatus, string> = { Unpaid: 'orange', Paid: 'green', Void: 'gray' };

/** A tax invoice issued to the company (`GET api/employer/invoices`). */
export const CompanyInvoice = z.object({
  id: z.string(),
  /** INV-000123, as printed. */
  invoiceNumber: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string(),
  personName: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  /** The awarding body that issued it. */
  issuerName: z.string(),
  issuedOn: z.string(),
  purchaseOrderNumber: z.string(),
  totalCents: z.number().int(),
  gstCents: z.number().int(),
  currency: z.string(),
  status: z.enum(COMPANY_INVOICE_STATUSES),
  paidOn: z.string().nullable(),
  /** When the open payment link runs out (pay by then online); null when paid or no link is open. */
  dueOn: z.string().nullable(),
  /** The latest online payment's state, when one was started. */
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
});
export type CompanyInvoice = z.infer<typeof CompanyInvoice>;

/** One of the company's people the coordinator may nominate (its approved employees). */
export const NominationPerson = z.object({ applicantId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });
export type NominationPerson = z.infer<typeof NominationPerson>;

/** A published program of any awarding body, for the coordinator's choice. */
export const NominationProgram = z.object({ id: z.string(), programCode: z.string(), programTitle: z.string(), programType: z.number().int(), awardingBodyName: z.string() });
export type NominationProgram = z.infer<typeof NominationProgram>;

export const InvoiceIdParams = z.strictObject({ id: z.string() });
