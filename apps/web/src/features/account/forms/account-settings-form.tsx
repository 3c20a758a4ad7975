import { Alert, Button, Fieldset, Group, NativeSelect, NumberInput, PasswordInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { ACCOUNT_COUNTRIES, ACCOUNT_COUNTRY_LABELS, ACCOUNT_CURRENCIES, type AccountCountry } from '@certs/shared/account/account.contract';
import { CERTIFICATE_NUMBER_PLACEHOLDERS } from '@certs/shared/award/certificate-number';
import { OFFERED_TIME_ZONES } from '@certs/shared/common/dates';
import { ApiError, errorMessageOf } from '../../../lib/api-client';
import {
  validateAccountSettingsValues,
  withCountry,
  type AccountSettingsFormMode,
  type AccountSettingsFormValues,
} from './account-settings-form.values';

const COUNTRY_OPTIONS = ACCOUNT_COUNTRIES.map((country) => ({ value: country, label: ACCOUNT_COUNTRY_LABELS[country] }));
const CURRENCY_OPTIONS = [...ACCOUNT_CURRENCIES];
const TIME_ZONE_OPTIONS = OFFERED_TIME_ZONES.map(({ zone, label }) => ({ value: zone, label: `${label} (${zone})` }));
const PATTERN_HELP = `Certificate numbers of programs without a pattern of their own. Letters, digits, "-" and "." with ${CERTIFICATE_NUMBER_PLACEHOLDERS.map(
  (p) => `${p.placeholder} (${p.meaning})`,
).join(', ')}.`;

export const KEPT_SECRET_KEY_HINT = 'A key is kept; leave empty to keep it.';
export const KEPT_WEBHOOK_SECRET_HINT = 'A secret is kept; leave empty to keep it.';
export const FOLLOWS_ENVIRONMENT_NOTE =
  "This account follows the server's AWARDING_BODY_* settings (name, ABN, address, email, GST rate and certificate number pattern) until its settings are saved here.";

interface AccountSettingsFormProps {
  mode: AccountSettingsFormMode;
  initialValues: AccountSettingsFormValues;
  /** Which gateway secrets the account already keeps: they are never sent back, only said to be there. */
  kept?: { hasStripeSecretKey: boolean; hasStripeWebhookSecret: boolean };
  /** The first account, still taking its identity from the server's settings. */
  followsEnvironment?: boolean;
  onSubmit: (values: AccountSettingsFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

/** An account's settings, new or saved; the server's refusals land at their field, the rest in an alert. */
export function AccountSettingsForm({ mode, initialValues, kept, followsEnvironment = false, onSubmit, onCancel }: AccountSettingsFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<AccountSettingsFormValues>({ initialValues, validate: validateAccountSettingsValues });

  const handleSubmit = async (values: AccountSettingsFormValues) => {
    setFailure(null);
    try {
      await onSubmit(values);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
      const atFields = Object.entries(fieldErrors).filter(([field]) => field in values);
      if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields));
      if (atFields.length === 0 || atFields.length < Object.keys(fieldErrors).length) setFailure(errorMessageOf(error));
    }
  };

  const chooseCountry = (country: AccountCountry) => {
    form.setValues(withCountry(form.getValues(), country));
    form.clearFieldError('abn');
    form.clearFieldError('nzbn');
    form.clearFieldError('gstNumber');
  };

  const isSending = form.submitting;
  const isNewZealand = form.values.country === 'NZ';
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="lg">
        {followsEnvironment && (
          <Alert color="blue" variant="light" title="Taken from the server's settings" data-testid="follows-environment">
            {FOLLOWS_ENVIRONMENT_NOTE}
          </Alert>
        )}
        {failure && (
          <Alert color="red" variant="light" title={mode === 'create' ? 'Could not create the account' : 'Could not save the settings'} data-testid="account-settings-form-error">
            {failure}
          </Alert>
        )}
        <Fieldset legend="Identity" radius="md">
          <Stack gap="md">
            <TextInput label="Name" description="The awarding body's name, on invoices, certificates and mail." required withAsterisk={false} autoComplete="organization" {...form.getInputProps('name')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label="Short Name"
                description="3 to 32 lower-case letters, digits and hyphens, starting with a letter."
                required
                withAsterisk={false}
                autoComplete="off"
                {...form.getInputProps('shortName')}
              />
              <NativeSelect
                label="Country"
                data={COUNTRY_OPTIONS}
                {...form.getInputProps('country')}
                onChange={(event) => chooseCountry(event.currentTarget.value as AccountCountry)}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Fieldset legend="Tax" radius="md">
          {isNewZealand ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="NZBN" description="The New Zealand Business Number: 13 digits." required withAsterisk={false} autoComplete="off" {...form.getInputProps('nzbn')} />
              <TextInput
                label="GST Number"
                description="8 or 9 digits; needed while the GST rate is above 0."
                autoComplete="off"
                {...form.getInputProps('gstNumber')}
              />
            </SimpleGrid>
          ) : (
            <TextInput label="ABN" description="The Australian Business Number: 11 digits." required withAsterisk={false} autoComplete="off" {...form.getInputProps('abn')} />
          )}
        </Fieldset>
        <Fieldset legend="Invoices" radius="md">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <NativeSelect label="Currency" data={CURRENCY_OPTIONS} {...form.getInputProps('currency')} />
              <NumberInput label="GST Rate (%)" min={0} max={30} decimalScale={2} allowNegative={false} {...form.getInputProps('gstRatePercent')} />
              <TextInput
                label="Invoice Prefix"
                description="2 to 8 capital letters or digits."
                required
                withAsterisk={false}
                autoComplete="off"
                {...form.getInputProps('invoicePrefix')}
              />
            </SimpleGrid>
            <TextInput label="Certificate Number Pattern" description={PATTERN_HELP} autoComplete="off" {...form.getInputProps('certificateNumberPattern')} />
          </Stack>
        </Fieldset>
        <Fieldset legend="Contact and mail" radius="md">
          <Stack gap="md">
            <Textarea label="Address" required withAsterisk={false} autosize minRows={2} autoComplete="off" {...form.getInputProps('address')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label="Contact Email" type="email" required withAsterisk={false} autoComplete="off" {...form.getInputProps('contactEmail')} />
              <TextInput
                label="Mail Sender Name"
                description="Who the platform's mail comes from."
                required
                withAsterisk={false}
                autoComplete="off"
                {...form.getInputProps('mailSenderName')}
              />
            </SimpleGrid>
            <NativeSelect label="Time Zone" description="The body's own zone, for its documents." data={TIME_ZONE_OPTIONS} {...form.getInputProps('timeZone')} />
          </Stack>
        </Fieldset>
        <Fieldset legend="Payment gateway" radius="md">
          <Stack gap="md">
            <TextInput label="Stripe Publishable Key" autoComplete="off" {...form.getInputProps('stripePublishableKey')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <PasswordInput
                label="Stripe Secret Key"
                description={kept?.hasStripeSecretKey ? KEPT_SECRET_KEY_HINT : 'Kept sealed; never shown again once saved.'}
                autoComplete="new-password"
                {...form.getInputProps('stripeSecretKey')}
              />
              <PasswordInput
                label="Stripe Webhook Secret"
                description={kept?.hasStripeWebhookSecret ? KEPT_WEBHOOK_SECRET_HINT : 'Kept sealed; never shown again once saved.'}
                autoComplete="new-password"
                {...form.getInputProps('stripeWebhookSecret')}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={isSending}>
              Cancel
            </Button>
          )}
          <Button type="submit" disabled={isSending} loading={isSending}>
            {mode === 'create' ? 'Create account' : 'Save settings'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
