import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, type AccountSettings } from '@certs/shared/account/account.contract';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AccountSettingsForm, FOLLOWS_ENVIRONMENT_NOTE, KEPT_SECRET_KEY_HINT, KEPT_WEBHOOK_SECRET_HINT } from './account-settings-form';
import {
  accountSettingsValuesOf,
  emptyAccountSettingsValues,
  toAccountSettingsRequest,
  validateAccountSettingsValues,
  withCountry,
  type AccountSettingsFormValues,
} from './account-settings-form.values';

const australian: AccountSettings = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Welding Certification Board of Australia',
  shortName: 'wcba',
  country: 'AU',
  abn: '51 824 753 556',
  nzbn: '',
  gstNumber: '',
  address: '1 Example Street, Sydney NSW 2000',
  contactEmail: 'accounts@wcba.example',
  mailSenderName: 'WCBA',
  timeZone: 'Australia/Sydney',
  currency: 'AUD',
  gstRatePercent: 10,
  invoicePrefix: 'INV',
  certificateNumberPattern: 'WCB-{YYYY}-{N}',
  stripePublishableKey: 'pk_test_123',
  hasStripeSecretKey: true,
  hasStripeWebhookSecret: false,
  followsEnvironment: false,
  logoUrl: null,
  modifiedOn: '2026-03-01T00:00:00.000Z',
};

const newZealander: AccountSettings = {
  ...australian,
  id: '00000000-0000-4000-8000-0000000000a2',
  name: 'Welding Certification New Zealand',
  shortName: 'wcnz',
  country: 'NZ',
  abn: '',
  nzbn: '9429041234563',
  gstNumber: '49-091-850',
  timeZone: 'Pacific/Auckland',
  currency: 'NZD',
  gstRatePercent: 15,
  hasStripeSecretKey: false,
};

/** A field by its label, whether or not the label carries the required asterisk. */
function field(label: string) {
  return screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}( \\*)?$`));
}

function queryField(label: string) {
  return screen.queryByLabelText(new RegExp(`^${label}( \\*)?$`));
}

function renderForm(props: Partial<Parameters<typeof AccountSettingsForm>[0]> = {}) {
  const onSubmit = vi.fn<(values: AccountSettingsFormValues) => Promise<unknown>>(props.onSubmit ?? (() => Promise.resolve()));
  renderWithProviders(<AccountSettingsForm mode="edit" initialValues={accountSettingsValuesOf(australian)} {...props} onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe('AccountSettingsForm', () => {
  it('asks an Australian body for its ABN only', () => {
    renderForm();
    const tax = screen.getByRole('group', { name: 'Tax' });
    expect(within(tax).getByLabelText(/^ABN/)).toHaveValue('51 824 753 556');
    expect(queryField('NZBN')).not.toBeInTheDocument();
    expect(queryField('GST Number')).not.toBeInTheDocument();
  });

  it('asks a New Zealand body for its NZBN and GST number, not an ABN', () => {
    renderForm({ initialValues: accountSettingsValuesOf(newZealander) });
    expect(field('NZBN')).toHaveValue('9429041234563');
    expect(field('GST Number')).toHaveValue('49-091-850');
    expect(queryField('ABN')).not.toBeInTheDocument();
  });

  it("shows the chosen country's fields, and moves currency, GST rate and zone with it", async () => {
    const { user } = renderForm({ mode: 'create', initialValues: emptyAccountSettingsValues() });
    expect(field('ABN')).toBeInTheDocument();
    await user.selectOptions(field('Country'), 'New Zealand');

    expect(queryField('ABN')).not.toBeInTheDocument();
    expect(field('NZBN')).toBeInTheDocument();
    expect(field('GST Number')).toBeInTheDocument();
    expect(field('Currency')).toHaveValue('NZD');
    expect(field('GST Rate (%)')).toHaveValue('15');
    expect(field('Time Zone')).toHaveValue('Pacific/Auckland');
  });

  it('shows the shared schema messages at each field and sends nothing', async () => {
    const { onSubmit, user } = renderForm({ mode: 'create', initialValues: emptyAccountSettingsValues() });
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(field('Short Name')).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.shortNameRequired));
    expect(field('Address')).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.addressRequired));
    expect(field('Mail Sender Name')).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.senderNameRequired));
    expect(field('Invoice Prefix')).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.invoicePrefixFormat));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("puts the server's field errors at their fields and keeps what was typed", async () => {
    const onSubmit = vi.fn().mockRejectedValue(
      new ApiError(409, ACCOUNT_MESSAGES.shortNameTaken, { shortName: ACCOUNT_MESSAGES.shortNameTaken, abn: ACCOUNT_MESSAGES.abnInvalid }),
    );
    const { user } = renderForm({ onSubmit });
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Welding Board of Australia');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));

    expect(await screen.findByText(ACCOUNT_MESSAGES.shortNameTaken)).toBeInTheDocument();
    expect(field('Short Name')).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.shortNameTaken));
    expect(field('ABN')).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_MESSAGES.abnInvalid));
    expect(field('Name')).toHaveValue('Welding Board of Australia');
    expect(field('Short Name')).toHaveValue('wcba');
    expect(screen.queryByTestId('account-settings-form-error')).not.toBeInTheDocument();
  });

  it('shows any other refusal in an alert', async () => {
    const onSubmit = vi.fn().mockRejectedValue(new ApiError(404, ACCOUNT_MESSAGES.notFound));
    const { user } = renderForm({ onSubmit });
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByTestId('account-settings-form-error')).toHaveTextContent(ACCOUNT_MESSAGES.notFound);
  });

  it('cannot be sent twice: the button is disabled while the first is on its way', async () => {
    let answer: () => void = () => undefined;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const { user } = renderForm({ onSubmit });
    const save = screen.getByRole('button', { name: 'Save settings' });
    await user.click(save);
    await waitFor(() => expect(save).toBeDisabled());
    await user.click(save);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    answer();
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('keeps the gateway secrets write-only: empty password inputs that say a key is kept', () => {
    renderForm({ kept: { hasStripeSecretKey: true, hasStripeWebhookSecret: false } });
    expect(field('Stripe Secret Key')).toHaveValue('');
    expect(field('Stripe Secret Key')).toHaveAttribute('type', 'password');
    expect(field('Stripe Secret Key')).toHaveAccessibleDescription(KEPT_SECRET_KEY_HINT);
    expect(field('Stripe Webhook Secret')).toHaveAttribute('type', 'password');
    expect(field('Stripe Webhook Secret')).not.toHaveAccessibleDescription(KEPT_WEBHOOK_SECRET_HINT);
    expect(field('Stripe Publishable Key')).toHaveValue('pk_test_123');
  });

  it("says when the account still follows the server's AWARDING_BODY_* settings", () => {
    renderForm({ followsEnvironment: true });
    expect(screen.getByTestId('follows-environment')).toHaveTextContent(FOLLOWS_ENVIRONMENT_NOTE);
  });

  it('sends a complete New Zealand account as the contract wants it', async () => {
    const { onSubmit, user } = renderForm({ mode: 'create', initialValues: emptyAccountSettingsValues() });
    await user.type(field('Name'), 'Welding Certification New Zealand');
    await user.type(field('Short Name'), 'WCNZ-Test');
    await user.selectOptions(field('Country'), 'New Zealand');
    await user.type(field('NZBN'), '9429041234563');
    await user.type(field('GST Number'), '49-091-850');
    await user.type(field('Invoice Prefix'), 'nz');
    await user.type(field('Address'), '1 Queen Street, Auckland 1010');
    await user.type(field('Contact Email'), 'accounts@wcnz.example');
    await user.type(field('Mail Sender Name'), 'WCNZ');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(toAccountSettingsRequest(onSubmit.mock.calls[0]![0])).toEqual({
      name: 'Welding Certification New Zealand',
      shortName: 'wcnz-test',
      country: 'NZ',
      abn: '',
      nzbn: '9429041234563',
      gstNumber: '49-091-850',
      address: '1 Queen Street, Auckland 1010',
      contactEmail: 'accounts@wcnz.example',
      mailSenderName: 'WCNZ',
      timeZone: 'Pacific/Auckland',
      currency: 'NZD',
      gstRatePercent: 15,
      invoicePrefix: 'NZ',
      certificateNumberPattern: '',
      stripePublishableKey: '',
      stripeSecretKey: '',
      stripeWebhookSecret: '',
    });
  });
});

describe('account settings form values', () => {
  it("leaves out the other country's identifiers, so a hidden ABN never blocks a New Zealand body", () => {
    const values = { ...accountSettingsValuesOf(newZealander), abn: 'left over' };
    expect(validateAccountSettingsValues(values)).toEqual({});
    expect(toAccountSettingsRequest(values).abn).toBe('');
  });

  it('asks a New Zealand body charging GST for its GST number, with the contract\'s message', () => {
    const values = { ...accountSettingsValuesOf(newZealander), gstNumber: '' };
    expect(validateAccountSettingsValues(values)).toEqual({ gstNumber: ACCOUNT_MESSAGES.gstNumberRequired });
    expect(validateAccountSettingsValues({ ...values, gstRatePercent: 0 })).toEqual({});
  });

  it('says a cleared GST rate is out of range rather than sending nothing', () => {
    expect(validateAccountSettingsValues({ ...accountSettingsValuesOf(australian), gstRatePercent: '' })).toEqual({ gstRatePercent: ACCOUNT_MESSAGES.gstRateRange });
  });

  it('keeps a currency, rate or zone chosen on purpose when the country changes', () => {
    const values = { ...emptyAccountSettingsValues('AU'), gstRatePercent: 0, timeZone: 'Australia/Perth' };
    expect(withCountry(values, 'NZ')).toMatchObject({ country: 'NZ', currency: 'NZD', gstRatePercent: 0, timeZone: 'Australia/Perth' });
  });
});
