import { z } from 'zod';
import { pagedResponse, pagingShape } from '../common/paging';
import { PROGRAM_TYPE_INFO, type ProgramType } from '../program/program-type';
import { formatMoney } from '../pre-exam/pre-exam-rules';

/**
 * Discount codes (`api/programapplicationcoupon`, menu Discount Codes): a percentage or a fixed
 * amount off the pre-exam invoice, for a program type or one program, within a validity window,
 * optionally limited to a number of applicants, and used once per applicant.
 */
export const COUPON_MESSAGES = {
  // Refusals when a code is quoted or redeemed (`couponCode` field).
  notFound: 'Discount code not found',
  notActive: 'This discount code is not active',
  notYetValid: 'This discount code is not valid yet',
  expired: 'This discount code has expired',
  wrongProgram: 'This discount code cannot be used for this program',
  usageLimitReached: 'This discount code has reached its usage limit',
  alreadyUsed: 'You have already used this discount code',
  // The form.
  codeRequired: 'Code is required',
  codeLength: 'Code must be 3 to 32 characters',
  codePattern: 'Only letters, digits, hyphen (-) and underscore (_) are allowed',
  codeTaken: 'A discount code with this code already exists',
  descriptionMax: 'Description must be at most 500 characters',
  discountTypeRequired: 'Please choose percentage or fixed amount',
  percentageInvalid: 'Percentage must be a number from 1 to 100 with up to 2 decimals',
  amountInvalid: 'Amount must be a number greater than 0 with up to 2 decimals',
  appliesToRequired: 'Please choose a program type or a program',
  programTypeRequired: 'Program Type is required',
  programRequired: 'Program is required',
  programNotFound: 'Program not found',
  validFromRequired: 'Valid from is required',
  validToRequired: 'Valid to is required',
  validToAfterFrom: 'Valid to must be after valid from',
  usageLimitInvalid: 'Usage limit must be a whole number of at least 1',
  usageLimitBelowUsed: (used: number) => `Usage limit cannot be below the ${used} use${used === 1 ? '' : 's'} so far`,
  lockedOnceUsed: 'The code, discount and program cannot change once the code has been used',
  couponNotFound: 'Discount code not found',
  applicantNotFound: 'Applicant not found',
} as const;

export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]+$/;
export const DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_TYPE_LABELS: Record<DiscountType, string> = { percentage: 'Percentage', fixed: 'Fixed amount' };
export const COUPON_APPLIES_TO = ['programType', 'program'] as const;
export type CouponAppliesTo = (typeof COUPON_APPLIES_TO)[number];

const M = COUPON_MESSAGES;
const TWO_DECIMALS = /^\d+(\.\d{1,2})?$/;

/** A code as typed: trimmed and upper-cased (codes are case-insensitive), then checked. */
export const couponCode = z
  .string({ error: M.codeRequired })
  .trim()
  .min(1, M.codeRequired)
  .transform((code) => code.toUpperCase())
  .pipe(z.string().min(3, M.codeLength).max(32, M.codeLength).regex(COUPON_CODE_PATTERN, M.codePattern));

/** A number or numeric text with up to two decimals (percent or dollars), as a number. */
const decimalValue = z
  .union([z.number(), z.string()])
  .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
  .refine((text) => TWO_DECIMALS.test(text), 'invalid')
  .transform((text) => Number(text));

const isoInstant = (required: string) =>
  z
    .string({ error: required })
    .min(1, required)
    .refine((text) => !Number.isNaN(Date.parse(text)), required);

/**
 * The create/edit form and the API body (one schema, both sides). `discountValue` is in percent
 * (1 to 100, up to 2 decimals) or dollars (more than 0, up to 2 decimals); the server stores basis
 * points or cents. Dates are instants (the form picks days in Australia/Sydney).
 */
export const CouponRequest = z
  .strictObject({
    code: couponCode,
    description: z.string().trim().max(500, M.descriptionMax).default(''),
    discountType: z.enum(DISCOUNT_TYPES, { error: M.discountTypeRequired }),
    discountValue: z.union([z.number(), z.string()]),
    appliesTo: z.enum(COUPON_APPLIES_TO, { error: M.appliesToRequired }),
    programType: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).nullable().default(null),
    programId: z.uuid({ error: M.programRequired }).nullable().default(null),
    validFrom: isoInstant(M.validFromRequired),
    validTo: isoInstant(M.validToRequired),
    usageLimit: z.union([z.number(), z.string()]).nullable().default(null),
    active: z.boolean().default(true),
  })
  .superRefine(
    (value, ctx) => {
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      // Runs even when a field failed (`when` below), so that every message shows at once: read defensively.
      const amount = decimalValue.safeParse(value.discountValue);
      if (value.discountType === 'percentage' && (!amount.success || amount.data < 1 || amount.data > 100)) issue('discountValue', M.percentageInvalid);
      if (value.discountType === 'fixed' && (!amount.success || amount.data <= 0 || amount.data > 1_000_000)) issue('discountValue', M.amountInvalid);
      if (value.appliesTo === 'programType' && !value.programType) issue('programType', M.programTypeRequired);
      if (value.appliesTo === 'program' && !value.programId) issue('programId', M.programRequired);
      const from = typeof value.validFrom === 'string' ? Date.parse(value.validFrom) : NaN;
      const to = typeof value.validTo === 'string' ? Date.parse(value.validTo) : NaN;
      if (!Number.isNaN(from) && !Number.isNaN(to) && to <= from) issue('validTo', M.validToAfterFrom);
      if (value.usageLimit !== null && value.usageLimit !== undefined && value.usageLimit !== '') {
        const limit = typeof value.usageLimit === 'number' ? value.usageLimit : /^\s*\d+\s*$/.test(value.usageLimit) ? Number(value.usageLimit) : NaN;
        if (!Number.isInteger(limit) || limit < 1 || limit > 1_000_000) issue('usageLimit', M.usageLimitInvalid);
      }
    },
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  )
  .transform((value) => {
    const amount = Number(typeof value.discountValue === 'number' ? value.discountValue : value.discountValue.trim());
    return {
      code: value.code,
      description: value.description,
      discountType: value.discountType,
      /** Basis points for a percentage, cents for a fixed amount. */
      discountValue: Math.round(amount * 100),
      programType: value.appliesTo === 'programType' ? value.programType : null,
      programId: value.appliesTo === 'program' ? value.programId : null,
      validFrom: new Date(value.validFrom),
      validTo: new Date(value.validTo),
      usageLimit: value.usageLimit === null || value.usageLimit === '' ? null : Number(value.usageLimit),
      active: value.active,
    };
  });
export type CouponRequest = z.input<typeof CouponRequest>;
export type CouponValues = z.output<typeof CouponRequest>;

/** "15 %", "12.5 %", "$50.00" or "NZ$50.00" (the account's currency): how a discount reads on screens and invoices. */
export function discountText(discountType: DiscountType, storedValue: number, currency?: string | null): string {
  if (discountType === 'percentage') return `${Number((storedValue / 100).toFixed(2))} %`;
  return formatMoney(storedValue, currency);
}

/**
 * The discount a code gives on a subtotal, in cents: a percentage rounded to the cent, a fixed
 * amount as it is, and never more than the subtotal (a total never goes below zero).
 */
export function discountCentsOf(discountType: DiscountType, storedValue: number, subtotalCents: number): number {
  const subtotal = Math.max(0, subtotalCents);
  const discount = discountType === 'percentage' ? Math.round((subtotal * storedValue) / 10_000) : storedValue;
  return Math.min(discount, subtotal);
}

/** What a code's row says at a moment, for the list's badge. */
export const COUPON_STATES = ['Active', 'Inactive', 'Scheduled', 'Expired', 'Used up'] as const;
export type CouponState = (typeof COUPON_STATES)[number];
export const COUPON_STATE_COLORS: Record<CouponState, string> = { Active: 'green', Inactive: 'gray', Scheduled: 'blue', Expired: 'red', 'Used up': 'orange' };

export function couponStateOf(coupon: { active: boolean; validFrom: string | Date; validTo: string | Date; usageLimit: number | null; usedCount: number }, at: Date = new Date()): CouponState {
  if (!coupon.active) return 'Inactive';
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) return 'Used up';
  if (at.getTime() < new Date(coupon.validFrom).getTime()) return 'Scheduled';
  if (at.getTime() > new Date(coupon.validTo).getTime()) return 'Expired';
  return 'Active';
}

export function appliesToText(coupon: { programType: number | null; programCode: string | null; programTitle: string | null }): string {
  if (coupon.programCode) return `${coupon.programCode} ${coupon.programTitle ?? ''}`.trim();
  if (coupon.programType) return `All ${PROGRAM_TYPE_INFO[coupon.programType as ProgramType]?.label ?? ''} programs`;
  return '-';
}

export const Coupon = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  /** Basis points (percentage) or cents (fixed amount). */
  discountValue: z.number().int(),
  discountText: z.string(),
  appliesTo: z.enum(COUPON_APPLIES_TO),
  programType: z.number().int().nullable(),
  programId: z.string().nullable(),
  programCode: z.string().nullable(),
  programTitle: z.string().nullable(),
  validFrom: z.string(),
  validTo: z.string(),
  usageLimit: z.number().int().nullable(),
  usedCount: z.number().int(),
  active: z.boolean(),
  state: z.enum(COUPON_STATES),
  createdOn: z.string(),
  modifiedOn: z.string(),
});
export type Coupon = z.infer<typeof Coupon>;
export const CouponPage = pagedResponse(Coupon);
export type CouponPage = z.infer<typeof CouponPage>;
export const CouponList = z.array(Coupon);

/** The list: paged, searched by code (and description). */
export const CouponListQuery = z.strictObject({ ...pagingShape, searchTerm: z.string().max(200).optional() });
export type CouponListQuery = z.input<typeof CouponListQuery>;

export const ProgramTypeParams = z.strictObject({ type: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])) });

export const CouponVerifyParams = z.strictObject({ programId: z.string(), applicantId: z.string(), code: z.string().max(64) });
export const CouponVerifyQuery = z.strictObject({ subtotalCents: z.coerce.number().int().min(0).max(100_000_000).optional() });

/** Verification at the pre-exam stage: the code's terms and, given a subtotal, what it takes off. */
export const CouponVerifyResponse = z.object({
  couponId: z.string(),
  code: z.string(),
  description: z.string(),
  discountType: z.enum(DISCOUNT_TYPES),
  discountValue: z.number().int(),
  discountText: z.string(),
  validTo: z.string(),
  subtotalCents: z.number().int().nullable(),
  discountCents: z.number().int().nullable(),
  totalCents: z.number().int().nullable(),
});
export type CouponVerifyResponse = z.infer<typeof CouponVerifyResponse>;

/** Programs to choose from in the form (staff with Discount Codes need not have Programs). */
export const CouponProgramQuery = z.strictObject({ searchTerm: z.string().max(200).optional() });
export const CouponProgramOption = z.object({ id: z.string(), programCode: z.string(), programTitle: z.string(), programType: z.number().int() });
export type CouponProgramOption = z.infer<typeof CouponProgramOption>;
export const CouponProgramOptions = z.array(CouponProgramOption);

/** The request that saves an existing code as it is (to change one thing, such as the active flag). */
export function requestOfCoupon(coupon: Coupon): CouponRequest {
  return {
    code: coupon.code,
    description: coupon.description,
    discountType: coupon.discountType,
    discountValue: String(Number((coupon.discountValue / 100).toFixed(2))),
    appliesTo: coupon.appliesTo,
    programType: coupon.programType as 1 | 2 | 3 | 4 | null,
    programId: coupon.programId,
    validFrom: coupon.validFrom,
    validTo: coupon.validTo,
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    active: coupon.active,
  };
}
