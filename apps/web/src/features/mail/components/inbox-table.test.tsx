import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { InboxTable, type InboxRow } from './inbox-table';

const mail: InboxRow = {
  id: '00000000-0000-4000-8000-000000000001',
  subject: 'Your invoice INV-000123',
  text: 'Dear Liam,\n\nYour invoice INV-000123 for Q-WELD-INSP is ready. Pay it by 12-Mar-2027.\n\nRegards,\nThe certification team',
  links: [],
  createdOn: '2027-03-01T00:00:00.000Z',
  fromName: null,
};

describe('InboxTable', () => {
  it('previews each mail by its first words past the greeting', () => {
    renderWithProviders(
      <InboxTable rows={[mail]} page={1} pageSize={10} totalRows={1} isLoading={false} error={null} onOpen={vi.fn()} onPageChange={vi.fn()} onPageSizeChange={vi.fn()} />,
    );
    const previews = screen.getAllByTestId('mail-preview');
    expect(previews.length).toBeGreaterThan(0);
    for (const preview of previews) expect(preview).toHaveTextContent('Your invoice INV-000123 for Q-WELD-INSP is ready. Pay it by 12-Mar-2027.');
    expect(screen.queryByText('Dear Liam,')).not.toBeInTheDocument();
    expect(screen.queryByTestId('mail-sender')).not.toBeInTheDocument();
  });

  it('names the awarding body that sent a mail', () => {
    renderWithProviders(
      <InboxTable
        rows={[{ ...mail, fromName: 'Welding Certification New Zealand' }]}
        page={1}
        pageSize={10}
        totalRows={1}
        isLoading={false}
        error={null}
        onOpen={vi.fn()}
        onPageChange={vi.fn()}
        onPageSizeChange={vi.fn()}
      />,
    );
    expect(screen.getAllByTestId('mail-sender')[0]).toHaveTextContent('From Welding Certification New Zealand');
  });
});
