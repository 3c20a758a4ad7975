import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WpqValidity } from '@certs/shared/wpq/wpq-validity.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { setWindowWidth } from '../../../test/window-width';
import { WpqValidityPanel } from './validity-panel';

const RECORD_ID = '00000000-0000-4000-8000-0000000000e1';
const validity: WpqValidity = {
  wpqRecordId: RECORD_ID,
  awardId: null,
  certificateNumber: 'WQ-0001',
  today: '2026-03-02',
  option: '9.3b',
  testDate: '2025-03-02',
  isValid: true,
  reason: '',
  validUntil: '2027-03-02',
  nextConfirmationDue: '2026-09-02',
  endedOn: null,
  confirmations: [
    {
      id: '00000000-0000-4000-8000-0000000000e2',
      sequence: 1,
      dueOn: '2025-09-02',
      confirmedOn: '2025-08-20',
      confirmedBy: 'employer',
      confirmerName: 'Morgan Coordinator',
      confirmerPosition: 'Welding coordinator',
      companyName: 'Harbour Fabrication Pty Ltd',
      evidenceNote: '',
      evidenceAttachmentIds: [],
    },
  ],
  revalidations: [],
  revalidationWindow: null,
  revalidationFee: null,
  messageConfirmation: '',
  messageProlongation: '',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('WpqValidityPanel confirmations (issue 45 item 14)', () => {
  it('shows each confirmation as a card on a phone, every value with its label, none cut off at the side', async () => {
    setWindowWidth(390);
    stubFetch((call) => (call.url === `/api/wpq/${RECORD_ID}/validity` ? jsonResponse(validity) : jsonResponse({ message: 'Not here' }, 404)));
    renderWithProviders(<WpqValidityPanel recordId={RECORD_ID} />);
    const list = await screen.findByRole('list', { name: 'Confirmations' });
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByText('Name and position').nextElementSibling).toHaveTextContent('Morgan Coordinator, Welding coordinator');
    expect(within(card!).getByText('By').nextElementSibling).toHaveTextContent('Employer (Harbour Fabrication Pty Ltd)');
    expect(screen.queryByRole('table', { name: 'Confirmations' })).not.toBeInTheDocument();
  });

  it('keeps the table on a wide screen', async () => {
    setWindowWidth(1280);
    stubFetch((call) => (call.url === `/api/wpq/${RECORD_ID}/validity` ? jsonResponse(validity) : jsonResponse({ message: 'Not here' }, 404)));
    renderWithProviders(<WpqValidityPanel recordId={RECORD_ID} />);
    const table = await screen.findByRole('table', { name: 'Confirmations' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });
});
