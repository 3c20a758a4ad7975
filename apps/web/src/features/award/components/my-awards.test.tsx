import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AwardRow } from '@certs/shared/award/award.contract';
import { saveSession } from '../../../lib/auth';
import { applicant } from '../../../test/session-fixtures';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { MyAwards } from './my-awards';

const current: AwardRow = {
  id: 'award-1',
  name: 'Ari Applicant',
  holderNumber: 'M-1001',
  applicantId: 'applicant-1',
  applicationId: 'app-1',
  applicationNumber: 'C-2026-00003',
  programId: 'program-1',
  programCode: 'C-WELD-SUP',
  programTitle: 'Certified Welding Supervisor',
  programType: 2,
  awardType: 'Awarded',
  certificateNumber: 'CWS-2026-0001',
  awardDate: '2026-11-20T00:00:00.000Z',
  expiresOn: '2029-11-20T00:00:00.000Z',
  status: 'current',
  statusReason: null,
};
const onHold: AwardRow = { ...current, id: 'award-2', programCode: 'AICIP-PIPE', certificateNumber: 'AICIP-0007', status: 'on hold', expiresOn: null };

afterEach(() => vi.unstubAllGlobals());

describe("the applicant's Awards list", () => {
  it('shows the spec’s columns with the certificate number, status and expiry, and offers a certificate only while it is valid', async () => {
    stubFetch(() => jsonResponse({ rows: [current, onHold], page: 1, pageSize: 10, totalRows: 2 }));
    renderWithProviders(<MyAwards />);
    const table = await screen.findByRole('table', { name: 'Awards' });
    await within(table).findByText('CWS-2026-0001');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'ID',
      'Program Code',
      'Program Title',
      'Award Date',
      'Certificate Number',
      'Status',
      'Expiry',
      'Actions',
    ]);
    const [, currentRow, heldRow] = within(table).getAllByRole('row');
    expect(currentRow).toHaveTextContent('CWS-2026-0001');
    expect(currentRow).toHaveTextContent('Current');
    expect(currentRow).toHaveTextContent('20-Nov-2029');
    expect(within(currentRow!).getByRole('button', { name: 'Download certificate CWS-2026-0001' })).toBeInTheDocument();
    expect(heldRow).toHaveTextContent('On hold: certificate not valid');
    expect(within(heldRow!).queryByRole('button', { name: /Download certificate/ })).not.toBeInTheDocument();
    // The credential says its own status: it stays available.
    expect(within(heldRow!).getByRole('button', { name: 'Download credential AICIP-0007' })).toBeInTheDocument();
  });

  it('offers Renew on a current Certification inside its renewal window only (decision 023)', async () => {
    const soon = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const due: AwardRow = { ...current, id: 'award-3', certificateNumber: 'CWS-2023-0009', expiresOn: soon };
    stubFetch(() => jsonResponse({ rows: [current, due], page: 1, pageSize: 10, totalRows: 2 }));
    renderWithProviders(<MyAwards />);
    const table = await screen.findByRole('table', { name: 'Awards' });
    const renew = await within(table).findByRole('link', { name: 'Renew certificate CWS-2023-0009' });
    expect(renew).toHaveAttribute('href', '/student/awards/award-3/renew');
    // Three years away: not yet.
    expect(within(table).queryByRole('link', { name: 'Renew certificate CWS-2026-0001' })).not.toBeInTheDocument();
  });

  it('offers Renew on an AICIP award in its window (the AICIP renewal form) and on an award expired within the year (late renewal)', async () => {
    const soon = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    const lately = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    const longAgo = new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10);
    const aicip: AwardRow = { ...current, id: 'award-4', programType: 4, certificateNumber: 'AICIP-0100', expiresOn: soon };
    const expired: AwardRow = { ...current, id: 'award-5', status: 'expired', certificateNumber: 'CWS-2020-0002', expiresOn: lately };
    const old: AwardRow = { ...current, id: 'award-6', status: 'expired', certificateNumber: 'CWS-2019-0003', expiresOn: longAgo };
    stubFetch(() => jsonResponse({ rows: [aicip, expired, old], page: 1, pageSize: 10, totalRows: 3 }));
    renderWithProviders(<MyAwards />);
    const table = await screen.findByRole('table', { name: 'Awards' });
    expect(await within(table).findByRole('link', { name: 'Renew certificate AICIP-0100' })).toHaveAttribute('href', '/student/awards/award-4/renew?type=aiciprenewalapplication');
    expect(within(table).getByRole('link', { name: 'Renew certificate CWS-2020-0002' })).toHaveAttribute('href', '/student/awards/award-5/renew');
    expect(within(table).queryByRole('link', { name: 'Renew certificate CWS-2019-0003' })).not.toBeInTheDocument();
  });

  it('downloads the certificate with the bearer token and saves it under the server’s file name', async () => {
    saveSession({ jwt: 'token-1', user: applicant });
    const saved: string[] = [];
    // jsdom has no object URLs; a subclass keeps the real URL untouched for other files.
    vi.stubGlobal(
      'URL',
      class extends URL {
        static override createObjectURL = () => 'blob:certificate';
        static override revokeObjectURL = () => {};
      },
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { calls } = stubFetch((call) =>
      call.url.endsWith('/certificate')
        ? new Response('%PDF-1.7', { headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="CWS-2026-0001.pdf"' } })
        : jsonResponse({ rows: [current], page: 1, pageSize: 10, totalRows: 1 }),
    );
    renderWithProviders(<MyAwards />);
    await userEvent.click(await screen.findByRole('button', { name: 'Download certificate CWS-2026-0001' }));
    await waitFor(() => expect(saved).toEqual(['CWS-2026-0001.pdf']));
    expect(screen.queryByText('The certificate could not be downloaded')).not.toBeInTheDocument();
    const download = calls.find((call) => call.url.endsWith('/certificate'))!;
    expect(download.url).toBe('/api/award/award-1/certificate');
    expect(download.headers.authorization).toBe('Bearer token-1');
  });

  it('says the list is empty until something is awarded', async () => {
    stubFetch(() => jsonResponse({ rows: [], page: 1, pageSize: 10, totalRows: 0 }));
    renderWithProviders(<MyAwards />);
    expect(await screen.findByText('No awards yet.')).toBeInTheDocument();
  });
});
