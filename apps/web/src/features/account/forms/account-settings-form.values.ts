import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  AccountSettingsRequest,
  type AccountCountry,
  type AccountCurrency,
  type AccountSettings,
} from '@certs/shared/account/account.contract';

export type AccountSettingsFormMode = 'create' | 'edit';

/** What the form edits: the request's fields, the GST rate as the number input gives it ('' when cleared). */
export interface AccountSettingsFormValues {
  name: string;
  shortName: string;
  country: AccountCountry;
  abn: string;
  nzbn: string;
  gstNumber: string;
  address: string;
  contactEmail: string;
  mailSenderName: string;
  timeZone: string;
  currency: AccountCurrency;
  gstRatePercent: number | string;
  invoicePrefix: string;
  certificateNumberPattern: string;
  stripePublishableKey: string;
  stripeSecretKey: string;
  stripeWebhookSecret: string;
}

/** What a body of each country usually has: its currency, its GST rate and its main zone. */
export const COUNTRY_DEFAULTS: Record<AccountCountry, { currency: AccountCurrency; gstRatePercent: number; timeZone: string }> = {
  AU: { currency: 'AUD', gstRatePercent: 10, timeZone: 'Australia/Sydney' },
  NZ: { currency: 'NZD', gstRatePercent: 15, timeZone: 'Pacific/Auckland' },
};

export function emptyAccountSettingsValues(country: AccountCountry = 'AU'): AccountSettingsFormValues {
  return {
    name: '',
    shortName: '',
    country,
    abn: '',
    nzbn: '',
    gstNumber: '',
    address: '',
    contactEmail: '',
    mailSenderName: '',
    ...COUNTRY_DEFAULTS[country],
    invoicePrefix: '',
    certificateNumberPattern: '',
    stripePublishableKey: '',
    stripeSecretKey: '',
    stripeWebhookSecret: '',
  };
}

/** The saved settings as the form starts them; the gateway's secrets are never sent back, so they start empty. */
export function accountSettingsValuesOf(settings: AccountSettings): AccountSettingsFormValues {
  return {
    name: settings.name,
    shortName: settings.shortName,
    country: settings.country,
    abn: settings.abn,
    nzbn: settings.nzbn,
    gstNumber: settings.gstNumber,
    address: settings.address,
    contactEmail: settings.contactEmail,
    mailSenderName: settings.mailSenderName,
    timeZone: settings.timeZone,
    currency: settings.currency,
    gstRatePercent: settings.gstRatePercent,
    invoicePrefix: settings.invoicePrefix,
    certificateNumberPattern: settings.certificateNumberPattern,
    stripePublishableKey: settings.stripePublishableKey,
    stripeSecretKey: '',
    stripeWebhookSecret: '',
  };
}

/**
 * The values after choosing another country: the currency, GST rate and time zone follow it
 * while they still hold the other country's usual ones; anything chosen on purpose stays.
 */
export function withCountry(values: AccountSettingsFormValues, country: AccountCountry): AccountSettingsFormValues {
  if (country === values.country) return values;
  const before = COUNTRY_DEFAULTS[values.country];
  const after = COUNTRY_DEFAULTS[country];
  return {
    ...values,
    country,
    currency: values.currency === before.currency ? after.currency : values.currency,
    gstRatePercent: values.gstRatePercent === before.gstRatePercent ? after.gstRatePercent : values.gstRatePercent,
    timeZone: values.timeZone === before.timeZone ? after.timeZone : values.timeZone,
  };
}

function gstRateOf(value: number | string): number | undefined {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : Number(trimmed);
}

function requestShapeOf(values: AccountSettingsFormValues): Record<string, unknown> {
  return {
    name: values.name,
    // The server keeps short names in lower case and invoice prefixes in capitals: typed either way, they are sent so.
    shortName: values.shortName.trim().toLowerCase(),
    country: values.country,
    // Only the chosen country's identifiers: the other country's fields are hidden and not saved.
    abn: values.country === 'AU' ? values.abn : '',
    nzbn: values.country === 'NZ' ? values.nzbn : '',
    gstNumber: values.country === 'NZ' ? values.gstNumber : '',
    address: values.address,
    contactEmail: values.contactEmail.trim(),
    mailSenderName: values.mailSenderName,
    timeZone: values.timeZone,
    currency: values.currency,
    gstRatePercent: gstRateOf(values.gstRatePercent),
    invoicePrefix: values.invoicePrefix.trim().toUpperCase(),
    certificateNumberPattern: values.certificateNumberPattern,
    stripePublishableKey: values.stripePublishableKey,
    stripeSecretKey: values.stripeSecretKey,
    stripeWebhookSecret: values.stripeWebhookSecret,
  };
}

/** The shared contract's own messages, shown at each field before anything is sent. */
export function validateAccountSettingsValues(values: AccountSettingsFormValues): FormErrors {
  return zod4Resolver(AccountSettingsRequest, { errorPriority: 'first' })(requestShapeOf(values));
}

export function toAccountSettingsRequest(values: AccountSettingsFormValues): AccountSettingsRequest {
  return AccountSettingsRequest.parse(requestShapeOf(values));
}
