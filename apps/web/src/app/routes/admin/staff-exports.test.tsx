import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApplicantListRow } from '@certs/shared/applicant/applicant.contract';
import type { ApplicationQueueRow } from '@certs/shared/application/application-stage.contract';
import type { Mail } from '@certs/shared/mail/mail.contract';
import type { z } from 'zod';
import { clearSession, reloadSessionFromStorage, saveSession } from '../../../lib/auth';
import { savedExports, stubCsvExports } from '../../../test/export-stub';
import { jsonResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { superUser } from '../../../test/session-fixtures';
import { routes } from '../../router';

/**
 * Each staff table's Export CSV: the button is there, and the export reads the list with the
 * filter, search and order on screen (every page, at the export's page size), then saves it with
 * the screen's words and dates.
 */

type Page = { rows: unknown[] };

/** A page's code loads when it is first opened (a chunk of its own): slow on a busy machine. */
const PAGE_LOAD = { timeout: 15_000 };

function renderAt(route: string, lists: Record<string, (url: URL) => Page>) {
  saveSession({ jwt: 'token', user: superUser });
  const exports = stubCsvExports();
  const stub = stubFetch((call) => {
    const exported = exports.handle(call);
    if (exported) return exported;
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/unauth/loginrestriction/check') return jsonResponse({ isBlocked: false, message: null });
    if (url.pathname === '/api/users/me') return jsonResponse(superUser);
    const list = lists[url.pathname];
    if (list) {
      const { rows } = list(url);
      return jsonResponse({ rows, page: Number(url.searchParams.get('page') ?? url.searchParams.get('currentPage') ?? 1), pageSize: Number(url.searchParams.get('pageSize') ?? 10), totalRows: rows.length });
    }
    return jsonResponse({ statusCode: 404, error: 'Not Found', message: 'Not here' }, 404);
  });
  renderWithProviders(null, { route, routes });
  return { calls: stub.calls, exports };
}

const urlsOf = (calls: readonly RecordedCall[], pathname: string) => calls.map((call) => new URL(call.url, 'http://localhost')).filter((url) => url.pathname === pathname);
const exportReads = (calls: readonly RecordedCall[], pathname: string) => urlsOf(calls, pathname).filter((url) => url.searchParams.get('pageSize') === '250');

async function exportAndWait(calls: readonly RecordedCall[]) {
  await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(savedExports(calls)).toHaveLength(1));
  return savedExports(calls)[0]!;
}

describe('Export CSV on staff tables', () => {
  afterEach(() => {
    clearSession('logout');
    reloadSessionFromStorage();
  });

  it('applicants: exports the search and "confirmed members only" on screen, with membership in words', async () => {
    const ada: z.infer<typeof ApplicantListRow> = {
      id: '00000000-0000-4000-8000-0000000000a1',
      email: 'ada@example.test',
      firstName: 'Ada',
      lastName: 'Arc',
      membershipType: 'individual',
      memberNumber: 'M-77',
      membershipConfirmedOn: '2026-03-01T23:30:00.000Z',
      isMember: true,
      listedInRegister: true,
      active: true,
      createdOn: '2026-01-10T01:00:00.000Z',
    };
    const { calls, exports } = renderAt('/admin/users/applicants', { '/api/applicant/pagination/all': () => ({ rows: [ada] }) });
    const table = await screen.findByRole('table', { name: 'Applicants' }, PAGE_LOAD);
    await within(table).findByText('Ada Arc');

    await userEvent.type(screen.getByLabelText('Search'), '  ada ');
    await userEvent.click(screen.getByLabelText('Confirmed members only'));
    await waitFor(() => expect(urlsOf(calls, '/api/applicant/pagination/all').at(-1)?.searchParams.get('searchTerm')).toBe('ada'));
    expect(exportReads(calls, '/api/applicant/pagination/all')).toEqual([]);

    const saved = await exportAndWait(calls);
    const reads = exportReads(calls, '/api/applicant/pagination/all');
    expect(reads).toHaveLength(1);
    expect(Object.fromEntries(reads[0]!.searchParams)).toEqual({ page: '1', pageSize: '250', searchTerm: 'ada', canShowActiveMember: 'true' });
    expect(saved.fileName).toBe('applicants.csv');
    expect(saved.lines[0]).toBe('"First Name","Last Name","Email","Activated","Listed in Public Register","Membership","Member Number","Membership Status","Membership Confirmed","Registered"');
    expect(saved.lines.slice(1)).toEqual(['"Ada","Arc","ada@example.test","Yes","Yes","Individual member","M-77","Confirmed","02-Mar-2026","10-Jan-2026"']);
    await waitFor(() => expect(exports.downloads()).toEqual(['applicants-0123456789ab.csv']));
  });

  it('emails: exports the recipient search and the status chosen, named after that status', async () => {
    const mail: Mail = {
      id: '00000000-0000-4000-8000-0000000000e1',
      toEmail: 'bo@example.test',
      subject: 'Your invoice',
      text: 'Pay here',
      links: [],
      status: 'failed',
      attempts: 3,
      lastError: 'Mailbox full',
      createdOn: '2026-03-01T23:30:00.000Z',
      sentOn: null,
      fromName: null,
    };
    const { calls } = renderAt('/admin/emails', { '/api/email/pagination': () => ({ rows: [mail] }) });
    const table = await screen.findByRole('table', { name: 'Emails' }, PAGE_LOAD);
    await within(table).findByText('Your invoice');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'failed');
    await userEvent.type(screen.getByLabelText('Search'), 'bo@');
    await waitFor(() => expect(urlsOf(calls, '/api/email/pagination').at(-1)?.searchParams.get('search')).toBe('bo@'));

    const saved = await exportAndWait(calls);
    const reads = exportReads(calls, '/api/email/pagination');
    expect(Object.fromEntries(reads[0]!.searchParams)).toEqual({ page: '1', pageSize: '250', search: 'bo@', status: 'failed' });
    expect(saved.fileName).toBe('emails-failed.csv');
    expect(saved.lines).toEqual(['"Recipient","Subject","Status","Created","Sent","Attempts","Last Error"', '"bo@example.test","Your invoice","Failed","02-Mar-2026 10:30 AM AEDT","","3","Mailbox full"']);
  });

  it("applications: exports the type, search, status, stage and order on screen, the program's names rather than ids", async () => {
    const row: ApplicationQueueRow = {
      id: '00000000-0000-4000-8000-0000000000c1',
      applicationNumber: 'WQ-2026-00042',
      programId: '00000000-0000-4000-8000-0000000000f1',
      programCode: 'WQ-01',
      programTitle: 'Welder qualification, fillet welds',
      programType: 3,
      applicationDate: '2026-03-01T23:30:00.000Z',
      status: 'Application Submitted',
      workflowStage: null,
      applicantName: 'Cy Welder',
      applicantEmail: 'cy@example.test',
      assessorName: 'Avery Assessor',
    };
    const path = '/api/welderqualificationapplication/pagination';
    const { calls } = renderAt('/admin/applications?type=welderqualificationapplication', { [path]: () => ({ rows: [row] }) });
    const table = await screen.findByRole('table', { name: 'Applications' }, PAGE_LOAD);
    await within(table).findByText('Cy Welder');

    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Application Submitted');
    await userEvent.selectOptions(screen.getByLabelText('Stage'), 'Payment Stage Requested');
    await userEvent.selectOptions(screen.getByLabelText('Order'), 'asc');
    await userEvent.type(screen.getByLabelText('Search'), 'cy');
    await waitFor(() => expect(urlsOf(calls, path).at(-1)?.searchParams.get('searchTerm')).toBe('cy'));

    const saved = await exportAndWait(calls);
    const reads = exportReads(calls, path);
    expect(Object.fromEntries(reads[0]!.searchParams)).toEqual({
      page: '1',
      pageSize: '250',
      status: 'Application Submitted',
      stage: 'Payment Stage Requested',
      searchTerm: 'cy',
      orderBy: 'applicationNumber',
      ascending: 'true',
    });
    expect(saved.fileName).toBe('welder-qualification-applications.csv');
    expect(saved.lines).toEqual([
      '"Application Number","Applicant","Applicant Email","Program Code","Program Title","Application Date","Type","Status","Stage","Assessor"',
      '"WQ-2026-00042","Cy Welder","cy@example.test","WQ-01","Welder qualification, fillet welds","02-Mar-2026","Welder Qualification","Application Submitted","","Avery Assessor"',
    ]);
  });
});
