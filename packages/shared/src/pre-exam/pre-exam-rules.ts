import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { DEFAULT_TIME_ZONE } from '../common/dates';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Which of a module's two fees applies to the candidate. */
export const FEE_BASES = ['member', 'nonMember'] as const;
export type FeeBasis = (typeof FEE_BASES)[number];
export const FEE_BASIS_LABELS: Record<FeeBasis, string> = { member: 'Member', nonMember: 'Non-member' };

/** What staff decide for each module of the program at the pre-exam stage. */
export const MODULE_CHOICES = ['required', 'optional', 'notTaken'] as const;
export type ModuleChoice = (typeof MODULE_CHOICES)[number];
export const MODULE_CHOICE_LABELS: Record<ModuleChoice, string> = { required: 'Required', optional: 'Optional', notTaken: 'Not taken' };

/**
 * The first account's invoice series and prefix: one gap-free sequence, shown as INV-000123. Every
 * account numbers its own invoices, printed with its own prefix (decision 033); invoices issued
 * before accounts carry no prefix in their snapshot and print with this one.
 */
export const INVOICE_SERIES = 'INV';
/** The currency of invoices issued before accounts; an account's invoices are in its own currency. */
export const INVOICE_CURRENCY = 'AUD';

/** Today's date (YYYY-MM-DD) in Sydney, the day membership currency is judged on. */
export function todayInSydney(now: Date = new Date()): string {
  return dayjs(now).tz(DEFAULT_TIME_ZONE).format('YYYY-MM-DD');
}

export interface MembershipFacts {
  membershipType: string;
  /** When staff confirmed the membership (ISO), or null. */
  membershipConfirmedOn: string | Date | null;
  /** The last day (YYYY-MM-DD) the membership is current; null when staff set no end. */
  memberCurrentUntil: string | null;
}

/**
 * Member fees only when staff have confirmed the membership and it is current on the given day
 * (Sydney); otherwise non-member fees. A confirmation without an end date stays current, as the
 * applicant module shows it.
 */
export function feeBasisOf(membership: MembershipFacts, today: string): FeeBasis {
  const isCurrent = membership.membershipType !== 'none' && !!membership.membershipConfirmedOn && (!membership.memberCurrentUntil || membership.memberCurrentUntil >= today);
  return isCurrent ? 'member' : 'nonMember';
}

export function feeOf(fees: { memberFeeCents: number; nonMemberFeeCents: number }, basis: FeeBasis): number {
  return basis === 'member' ? fees.memberFeeCents : fees.nonMemberFeeCents;
}

/** A module of the program with the choice made for this candidate. */
export interface ChosenModule {
  programModuleId: string;
  moduleCode: string;
  moduleTitle: string;
  memberFeeCents: number;
  nonMemberFeeCents: number;
  choice: ModuleChoice;
}

export interface FeeLine {
  programModuleId: string | null;
  moduleCode: string;
  moduleTitle: string;
  feeBasis: FeeBasis;
  isRequired: boolean;
  amountCents: number;
}

/** One line per module taken, in the order given (the program's), at the fee of the basis. */
export function feeLinesOf(modules: readonly ChosenModule[], basis: FeeBasis): FeeLine[] {
  return modules
    .filter((m) => m.choice !== 'notTaken')
    .map((m) => ({
      programModuleId: m.programModuleId,
      moduleCode: m.moduleCode,
      moduleTitle: m.moduleTitle,
      feeBasis: basis,
      isRequired: m.choice === 'required',
      amountCents: feeOf(m, basis),
    }));
}

export function sumOf(lines: readonly { amountCents: number }[]): number {
  return lines.reduce((total, line) => total + line.amountCents, 0);
}

/** A discount never takes the total below zero and is never negative. */
export function capDiscount(discountCents: number, subtotalCents: number): number {
  return Math.min(Math.max(0, Math.round(discountCents)), Math.max(0, subtotalCents));
}

/** A GST rate given in percent (10, 12.5) as basis points (1000, 1250), as invoices store it. */
export function gstBasisPointsOf(ratePercent: number): number {
  return Math.round(ratePercent * 100);
}

/**
 * The GST contained in a GST-inclusive amount: amount x rate / (100 + rate), rounded to the cent
 * (10 %: one eleventh). Whole-number arithmetic on basis points, so 12.5 % is exact too.
 */
export function gstContained(totalCents: number, rateBasisPoints: number): number {
  if (totalCents <= 0 || rateBasisPoints <= 0) return 0;
  return Math.round((totalCents * rateBasisPoints) / (10_000 + rateBasisPoints));
}

export interface InvoiceTotals {
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  gstCents: number;
}

/** Subtotal of the lines, the discount capped at it, the GST-inclusive total and the GST it contains. */
export function invoiceTotalsOf(lines: readonly { amountCents: number }[], discountCents: number, rateBasisPoints: number): InvoiceTotals {
  const subtotalCents = sumOf(lines);
  const discount = capDiscount(discountCents, subtotalCents);
  const totalCents = subtotalCents - discount;
  return { subtotalCents, discountCents: discount, totalCents, gstCents: gstContained(totalCents, rateBasisPoints) };
}

/** INV-000123 (the account's prefix): six digits at least, more once the series passes 999 999. */
export function formatInvoiceNumber(invoiceNumber: number, prefix: string | null | undefined = INVOICE_SERIES): string {
  return `${prefix || INVOICE_SERIES}-${String(invoiceNumber).padStart(6, '0')}`;
}

/**
 * How an amount in each currency is written. Australian dollars keep the bare "$" every existing
 * screen, mail and PDF shows; New Zealand dollars say so, so that nobody reads NZ$ as A$.
 */
const CURRENCY_SYMBOLS: Record<string, string> = { AUD: '$', NZD: 'NZ$' };

/**
 * Cents as dollars with thousands separators and two decimals: 123400 -> "$1,234.00" (AUD, or no
 * currency given), "NZ$1,234.00" (NZD); another currency gets its code after the amount.
 */
export function formatMoney(cents: number, currency?: string | null): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(Math.round(cents));
  const dollars = Math.floor(absolute / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const code = (currency ?? 'AUD').toUpperCase();
  const symbol = CURRENCY_SYMBOLS[code];
  const amount = `${dollars}.${String(absolute % 100).padStart(2, '0')}`;
  return symbol ? `${sign}${symbol}${amount}` : `${sign}$${amount} ${code}`;
}

/**
 * The symbol an amount of this currency is written with, for a fee field's "$" or a label's
 * "Fee ($)": "$" (AUD, or none given), "NZ$" (NZD), the code otherwise.
 */
export function currencySymbol(currency?: string | null): string {
  const code = (currency ?? 'AUD').toUpperCase();
  return CURRENCY_SYMBOLS[code] ?? code;
}

/** A GST rate in basis points as people write it: 1000 -> "10%", 1250 -> "12.5%". */
export function formatGstRate(rateBasisPoints: number): string {
  return `${Number((rateBasisPoints / 100).toFixed(2))}%`;
}
