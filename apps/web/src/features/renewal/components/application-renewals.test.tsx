import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RenewalQueueRow } from '@certs/shared/renewal/renewal.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ApplicationRenewals } from './application-renewals';

const PROGRAM_ID = '7c1c2d3e-0000-4000-8000-000000000004';
const renewal: RenewalQueueRow = {
  id: '7c1c2d3e-0000-4000-8000-000000000001',
  applicationNumber: 'C-2026-00011',
  holderName: 'Rowan Renewer',
  memberNumber: 'M-1',
  certificateNumber: 'WCB-2023-0011',
  expiresOn: '2027-01-20',
  cpdHours: 24,
  requiredCpdHours: 20,
  submittedOn: '2026-11-20T01:00:00.000Z',
  status: 'submitted',
};

function show() {
  renderWithProviders(
    <ApplicationRenewals typePath="certificationrenewalapplication" programId={PROGRAM_ID} applicationNumber="C-2026-00011" renewalHrefOf={(row) => `/admin/renewals/${row.id}`} />,
  );
}

describe('ApplicationRenewals: from an application to its renewal (issue 45 item 10)', () => {
  it("links this application's renewal, not another whose number contains it", async () => {
    const { calls } = stubFetch(() => jsonResponse({ rows: [renewal, { ...renewal, id: 'other', applicationNumber: 'C-2026-000111' }], page: 1, pageSize: 10, totalRows: 2 }));
    show();
    const link = await screen.findByRole('link', { name: 'Open the renewal to decide it' });
    expect(link).toHaveAttribute('href', `/admin/renewals/${renewal.id}`);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    expect(screen.getByTestId('application-renewals')).toHaveTextContent('Submitted 20-Nov-2026, certificate WCB-2023-0011');
    expect(calls[0]!.url).toBe(`/api/certificationrenewalapplication/pagination?programId=${PROGRAM_ID}&page=1&pageSize=10&searchTerm=C-2026-00011`);
  });

  it('shows nothing to staff the renewal queue refuses', async () => {
    const { calls } = stubFetch(() => jsonResponse({ statusCode: 403, error: 'Forbidden', message: 'No' }, 403));
    show();
    await expect.poll(() => calls.length).toBeGreaterThan(0);
    expect(screen.queryByTestId('application-renewals')).not.toBeInTheDocument();
  });
});
