import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, type AccountSettings, type AccountSummary, type CurrentAccount } from '@certs/shared/account/account.contract';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { superUser } from '../../../test/session-fixtures';
import { routes } from '../../router';

/** The browser's PUT of an upload, answered 200 as soon as it is sent. */
class InstantUpload {
  static sent: { url: string; body: unknown }[] = [];
  url = '';
  status = 0;
  responseText = '';
  upload = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    InstantUpload.sent.push({ url: this.url, body });
    this.status = 200;
    queueMicrotask(() => this.onload?.());
  }
  abort() {}
}

const administrator: SessionUser = { ...superUser, id: '00000000-0000-4000-8000-000000000002', email: 'accountadmin@demo.local', firstName: 'Avery', lastName: 'Admin', role: 2 };
const australia: AccountSummary = { id: '00000000-0000-4000-8000-000000000001', name: 'Welding Board of Australia', shortName: 'wba', country: 'AU', currency: 'AUD' };
const current: CurrentAccount = { account: australia, accounts: [australia], canSwitch: false, hasSeveralAccounts: false };
const settings: AccountSettings = {
  ...australia,
  abn: '51 824 753 556',
  nzbn: '',
  gstNumber: '',
  address: '1 Example Street, Sydney NSW 2000',
  contactEmail: 'accounts@wba.example',
  mailSenderName: 'WBA',
  timeZone: 'Australia/Sydney',
  gstRatePercent: 10,
  invoicePrefix: 'INV',
  certificateNumberPattern: '',
  stripePublishableKey: '',
  hasStripeSecretKey: false,
  hasStripeWebhookSecret: false,
  followsEnvironment: false,
  logoUrl: null,
  modifiedOn: '2026-03-01T00:00:00.000Z',
};
const LOGO_URL = '/unauth/accounts/wba/logo?v=0b7c1d2e';
const FILE_ID = '00000000-0000-4000-8000-0000000000f1';
const logoPath = `/api/accounts/${australia.id}/logo`;

/** The settings screen of an account administrator; `logoAnswer` answers the logo's PUT. */
function renderSettings(logoAnswer?: () => Response) {
  let stored = settings;
  saveSession({ jwt: 'token', user: administrator });
  const stub = stubFetch((call: RecordedCall) => {
    if (call.url === '/api/users/me') return jsonResponse(administrator);
    if (call.url === '/api/accounts/current') return jsonResponse(current);
    if (call.url === `/api/accounts/${australia.id}` && call.method === 'GET') return jsonResponse(stored);
    if (call.url === '/api/attachment/presigned-upload') {
      return jsonResponse({ url: '/unauth/storage/upload/attachments/0b7c.png?signature=x', method: 'PUT', headers: { 'content-type': 'image/png' }, resourceKey: 'attachments/0b7c.png', filePath: 'attachments/0b7c.png', expiresOn: '2026-03-01T00:15:00.000Z' });
    }
    if (call.url === '/unauth/save/attachment') {
      return jsonResponse({ id: FILE_ID, resourceKey: 'attachments/0b7c.png', name: 'logo.png', contentType: 'image/png', size: 2048, createdOn: '2026-03-01T00:00:00.000Z' });
    }
    if (call.url === logoPath && call.method === 'PUT') {
      const answer = logoAnswer ? logoAnswer() : jsonResponse({ ...stored, logoUrl: LOGO_URL, modifiedOn: '2026-03-02T00:00:00.000Z' });
      // As the server does: the logo's change is the account's latest modification.
      if (answer.ok) stored = { ...stored, logoUrl: LOGO_URL, modifiedOn: '2026-03-02T00:00:00.000Z' };
      return answer;
    }
    if (call.url === logoPath && call.method === 'DELETE') {
      stored = { ...stored, logoUrl: null, modifiedOn: '2026-03-03T00:00:00.000Z' };
      return jsonResponse(stored);
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  renderWithProviders(null, { route: '/admin/account-settings', routes });
  return { ...stub, user: userEvent.setup() };
}

const png = (size = 2048) => new File([new Uint8Array(size)], 'logo.png', { type: 'image/png' });
const logoSection = async () => (await screen.findByRole('heading', { level: 2, name: 'Logo' })).closest('section') as HTMLElement;
const fileInput = (section: HTMLElement) => section.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;

describe('the logo on the Account settings screen', () => {
  beforeEach(() => {
    InstantUpload.sent = [];
    vi.stubGlobal('XMLHttpRequest', InstantUpload);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession('logout');
    reloadSessionFromStorage();
  });

  it('uploads a logo, previews it, keeps what is typed in the form, and removes it', async () => {
    const { calls, user } = renderSettings();
    const section = await logoSection();
    expect(within(section).getByText('No logo')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Remove logo' })).not.toBeInTheDocument();
    // Something typed in the settings form and not yet saved.
    const address = await screen.findByLabelText(/^Address/);
    await user.clear(address);
    await user.type(address, '9 New Street, Perth WA 6000');

    await user.upload(fileInput(section), png());
    expect(await screen.findByText('Logo saved')).toBeInTheDocument();
    expect(InstantUpload.sent).toHaveLength(1);
    expect(calls.find((call) => call.url === logoPath && call.method === 'PUT')?.body).toEqual({ attachmentId: FILE_ID });
    expect(within(section).getByRole('img', { name: `${australia.name} logo` })).toHaveAttribute('src', LOGO_URL);
    expect(within(section).getByRole('button', { name: 'Replace logo' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Address/)).toHaveValue('9 New Street, Perth WA 6000');

    await user.click(within(section).getByRole('button', { name: 'Remove logo' }));
    expect(await screen.findByText('Logo removed')).toBeInTheDocument();
    expect(await within(section).findByText('No logo')).toBeInTheDocument();
    expect(within(section).queryByRole('img')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url === logoPath && call.method === 'DELETE')).toHaveLength(1);
    expect(screen.getByLabelText(/^Address/)).toHaveValue('9 New Street, Perth WA 6000');
  });

  it('refuses a file that is not PNG or JPEG, or over 1 MB, before sending anything', async () => {
    const { calls } = renderSettings();
    const user = userEvent.setup({ applyAccept: false });
    const section = await logoSection();
    await user.upload(fileInput(section), new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.logoType);
    await user.upload(fileInput(section), png(1024 * 1024 + 1));
    await waitFor(() => expect(within(section).getByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.logoTooLarge));
    expect(calls.some((call) => call.url === '/api/attachment/presigned-upload' || call.url === logoPath)).toBe(false);
    expect(within(section).getByText('No logo')).toBeInTheDocument();
  });

  it("shows the server's refusal and keeps the screen as it was", async () => {
    const { user } = renderSettings(() => jsonResponse({ statusCode: 400, error: 'Bad Request', message: ACCOUNT_MESSAGES.logoType, fieldErrors: { attachmentId: ACCOUNT_MESSAGES.logoType } }, 400));
    const section = await logoSection();
    await user.upload(fileInput(section), png());
    expect(await within(section).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.logoType);
    expect(within(section).getByText('No logo')).toBeInTheDocument();
    expect(screen.queryByText('Logo saved')).not.toBeInTheDocument();
  });
});
