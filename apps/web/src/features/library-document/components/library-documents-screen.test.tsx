import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LibraryDocumentRow } from '@certs/shared/library-document/library-document.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { setWindowWidth } from '../../../test/window-width';
import { LibraryDocumentsScreen } from './library-documents-screen';

const procedure: LibraryDocumentRow = {
  id: '30000000-0000-4000-8000-000000000001',
  documentNumber: 'WPS-001',
  documentTitle: 'Welding of pipe',
  documentType: 'Welding Procedure',
  documentDate: '2026-03-01',
  revision: 'A',
  fileName: 'wps-001.pdf',
  isRetired: false,
  access: ['isForInternalUsers', 'isForCurrentCorporateMembers'],
};

function show(props: { showAccess?: boolean }) {
  setWindowWidth(1280);
  stubFetch(() => jsonResponse({ rows: [procedure], page: 1, pageSize: 10, totalRows: 1 }));
  renderWithProviders(<LibraryDocumentsScreen canManage={false} {...props} />);
}

describe('LibraryDocumentsScreen: who may read a document (issue 45 item 10)', () => {
  it("shows staff each document's access in a column of its own", async () => {
    show({ showAccess: true });
    const row = await screen.findByRole('row', { name: /WPS-001/ });
    const table = screen.getByRole('table', { name: 'Documents' });
    expect(within(table).getByRole('columnheader', { name: 'Access' })).toBeInTheDocument();
    expect(row).toHaveTextContent('Internal users, Current corporate member only');
  });

  it('leaves the column out of the applicants’ library', async () => {
    show({});
    await screen.findByRole('row', { name: /WPS-001/ });
    expect(screen.queryByRole('columnheader', { name: 'Access' })).not.toBeInTheDocument();
  });
});
