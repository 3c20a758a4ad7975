import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RenewalQueueRow } from '@certs/shared/renewal/renewal.contract';
import { saveSession } from '../../../lib/auth';
import { superUser } from '../../../test/session-fixtures';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { RenewalQueue } from './renewal-queue';

const row: RenewalQueueRow = {
  id: 'renewal-1',
  applicationNumber: 'C-2026-00003',
  holderName: 'Ari Applicant',
  memberNumber: 'M-1',
  certificateNumber: 'CWS-2026-0001',
  expiresOn: '2027-01-20',
  cpdHours: 24,
  requiredCpdHours: 20,
  submittedOn: '2026-11-02T01:00:00.000Z',
  status: 'submitted',
};
const noCpdProgramRow: RenewalQueueRow = { ...row, id: 'renewal-2', applicationNumber: 'C-2026-00004', holderName: 'Bo Builder', cpdHours: 0, requiredCpdHours: 0 };

afterEach(() => vi.unstubAllGlobals());

describe('the renewal queue', () => {
  it('says a renewal needs no CPD hours as the decision page does, not "0 of 0" (issue 45 item 8)', async () => {
    saveSession({ jwt: 'token-1', user: superUser });
    stubFetch(() => jsonResponse({ rows: [row, noCpdProgramRow], page: 1, pageSize: 10, totalRows: 2 }));
    renderWithProviders(
      <RenewalQueue typePath="certificationrenewalapplication" programId="program-1" onProgramChange={() => undefined} programs={[{ id: 'program-1', label: 'Certified Welding Supervisor' }]} renewalHrefOf={(r) => `/renewals/${r.id}`} />,
    );
    const table = await screen.findByRole('table', { name: 'Renewals' });
    const cpdCell = (name: RegExp) => {
      const cells = within(within(table).getByRole('row', { name })).getAllByRole('cell');
      const column = within(table).getAllByRole('columnheader').findIndex((header) => header.textContent === 'CPD Hours');
      // The row header is the first column; the cells follow it.
      return cells[column - 1];
    };
    expect(await within(table).findByRole('row', { name: /Bo Builder/ })).toBeInTheDocument();
    expect(cpdCell(/Ari Applicant/)).toHaveTextContent('24 of 20 required');
    expect(cpdCell(/Bo Builder/)).toHaveTextContent('0 listed (none required)');
    expect(table).not.toHaveTextContent('0 of 0');
  });
});
