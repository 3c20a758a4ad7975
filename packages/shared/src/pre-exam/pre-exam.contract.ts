import { z } from 'zod';
import { ACCOUNT_COUNTRIES } from '../account/account.contract';
import { APPLICATION_STATUSES, type ApplicationTypePath } from '../application/application-status';
import { FEE_BASES, MODULE_CHOICES, type ModuleChoice } from './pre-exam-rules';

/** What the pre-exam stage and invoices say (spec section 4: "Pre-exam save and submit; submit sends the invoice"). */
export const PRE_EXAM_MESSAGES = {
  chooseModule: 'Please choose at least one module',
  selectOne: 'Please select one option',
  unknownModule: 'This module is not an active module of the program',
  duplicateModule: 'Each module can be chosen once',
  noModulesForType: 'Certification applications have no modules: the certification fee is invoiced',
  noCertificationFee: "The program's certification fees are not set",
  invoiceIssued: 'An invoice has already been issued for this application',
  notOpen: (status: string) => `The pre-exam stage is open once the assessment is completed; this application is ${status}`,
  couponMax: 'Discount code must be at most 32 characters',
  invoiceNotFound: 'Invoice not found',
  notFound: 'Application not found',
} as const;

/**
 * The spec's module path words (section 7) and the application type each belongs to. Certification
 * programs have no modules: their pre-exam invoices the program's certification fee, under the
 * application's own path word. `aicipapplicationrenewalmodule` belongs to renewals (a later issue).
 */
export const PRE_EXAM_TYPES = {
  qualificationapplicationmodule: { applicationType: 'qualificationapplication', hasModules: true },
  aicipapplicationmodule: { applicationType: 'aicipapplication', hasModules: true },
  certificationapplication: { applicationType: 'certificationapplication', hasModules: false },
  // One line: the program's welder qualification test fee (issue 18).
  welderqualificationapplication: { applicationType: 'welderqualificationapplication', hasModules: false },
} as const satisfies Record<string, { applicationType: ApplicationTypePath; hasModules: boolean }>;
export type PreExamType = keyof typeof PRE_EXAM_TYPES;
export const PRE_EXAM_TYPE_PATHS = Object.keys(PRE_EXAM_TYPES) as PreExamType[];

/** The pre-exam path word of an application type. */
export function preExamTypeOf(applicationType: ApplicationTypePath): PreExamType | undefined {
  return PRE_EXAM_TYPE_PATHS.find((path) => PRE_EXAM_TYPES[path].applicationType === applicationType);
}

/**
 * Whether an application has reached the pre-exam stage: accepted into examinations (Assessment
 * Completed), or past it (an exam workflow stage is set from the invoice on).
 */
export function hasReachedPreExam(status: string, workflowStage: string | null): boolean {
  return status === 'Assessment Completed' || workflowStage !== null;
}

export const ModuleSelection = z.strictObject({
  programModuleId: z.uuid({ error: PRE_EXAM_MESSAGES.unknownModule }),
  choice: z.enum(MODULE_CHOICES, { error: PRE_EXAM_MESSAGES.selectOne }),
});
export type ModuleSelection = z.infer<typeof ModuleSelection>;

/**
 * A discount code typed where an invoice is issued (pre-exam, re-sit, renewal modules): blank is
 * none; upper-cased, and checked against the codes only when the invoice is issued.
 */
export const optionalCouponCode = z
  .string()
  .trim()
  .max(32, PRE_EXAM_MESSAGES.couponMax)
  .nullable()
  .default(null)
  .transform((code) => (code ? code.toUpperCase() : null));

/** `preexam/update` (and `preexam/submit`, which saves the same body first): the choice per module and a discount code. */
export const PreExamUpdateRequest = z.strictObject({
  modules: z.array(ModuleSelection).max(200).default([]),
  couponCode: optionalCouponCode,
});
export type PreExamUpdateRequest = z.input<typeof PreExamUpdateRequest>;

/**
 * The selection rules shared by the form and the API: every module at most once, and (for types
 * with modules) at least one taken. Messages by field: `modules`.
 */
export function selectionErrors(modules: readonly { programModuleId: string; choice: ModuleChoice }[], hasModules: boolean): Record<string, string> {
  if (!hasModules) return modules.length ? { modules: PRE_EXAM_MESSAGES.noModulesForType } : {};
  const ids = modules.map((m) => m.programModuleId);
  if (new Set(ids).size !== ids.length) return { modules: PRE_EXAM_MESSAGES.duplicateModule };
  if (!modules.some((m) => m.choice !== 'notTaken')) return { modules: PRE_EXAM_MESSAGES.chooseModule };
  return {};
}

/** A module of the program with what was chosen for this candidate and the fee that applies. */
export const PreExamModule = z.object({
  programModuleId: z.string(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  examinationType: z.string(),
  memberFeeCents: z.number().int(),
  nonMemberFeeCents: z.number().int(),
  /** The fee of the fee basis (member or non-member). */
  feeCents: z.number().int(),
  choice: z.enum(MODULE_CHOICES),
  order: z.number().int(),
});
export type PreExamModule = z.infer<typeof PreExamModule>;

/** `/required` and `/nonrequired`: the modules chosen as required, or the others (optional or not taken). */
export const PreExamModuleList = z.object({
  feeBasis: z.enum(FEE_BASES),
  /** False until staff save a selection: then every active module is proposed as required. */
  isSelectionSaved: z.boolean(),
  modules: z.array(PreExamModule),
});
export type PreExamModuleList = z.infer<typeof PreExamModuleList>;

export const InvoiceLine = z.object({
  /** The candidate's module (application_modules); null for a certification fee. */
  applicationModuleId: z.string().nullable(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  feeBasis: z.enum(FEE_BASES),
  isRequired: z.boolean(),
  amountCents: z.number().int(),
});
export type InvoiceLine = z.infer<typeof InvoiceLine>;

export const INVOICE_STATUSES = ['Issued', 'Paid', 'Void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_STATUS_COLORS: Record<InvoiceStatus, string> = { Issued: 'blue', Paid: 'green', Void: 'gray' };

/** The body that issued an invoice (the account owning the program), as it stood that day. */
export const InvoiceIssuer = z.object({
  name: z.string(),
  country: z.enum(ACCOUNT_COUNTRIES),
  abn: z.string(),
  nzbn: z.string(),
  gstNumber: z.string(),
  address: z.string(),
  email: z.string(),
  /** What the invoice prints under the name: ABN for an Australian body; NZBN and GST No. for a New Zealand one. */
  taxIdentifiers: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type InvoiceIssuer = z.infer<typeof InvoiceIssuer>;

/** "ABN 51 824 753 556", or "NZBN 9429041234563 · GST No. 49-091-850". */
export function taxIdentifiersText(issuer: Pick<InvoiceIssuer, 'taxIdentifiers'>, separator = ' · '): string {
  return issuer.taxIdentifiers.map((identifier) => `${identifier.label} ${identifier.value}`).join(separator);
}

/**
 * An invoice a company agreed to pay (issue 42: its coordinator nominated the person): issued to the
 * company, with its ABN or NZBN, purchase order and billing contact; the person stays named as the
 * candidate. The billed-to name, email and address are then the company's.
 */
export const InvoiceCompany = z.object({
  companyId: z.string(),
  businessNumberKind: z.enum(['ABN', 'NZBN']).nullable(),
  businessNumber: z.string().nullable(),
  purchaseOrderNumber: z.string(),
  contactName: z.string(),
  candidateName: z.string(),
  candidateMemberNumber: z.string(),
});
export type InvoiceCompany = z.infer<typeof InvoiceCompany>;

/** The immutable tax invoice: what was charged, to whom, by whom, as issued. */
export const Invoice = z.object({
  id: z.string(),
  invoiceNumber: z.number().int(),
  /** INV-000123 */
  invoiceNumberText: z.string(),
  applicationId: z.string(),
  applicationNumber: z.string(),
  programCode: z.string(),
  programTitle: z.string(),
  issuedOn: z.string(),
  issuer: InvoiceIssuer,
  billedTo: z.object({ name: z.string(), email: z.string(), address: z.string(), memberNumber: z.string(), company: InvoiceCompany.nullish() }),
  lines: z.array(InvoiceLine),
  subtotalCents: z.number().int(),
  discountCents: z.number().int(),
  couponCode: z.string().nullable(),
  gstRateBasisPoints: z.number().int(),
  gstCents: z.number().int(),
  totalCents: z.number().int(),
  /** AUD or NZD: the issuing account's currency. */
  currency: z.string(),
  status: z.enum(INVOICE_STATUSES),
  paidOn: z.string().nullable(),
});
export type Invoice = z.infer<typeof Invoice>;
export const InvoiceList = z.array(Invoice);

export const PreExamLine = z.object({
  programModuleId: z.string().nullable(),
  moduleCode: z.string(),
  moduleTitle: z.string(),
  feeBasis: z.enum(FEE_BASES),
  isRequired: z.boolean(),
  amountCents: z.number().int(),
});
export type PreExamLine = z.infer<typeof PreExamLine>;

/** Everything the pre-exam section shows: the selection, the lines and totals, or the invoice once issued. */
export const PreExamView = z.object({
  applicationId: z.string(),
  applicationNumber: z.string(),
  preExamType: z.enum(PRE_EXAM_TYPE_PATHS as [PreExamType, ...PreExamType[]]),
  programId: z.string(),
  applicantId: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  hasModules: z.boolean(),
  feeBasis: z.enum(FEE_BASES),
  isSelectionSaved: z.boolean(),
  modules: z.array(PreExamModule),
  lines: z.array(PreExamLine),
  subtotalCents: z.number().int(),
  couponCode: z.string().nullable(),
  discountCents: z.number().int(),
  discountDescription: z.string().nullable(),
  /** Why the saved code no longer applies (expired, used up); null when it applies or there is none. */
  couponError: z.string().nullable(),
  gstRateBasisPoints: z.number().int(),
  gstCents: z.number().int(),
  totalCents: z.number().int(),
  currency: z.string(),
  /** Staff who may manage the application, while it is Assessment Completed and not yet invoiced. */
  canEdit: z.boolean(),
  invoice: Invoice.nullable(),
});
export type PreExamView = z.infer<typeof PreExamView>;

export const PaymentRequestSummary = z.object({ trackerId: z.string(), paymentUrl: z.string(), expiresOn: z.string() });

/** `preexam/submit`: the invoice is issued and the payment link sent. */
export const PreExamSubmitResponse = PreExamView.extend({ payment: PaymentRequestSummary });
export type PreExamSubmitResponse = z.infer<typeof PreExamSubmitResponse>;
