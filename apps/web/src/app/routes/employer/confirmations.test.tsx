import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '@certs/shared/auth/auth.contract';
import { CONFIRMATION_STATEMENT, EMPLOYER_CONFIRMATION_MESSAGES, type ConfirmWeldersResult, type EmployerConfirmationList, type EmployerConfirmationRow, type EmployerRevalidationRow } from '@certs/shared/employer/confirmations.contract';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { routes } from '../../router';

const person = (role: 6 | 7): SessionUser => ({
  id: '40000000-0000-4000-8000-0000000000c1',
  email: 'cora@hunter.example',
  firstName: 'Cora',
  lastName: 'Ordinator',
  userType: 'employer',
  role,
  applicantId: null,
  timeZone: 'Australia/Sydney',
  menuItems: [],
});

const row = (overrides: Partial<EmployerConfirmationRow>): EmployerConfirmationRow => ({
  wpqRecordId: '40000000-0000-4000-8000-0000000000d1',
  applicantId: '40000000-0000-4000-8000-0000000000a1',
  welderName: 'Ann Archer',
  certificateNumber: 'WCB-2026-00077',
  designations: ['ISO 9606-1 135 P BW FM1 S t10 PF ss nb'],
  programTitle: 'Welder Qualification to ISO 9606-1',
  awardingBodyName: 'Welding Certification Body',
  option: '9.3a',
  lastConfirmedOn: null,
  nextDueOn: '2026-12-20',
  confirmable: true,
  validUntil: null,
  ...overrides,
});
const ann = row({});
const ben = row({ wpqRecordId: '40000000-0000-4000-8000-0000000000d2', applicantId: '40000000-0000-4000-8000-0000000000a2', welderName: 'Ben Brazier', certificateNumber: 'WCB-2026-00078', lastConfirmedOn: '2026-06-18', nextDueOn: '2026-12-24' });

const rex: EmployerRevalidationRow = {
  wpqRecordId: '40000000-0000-4000-8000-0000000000d3',
  welderName: 'Rex Rodman',
  certificateNumber: 'WCB-2024-00011',
  designations: ['ISO 9606-1 135 P BW FM1 S t10 PF ss nb'],
  validUntil: '2027-01-02',
  window: { from: '2026-07-02', to: '2027-01-02' },
};

/** The Confirmations page for a company user; the server lists the rows and answers the confirmation as `confirm` says. */
function renderConfirmations(user: SessionUser, confirm: (call: RecordedCall) => Response = (call) => jsonResponse(confirmedOf(call), 201), revalidations: EmployerRevalidationRow[] = []) {
  saveSession({ jwt: 'token', user });
  let rows = [ann, ben];
  let openRevalidations = revalidations;
  let uploads = 0;
  const stub = stubFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/unauth/loginrestriction/check') return jsonResponse({ isBlocked: false, message: null });
    if (url.pathname === '/api/users/me') return jsonResponse(user);
    if (url.pathname === '/api/employer/confirmations' && call.method === 'GET') {
      const body: EmployerConfirmationList = { rows, revalidations: openRevalidations, withinDays: 60, statement: CONFIRMATION_STATEMENT };
      return jsonResponse(body);
    }
    if (url.pathname === '/api/employer/files/presigned-upload') {
      uploads += 1;
      return jsonResponse({ url: `/unauth/storage/upload/attachments/r${uploads}.pdf?signature=x`, method: 'PUT', headers: { 'content-type': 'application/pdf' }, resourceKey: `attachments/r${uploads}.pdf`, filePath: `attachments/r${uploads}.pdf`, expiresOn: '2026-12-06T10:00:00.000Z' });
    }
    if (url.pathname === '/api/employer/files/save') {
      const key = (call.body as { resourceKey: string }).resourceKey;
      return jsonResponse({ id: `50000000-0000-4000-8000-00000000000${key.slice(-5, -4)}`, resourceKey: key, name: 'report.pdf', contentType: 'application/pdf', size: 10, createdOn: '2026-12-06T09:00:00.000Z' });
    }
    if (url.pathname === `/api/employer/confirmations/${rex.wpqRecordId}/evidence`) {
      openRevalidations = [];
      // The server's answer as its contract has it since the revalidation fee (issue 45 item 4): each weld's report, the fee's invoice.
      const welds = (call.body as { welds: object[] }).welds.map((weld) => ({ ...weld, testReport: null }));
      return jsonResponse({ id: 'r1', status: 'submitted', submittedBy: 'employer', welds, validUntilBefore: rex.validUntil, validUntilAfter: null, revalidatedOn: null, invoiceId: null, invoice: null, decisionReason: null, createdOn: '2026-12-06T09:00:00.000Z' }, 201);
    }
    if (url.pathname === '/api/employer/confirmations' && call.method === 'POST') {
      const answer = confirm(call);
      // Once confirmed, the next periods fall due in six months: off the list.
      if (answer.status === 201) rows = [];
      return answer;
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  renderWithProviders(null, { route: '/employer/confirmations', routes });
  return { ...stub, user: userEvent.setup() };
}

function confirmedOf(call: RecordedCall): ConfirmWeldersResult {
  const body = call.body as { recordIds: string[]; signerName: string; signerPosition: string };
  return {
    confirmed: [ann, ben]
      .filter((r) => body.recordIds.includes(r.wpqRecordId))
      .map((r) => ({
        wpqRecordId: r.wpqRecordId,
        welderName: r.welderName,
        certificateNumber: r.certificateNumber,
        confirmation: { id: `c-${r.wpqRecordId}`, sequence: 1, dueOn: r.nextDueOn, confirmedOn: '2026-12-06', confirmedBy: 'employer', confirmerName: body.signerName, confirmerPosition: body.signerPosition, companyName: 'Hunter', evidenceNote: '', evidenceAttachmentIds: [] },
      })),
  };
}

/** The browser's upload (a PUT through XMLHttpRequest): the storage answers 200 at once. */
class StoredAtOnce {
  static urls: string[] = [];
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(_method: string, url: string) {
    StoredAtOnce.urls.push(url);
  }
  setRequestHeader() {}
  send() {
    queueMicrotask(() => {
      this.status = 200;
      this.onload?.();
    });
  }
  abort() {}
}

const posts = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'POST' && call.url.includes('/api/employer/confirmations'));

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession('logout');
  reloadSessionFromStorage();
});

describe('Confirmations (/employer/confirmations)', () => {
  it('the coordinator selects all, signs, ticks the statement and confirms both welders in one step', async () => {
    const { calls, user } = renderConfirmations(person(6));
    expect(await screen.findByRole('heading', { name: 'Confirmations', level: 1 })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Company menu' })).getByRole('link', { name: 'Confirmations' })).toHaveAttribute('aria-current', 'page');
    const table = await screen.findByRole('table', { name: 'Confirmations' });
    const annRow = within(table).getByRole('rowheader', { name: 'Ann Archer' }).closest('tr')!;
    expect(annRow).toHaveTextContent('WCB-2026-00077');
    expect(annRow).toHaveTextContent('ISO 9606-1 135 P BW FM1 S t10 PF ss nb');
    expect(annRow).toHaveTextContent('Not yet');
    expect(annRow).toHaveTextContent('20-Dec-2026');
    expect(within(table).getByRole('rowheader', { name: 'Ben Brazier' }).closest('tr')!).toHaveTextContent('18-Jun-2026');

    // Nothing chosen, the statement not ticked: the form says so and nothing is sent.
    await user.type(screen.getByRole('textbox', { name: 'Signer name' }), 'Sam Signer');
    await user.type(screen.getByRole('textbox', { name: 'Signer position' }), 'Welding coordinator');
    await user.click(screen.getByRole('button', { name: 'Confirm 0 welders' }));
    expect(await screen.findByText(EMPLOYER_CONFIRMATION_MESSAGES.recordsRequired)).toBeInTheDocument();
    expect(screen.getByText(EMPLOYER_CONFIRMATION_MESSAGES.statementRequired)).toBeInTheDocument();
    expect(posts(calls)).toEqual([]);

    await user.click(within(table).getByRole('checkbox', { name: 'Select all welders' }));
    expect(within(table).getByRole('checkbox', { name: 'Select Ann Archer (WCB-2026-00077)' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: CONFIRMATION_STATEMENT }));
    await user.click(screen.getByRole('button', { name: 'Confirm 2 welders' }));

    const notice = await screen.findByRole('alert', { name: /2 welders confirmed/ });
    expect(notice).toHaveTextContent('Ann Archer (WCB-2026-00077), Ben Brazier (WCB-2026-00078)');
    expect(posts(calls).map((call) => call.body)).toEqual([{ recordIds: [ann.wpqRecordId, ben.wpqRecordId], signerName: 'Sam Signer', signerPosition: 'Welding coordinator', statementAccepted: true }]);
    // The list is read again: nothing falls due now.
    expect(await screen.findByText('No confirmation falls due in the next 60 days.')).toBeInTheDocument();
  });

  it("shows the server's refusal naming the welder, and keeps the choice to correct", async () => {
    const refusal = EMPLOYER_CONFIRMATION_MESSAGES.notConfirmable('Ben Brazier', 'WCB-2026-00078', 'This confirmation has been made already');
    const { user } = renderConfirmations(person(6), () => jsonResponse({ statusCode: 409, error: 'Conflict', message: refusal }, 409));
    const table = await screen.findByRole('table', { name: 'Confirmations' });
    await user.click(within(table).getByRole('checkbox', { name: 'Select Ben Brazier (WCB-2026-00078)' }));
    await user.type(screen.getByRole('textbox', { name: 'Signer name' }), 'Sam Signer');
    await user.type(screen.getByRole('textbox', { name: 'Signer position' }), 'Welding coordinator');
    await user.click(screen.getByRole('checkbox', { name: CONFIRMATION_STATEMENT }));
    await user.click(screen.getByRole('button', { name: 'Confirm 1 welder' }));
    expect(await screen.findByRole('alert', { name: 'Nothing was confirmed' })).toHaveTextContent(refusal);
    expect(within(table).getByRole('checkbox', { name: 'Select Ben Brazier (WCB-2026-00078)' })).toBeChecked();
  });

  it('the coordinator sends a revalidation\'s two production welds with their PDF test reports', async () => {
    vi.stubGlobal('XMLHttpRequest', StoredAtOnce);
    const { calls, user } = renderConfirmations(person(6), undefined, [rex]);
    const table = await screen.findByRole('table', { name: 'Revalidations' });
    expect(within(table).getByRole('rowheader', { name: 'Rex Rodman' }).closest('tr')!).toHaveTextContent('02-Jul-2026 to 02-Jan-2027');
    await user.click(within(table).getByRole('button', { name: 'Send production welds of Rex Rodman' }));
    const form = await screen.findByRole('form', { name: 'Production welds of Rex Rodman' });

    // Nothing filled: each field says what it needs, and nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Send the production welds' }));
    expect((await within(form).findAllByText('Description is required')).length).toBe(2);
    for (const index of [1, 2]) {
      const weld = within(form).getByRole('group', { name: `Production weld ${index}` });
      await user.type(within(weld).getByRole('textbox', { name: /Description/ }), `Spool ${index} butt weld`);
      const day = within(weld).getByRole('textbox', { name: /Welded on/ });
      await user.type(day, '20-Nov-2026');
      fireEvent.blur(day);
      await user.selectOptions(within(weld).getByRole('combobox', { name: /Test method/ }), 'Radiography');
      await user.upload(weld.querySelector('input[type="file"]') as HTMLInputElement, new File(['%PDF-1.7'], `rt-${index}.pdf`, { type: 'application/pdf' }));
      expect(await within(weld).findByText(`rt-${index}.pdf: 100%`)).toBeInTheDocument();
    }
    await user.click(within(form).getByRole('button', { name: 'Send the production welds' }));

    expect(await screen.findByRole('alert', { name: 'Production welds sent' })).toHaveTextContent('Rex Rodman (WCB-2024-00011)');
    const sent = calls.find((call) => call.url.endsWith(`/api/employer/confirmations/${rex.wpqRecordId}/evidence`))!;
    expect(sent.body).toEqual({
      welds: [
        { description: 'Spool 1 butt weld', weldedOn: '2026-11-20', testMethod: 'Radiography', testReportAttachmentId: '50000000-0000-4000-8000-000000000001' },
        { description: 'Spool 2 butt weld', weldedOn: '2026-11-20', testMethod: 'Radiography', testReportAttachmentId: '50000000-0000-4000-8000-000000000002' },
      ],
    });
    expect(StoredAtOnce.urls).toEqual(['/unauth/storage/upload/attachments/r1.pdf?signature=x', '/unauth/storage/upload/attachments/r2.pdf?signature=x']);
  });

  it('a viewer sees the list without the controls', async () => {
    const { calls } = renderConfirmations(person(7), undefined, [rex]);
    const table = await screen.findByRole('table', { name: 'Confirmations' });
    expect(within(table).getByRole('rowheader', { name: 'Ann Archer' })).toBeInTheDocument();
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Confirm the welders chosen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Confirm/ })).not.toBeInTheDocument();
    expect(within(await screen.findByRole('table', { name: 'Revalidations' })).getByRole('rowheader', { name: 'Rex Rodman' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send production welds/ })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url.includes('/api/employer/confirmations'))).toBe(true));
    expect(posts(calls)).toEqual([]);
  });
});
