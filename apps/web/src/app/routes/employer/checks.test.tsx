import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { CERTIFICATE_CHECK_MESSAGES, type CertificateCheck, type CertificateCheckRow, type CertificateCheckSummary } from '@certs/shared/certificate-check/certificate-check.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { stubCsvExports } from '../../../test/export-stub';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { routes } from '../../router';

const viewer: SessionUser = {
  id: '40000000-0000-4000-8000-0000000000c3',
  email: 'vivian@hunter.example',
  firstName: 'Vivian',
  lastName: 'Viewer',
  userType: 'employer',
  role: 7,
  applicantId: null,
  timeZone: 'Australia/Sydney',
  menuItems: [],
};

const CHECK_ID = '40000000-0000-4000-8000-0000000000e1';
const PAST_ID = '40000000-0000-4000-8000-0000000000e2';

function answerFor(number: string): CertificateCheckRow {
  const known: Record<string, Partial<CertificateCheckRow>> = {
    'WCB-1': { status: 'current', expiresOn: '2028-03-01' },
    'WCB-2': { status: 'expired', expiresOn: '2024-03-01' },
    'WCB-3': { status: 'cancelled', expiresOn: null },
  };
  const found = known[number.toUpperCase()];
  if (!found) return { number, found: false, certificateNumber: null, holderName: null, programCode: null, programTitle: null, awardingBody: null, status: null, awardDate: null, expiresOn: null, designations: [] };
  return {
    number,
    found: true,
    certificateNumber: number.toUpperCase(),
    holderName: 'Ann Archer',
    programCode: 'WI-1',
    programTitle: 'Welding Inspector',
    awardingBody: 'Welding Certification Body',
    awardDate: '2025-03-01',
    designations: [],
    status: null,
    expiresOn: null,
    ...found,
  };
}

function renderChecks(past: CertificateCheckSummary[] = []) {
  saveSession({ jwt: 'token', user: viewer });
  const exports = stubCsvExports();
  const summaries = [...past];
  const stub = stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/unauth/loginrestriction/check') return jsonResponse({ isBlocked: false, message: null });
    if (url.pathname === '/api/users/me') return jsonResponse(viewer);
    if (url.pathname === '/api/employer/certificate-checks' && call.method === 'POST') {
      const numbers = (call.body as { numbers: string[] }).numbers;
      const rows = numbers.map(answerFor);
      const check: CertificateCheck = { id: CHECK_ID, checkedOn: '2026-12-01T01:00:00.000Z', checkedBy: 'Vivian Viewer', total: rows.length, found: rows.filter((row) => row.found).length, rows };
      summaries.unshift({ id: check.id, checkedOn: check.checkedOn, checkedBy: check.checkedBy, total: check.total, found: check.found });
      return jsonResponse(check, 201);
    }
    if (url.pathname === '/api/employer/certificate-checks') return jsonResponse(summaries);
    if (url.pathname === `/api/employer/certificate-checks/${PAST_ID}`) {
      const check: CertificateCheck = { ...past[0]!, rows: [answerFor('WCB-3')] };
      return jsonResponse(check);
    }
    if (url.pathname === `/api/employer/certificate-checks/${CHECK_ID}.csv`) {
      return new Response('"Number checked"', { headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="certificate-check-2026-12-01.csv"' } });
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  renderWithProviders(null, { route: '/employer/checks', routes });
  return { ...stub, downloads: exports.downloads, user: userEvent.setup() };
}

afterEach(() => {
  clearSession('logout');
  reloadSessionFromStorage();
});

describe('Check certificates (/employer/checks)', () => {
  it('reads pasted numbers one per line or comma-separated, each once, checks them and shows each status, then downloads the CSV', async () => {
    const { calls, downloads, user } = renderChecks();
    expect(await screen.findByRole('heading', { name: 'Check certificates', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Company menu' })).getByRole('link', { name: 'Check certificates' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();

    const box = screen.getByRole('textbox', { name: /Certificate numbers/ });
    fireEvent.change(box, { target: { value: 'WCB-1, WCB-2\n\n  WCB-3 ;\n"NOPE-9"\nwcb-1\nWCB-2\n' } });
    expect(screen.getByText(/4 numbers to check/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check' }));

    const table = await screen.findByRole('table', { name: 'Check results' });
    const posted = calls.find((call) => call.method === 'POST' && call.url.includes('/api/employer/certificate-checks'));
    expect(posted?.body).toEqual({ numbers: ['WCB-1', 'WCB-2', 'WCB-3', 'NOPE-9'] });
    const rowOf = (number: string) => within(table).getByRole('rowheader', { name: number }).closest('tr')!;
    expect(rowOf('WCB-1')).toHaveTextContent('Ann Archer');
    expect(within(rowOf('WCB-1')).getByText('Current')).toBeInTheDocument();
    expect(rowOf('WCB-1')).toHaveTextContent('01-Mar-2028');
    expect(within(rowOf('WCB-2')).getByText('Expired')).toBeInTheDocument();
    expect(within(rowOf('WCB-3')).getByText('Cancelled')).toBeInTheDocument();
    expect(within(rowOf('NOPE-9')).getByText(CERTIFICATE_CHECK_MESSAGES.notFound)).toBeInTheDocument();
    expect(screen.getByText(/3 of 4 found/)).toBeInTheDocument();

    // The check joins the past checks.
    const past = await screen.findByRole('table', { name: 'Past checks' });
    expect(within(past).getByRole('button', { name: /^Shown: the check of/ })).toHaveTextContent('Shown');

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(downloads()).toEqual(['certificate-check-2026-12-01.csv']));
    expect(calls.some((call) => call.url.endsWith(`/api/employer/certificate-checks/${CHECK_ID}.csv`) && call.headers.authorization === 'Bearer token')).toBe(true);
  });

  it('reads the numbers of an uploaded CSV file in the browser, and refuses more than 500 before asking the server', async () => {
    const { calls, user } = renderChecks();
    await screen.findByRole('heading', { name: 'Check certificates', level: 1 });
    const file = new File(['Certificate number\r\nWCB-1\r\n"WCB-2"\r\n'], 'crew.csv', { type: 'text/csv' });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, file);
    const box = screen.getByRole('textbox', { name: /Certificate numbers/ });
    await waitFor(() => expect(box).toHaveValue('WCB-1\nWCB-2'));
    expect(screen.getByText(/2 numbers to check/)).toBeInTheDocument();

    fireEvent.change(box, { target: { value: Array.from({ length: 501 }, (_, i) => `N-${i}`).join('\n') } });
    expect(screen.getByText(CERTIFICATE_CHECK_MESSAGES.tooManyNumbers)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('opens a past check again', async () => {
    const { user } = renderChecks([{ id: PAST_ID, checkedOn: '2026-11-20T03:00:00.000Z', checkedBy: 'Cora Ordinator', total: 1, found: 1 }]);
    const past = await screen.findByRole('table', { name: 'Past checks' });
    expect(past).toHaveTextContent('Cora Ordinator');
    await user.click(within(past).getByRole('button', { name: /Show the check of/ }));
    const table = await screen.findByRole('table', { name: 'Check results' });
    expect(within(table).getByText('Cancelled')).toBeInTheDocument();
    expect(screen.getByText(/Checked .* by Cora Ordinator/)).toBeInTheDocument();
  });
});
