import { z } from 'zod';
import { ATTACHMENT_MESSAGES } from '../attachment/attachment.contract';
import { OFFERED_TIME_ZONE_NAMES } from '../common/dates';
import { requiredEmail } from '../common/person-fields';
import { certificatePatternIssues } from '../award/certificate-number';
import { isValidAbn, isValidNzbn } from '../company/business-number';
import { isValidNzGstNumber } from './nz-gst-number';

/**
 * An account is an awarding body on the platform (decision 033). Programs and everything below
 * them belong to one account; staff belong to one account; applicants and companies belong to
 * the platform.
 */

/** The account every existing record moved to: the body that ran the platform alone before accounts. */
export const FIRST_ACCOUNT_ID = '00000000-0000-4000-8000-000000000001';

export const ACCOUNT_COUNTRIES = ['AU', 'NZ'] as const;
export type AccountCountry = (typeof ACCOUNT_COUNTRIES)[number];
export const ACCOUNT_COUNTRY_LABELS: Record<AccountCountry, string> = { AU: 'Australia', NZ: 'New Zealand' };

export const ACCOUNT_CURRENCIES = ['AUD', 'NZD'] as const;
export type AccountCurrency = (typeof ACCOUNT_CURRENCIES)[number];

export const ACCOUNT_MESSAGES = {
  nameRequired: 'Name is required',
  shortNameRequired: 'Short Name is required',
  shortNameFormat: 'Short Name may hold only lower-case letters, digits and hyphens (3 to 32), starting with a letter',
  shortNameTaken: 'Another account already has this Short Name',
  abnRequired: 'An Australian body needs its ABN',
  abnInvalid: 'ABN is not valid: check its 11 digits',
  nzbnRequired: 'A New Zealand body needs its NZBN',
  nzbnInvalid: 'NZBN is not valid: check its 13 digits',
  gstNumberRequired: 'A New Zealand body registered for GST needs its GST number',
  gstNumberInvalid: 'GST number is not valid: check its 8 or 9 digits',
  addressRequired: 'Address is required',
  senderNameRequired: 'Mail Sender Name is required',
  gstRateRange: 'GST Rate must be between 0 and 30 percent, with at most two decimals',
  invoicePrefixFormat: 'Invoice Prefix must be 2 to 8 capital letters or digits',
  notFound: 'Account not found',
  forbidden: 'You do not have access to this account',
  /** A staff member's record of another account answers as if it did not exist. */
  otherAccount: 'Not found',
  logoType: 'The logo must be a PNG or JPEG image',
  logoTooLarge: 'The logo must be at most 1 MB',
  logoNotFound: 'This account has no logo',
} as const;

/** The body's logo: what certificates and invoices can draw, small enough to embed in every PDF. */
export const ACCOUNT_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export const ACCOUNT_LOGO_MAX_BYTES = 1024 * 1024;

/** `PUT api/accounts/{id}/logo`: one of the caller's saved files (uploaded as any other) becomes the logo. */
export const AccountLogoRequest = z.strictObject({ attachmentId: z.uuid({ error: ATTACHMENT_MESSAGES.notFound }) });
export type AccountLogoRequest = z.infer<typeof AccountLogoRequest>;

/**
 * The public address of a body's logo (no sign-in: certificates, the verification page, mails).
 * The file's id in the query makes a replaced logo a new address, so caches never show the old one.
 */
export function accountLogoPath(shortName: string, logoAttachmentId: string): string {
  return `/unauth/accounts/${encodeURIComponent(shortName)}/logo?v=${logoAttachmentId.slice(0, 8)}`;
}

const SHORT_NAME = /^[a-z][a-z0-9-]{2,31}$/;

const optionalText = (max: number) => z.string().trim().max(max).default('');

/** Money in invoices: whole hundredths of a percent, 0 to 30 (10 for Australia, 15 for New Zealand). */
const gstRatePercent = z
  .number({ error: ACCOUNT_MESSAGES.gstRateRange })
  .min(0, ACCOUNT_MESSAGES.gstRateRange)
  .max(30, ACCOUNT_MESSAGES.gstRateRange)
  .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-9, ACCOUNT_MESSAGES.gstRateRange);

/**
 * What administrators set on the account's settings screen. Secrets (the payment gateway's keys)
 * are write-only: sent to change them, never sent back (`hasStripeSecretKey` says one is kept);
 * an empty string leaves the kept one as it is.
 */
export const AccountSettingsRequest = z
  .strictObject({
    name: z.string({ error: ACCOUNT_MESSAGES.nameRequired }).trim().min(1, ACCOUNT_MESSAGES.nameRequired).max(160),
    shortName: z.string({ error: ACCOUNT_MESSAGES.shortNameRequired }).trim().min(1, ACCOUNT_MESSAGES.shortNameRequired).regex(SHORT_NAME, ACCOUNT_MESSAGES.shortNameFormat),
    country: z.enum(ACCOUNT_COUNTRIES),
    abn: optionalText(20),
    nzbn: optionalText(20),
    gstNumber: optionalText(20),
    address: z.string({ error: ACCOUNT_MESSAGES.addressRequired }).trim().min(1, ACCOUNT_MESSAGES.addressRequired).max(400),
    contactEmail: requiredEmail('Contact Email'),
    mailSenderName: z.string({ error: ACCOUNT_MESSAGES.senderNameRequired }).trim().min(1, ACCOUNT_MESSAGES.senderNameRequired).max(120),
    timeZone: z.enum(OFFERED_TIME_ZONE_NAMES),
    currency: z.enum(ACCOUNT_CURRENCIES),
    gstRatePercent,
    invoicePrefix: z.string().trim().regex(/^[A-Z0-9]{2,8}$/, ACCOUNT_MESSAGES.invoicePrefixFormat),
    certificateNumberPattern: z.string().trim().max(60),
    stripePublishableKey: optionalText(200),
    stripeSecretKey: optionalText(300),
    stripeWebhookSecret: optionalText(300),
  })
  .superRefine((value, context) => {
    const issue = (path: string, message: string) => context.addIssue({ code: 'custom', path: [path], message });
    if (value.country === 'AU') {
      if (!value.abn) issue('abn', ACCOUNT_MESSAGES.abnRequired);
      else if (!isValidAbn(value.abn)) issue('abn', ACCOUNT_MESSAGES.abnInvalid);
    } else {
      if (!value.nzbn) issue('nzbn', ACCOUNT_MESSAGES.nzbnRequired);
      else if (!isValidNzbn(value.nzbn)) issue('nzbn', ACCOUNT_MESSAGES.nzbnInvalid);
      if (value.gstRatePercent > 0 && !value.gstNumber) issue('gstNumber', ACCOUNT_MESSAGES.gstNumberRequired);
      else if (value.gstNumber && !isValidNzGstNumber(value.gstNumber)) issue('gstNumber', ACCOUNT_MESSAGES.gstNumberInvalid);
    }
    if (value.certificateNumberPattern) {
      for (const message of certificatePatternIssues(value.certificateNumberPattern)) issue('certificateNumberPattern', message);
    }
  });
export type AccountSettingsRequest = z.infer<typeof AccountSettingsRequest>;

/** An account as its administrators read it: every setting but the secrets themselves. */
export const AccountSettings = z.object({
  id: z.uuid(),
  name: z.string(),
  shortName: z.string(),
  country: z.enum(ACCOUNT_COUNTRIES),
  abn: z.string(),
  nzbn: z.string(),
  gstNumber: z.string(),
  address: z.string(),
  contactEmail: z.string(),
  mailSenderName: z.string(),
  timeZone: z.string(),
  currency: z.enum(ACCOUNT_CURRENCIES),
  gstRatePercent: z.number(),
  invoicePrefix: z.string(),
  certificateNumberPattern: z.string(),
  stripePublishableKey: z.string(),
  hasStripeSecretKey: z.boolean(),
  hasStripeWebhookSecret: z.boolean(),
  /** The first account follows the AWARDING_BODY_* settings until its administrators save this screen. */
  followsEnvironment: z.boolean(),
  /** The logo's public address (`accountLogoPath`), or null when the account has none. */
  logoUrl: z.string().nullable(),
  modifiedOn: z.string(),
});
export type AccountSettings = z.infer<typeof AccountSettings>;

/** One line of the account list and the switcher. */
export const AccountSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  shortName: z.string(),
  country: z.enum(ACCOUNT_COUNTRIES),
  currency: z.enum(ACCOUNT_CURRENCIES),
});
export type AccountSummary = z.infer<typeof AccountSummary>;

/** Where the signed-in staff member works: the account shown on every screen, and whether there are others. */
export const CurrentAccount = z.object({
  account: AccountSummary,
  /** Every account, for the platform super user's switcher; only their own for anyone else. */
  accounts: z.array(AccountSummary),
  canSwitch: z.boolean(),
  /** More than one account on the platform: every screen then names the account it shows. */
  hasSeveralAccounts: z.boolean(),
});
export type CurrentAccount = z.infer<typeof CurrentAccount>;

/** The platform super user's view of each account's health: what it holds and what is waiting. */
export const AccountOverviewRow = AccountSummary.extend({
  publishedPrograms: z.number().int(),
  programs: z.number().int(),
  activeStaff: z.number().int(),
  openApplications: z.number().int(),
  currentAwards: z.number().int(),
});
export type AccountOverviewRow = z.infer<typeof AccountOverviewRow>;

export const PlatformOverview = z.object({
  accounts: z.array(AccountOverviewRow),
  /** Mails of every account waiting in the outbox, and those that failed for good. */
  mailsQueued: z.number().int(),
  mailsFailed: z.number().int(),
});
export type PlatformOverview = z.infer<typeof PlatformOverview>;

export const SwitchAccountRequest = z.strictObject({ accountId: z.uuid() });
export type SwitchAccountRequest = z.infer<typeof SwitchAccountRequest>;

/** The tax identifiers an invoice prints for the body: ABN in Australia; NZBN and GST number in New Zealand. */
export function taxIdentifiersOf(account: { country: AccountCountry; abn: string; nzbn: string; gstNumber: string }): { label: string; value: string }[] {
  if (account.country === 'AU') return [{ label: 'ABN', value: account.abn }];
  const identifiers = [{ label: 'NZBN', value: account.nzbn }];
  if (account.gstNumber) identifiers.push({ label: 'GST No.', value: account.gstNumber });
  return identifiers;
}
