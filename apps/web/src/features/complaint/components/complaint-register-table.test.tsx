import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ComplaintPersonView, ComplaintRegisterRow } from '@certs/shared/complaint/complaint.contract';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ComplaintPersonPanel } from './complaint-person-view';
import { ComplaintRegisterTable } from './complaint-register-table';

const row = (overrides: Partial<ComplaintRegisterRow>): ComplaintRegisterRow => ({
  id: '2b6c1a0e-4d7f-4a1b-9c3d-5e6f7a8b9c0d',
  reference: 'CMP-2026-00001',
  about: 'venue',
  aboutText: 'Acacia Ridge',
  complainantKind: 'public',
  complainantName: 'Pat Public',
  programCode: null,
  status: 'received',
  outcome: null,
  handlerName: null,
  receivedOn: '2026-03-02T01:00:00.000Z',
  decideBy: '2026-04-16',
  decidedOn: null,
  ageDays: 3,
  overdue: false,
  ...overrides,
});

describe('ComplaintRegisterTable', () => {
  it('marks overdue complaints and says who handles each', () => {
    renderWithProviders(
      <ComplaintRegisterTable
        rows={[row({}), row({ id: '3c7d2b1f-5e8a-4b2c-8d4e-6f7a8b9c0d1e', reference: 'CMP-2026-00002', ageDays: 50, overdue: true, status: 'investigating', handlerName: 'Hal Handler' })]}
        page={1}
        pageSize={10}
        totalRows={2}
        isLoading={false}
        error={null}
        onPageChange={() => {}}
        onPageSizeChange={() => {}}
      />,
    );
    const table = screen.getByTestId('complaints-table');
    const late = within(table).getByRole('row', { name: /CMP-2026-00002/ });
    expect(within(late).getByText('Overdue')).toBeInTheDocument();
    expect(within(late).getByText('50 days')).toBeInTheDocument();
    expect(within(late).getByText('Hal Handler')).toBeInTheDocument();
    const fresh = within(table).getByRole('row', { name: /CMP-2026-00001/ });
    expect(within(fresh).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(fresh).getByText('Not assigned')).toBeInTheDocument();
  });
});

describe('ComplaintPersonPanel', () => {
  it('shows the complainant their complaint, the updates shared and the outcome with reasons', () => {
    const complaint: ComplaintPersonView = {
      id: '2b6c1a0e-4d7f-4a1b-9c3d-5e6f7a8b9c0d',
      reference: 'CMP-2026-00001',
      bodyName: 'Welding Certification Board',
      program: null,
      about: 'holder',
      aboutText: 'Certificate WI-0042',
      details: 'Used outside its scope.',
      complainantName: 'Pat Public',
      status: 'decided',
      receivedOn: '2026-03-02T01:00:00.000Z',
      acknowledgeBy: '2026-03-07',
      decideBy: '2026-04-16',
      decidedOn: '2026-03-20T01:00:00.000Z',
      outcome: 'upheld',
      outcomeReasons: 'The certificate has been suspended.',
      entries: [{ id: 'e1', kind: 'note', text: 'We have asked the holder for records.', sharedWithPerson: true, actorName: null, createdOn: '2026-03-05T01:00:00.000Z' }],
    };
    renderWithProviders(<ComplaintPersonPanel complaint={complaint} />);
    expect(screen.getByRole('heading', { name: 'CMP-2026-00001' })).toBeInTheDocument();
    expect(screen.getByTestId('complaint-status')).toHaveTextContent('Decided');
    expect(screen.getByTestId('complaint-outcome')).toHaveTextContent('Outcome: Upheld');
    expect(screen.getByTestId('complaint-outcome')).toHaveTextContent('The certificate has been suspended.');
    expect(screen.getByText('We have asked the holder for records.')).toBeInTheDocument();
    expect(screen.getByText('Certificate WI-0042')).toBeInTheDocument();
  });
});
