import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { BulkImport, BulkImportPreview } from '@certs/shared/bulk-import/bulk-import.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { BulkImportScreen } from './bulk-import-screen';

const PROGRAM = { id: '8f7e6d5c-4b3a-4921-8f7e-6d5c4b3a2910', programCode: 'Q-WELD', programTitle: 'Welding Inspector', programType: 1 };

const CHECKED: BulkImportPreview = {
  totalRows: 3,
  created: 1,
  updated: 1,
  unchanged: 0,
  refused: 1,
  rows: [
    { rowNumber: 2, email: 'ann@example.test', result: 'created', field: null, reason: null, errors: [] },
    { rowNumber: 3, email: 'ben@example.test', result: 'updated', field: null, reason: null, errors: [] },
    {
      rowNumber: 4,
      email: 'not-an-email',
      result: 'refused',
      field: 'Email, First Name',
      reason: 'Invalid email; First Name is required',
      errors: [
        { field: 'Email', reason: 'Invalid email' },
        { field: 'First Name', reason: 'First Name is required' },
      ],
    },
  ],
};

const QUEUED: BulkImport = {
  id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
  programId: PROGRAM.id,
  programCode: PROGRAM.programCode,
  programTitle: PROGRAM.programTitle,
  fileName: 'people.csv',
  status: 'Queued',
  totalRows: 3,
  processedRows: 0,
  created: 0,
  updated: 0,
  unchanged: 0,
  refused: 0,
  error: null,
  createdOn: '2025-12-08T01:00:00.000Z',
  createdByName: 'Sue Staff',
  finishedOn: null,
};

describe('BulkImportScreen', { timeout: 20_000 }, () => {
  it('lists every error of a refused row, and asks once, saying what will happen, before it starts the import (issue 45 items 7 and 11)', async () => {
    const { calls } = stubFetch((call) => {
      if (call.url.endsWith('/preview')) return jsonResponse(CHECKED);
      if (call.url.endsWith('/add')) return jsonResponse(QUEUED, 202);
      if (call.url.includes('/lists')) return jsonResponse({ rows: [], page: 1, pageSize: 10, totalRows: 0 });
      return jsonResponse(QUEUED);
    });
    renderWithProviders(<BulkImportScreen programs={[PROGRAM]} />);
    await userEvent.selectOptions(screen.getByLabelText(/Program/), PROGRAM.id);
    const input = document.querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await userEvent.upload(input, new File(['Email,First Name,Last Name\n'], 'people.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));

    const refused = within(await screen.findByTestId('import-preview')).getByRole('row', { name: /not-an-email/ });
    expect(refused).toHaveTextContent('Email: Invalid email');
    expect(refused).toHaveTextContent('First Name: First Name is required');

    await userEvent.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import 2 rows?' });
    expect(dialog).toHaveTextContent('Q-WELD Welding Inspector');
    expect(dialog).toHaveTextContent('1 new application; a new applicant also gets an account and an email with a link to choose a password.');
    expect(dialog).toHaveTextContent('1 known applicant updated from the filled-in cells.');
    expect(dialog).toHaveTextContent('1 row skipped (0 unchanged, 1 refused).');
    expect(calls.some((call) => call.url.endsWith('/add'))).toBe(false);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Start import' }));
    await waitFor(() => expect(calls.filter((call) => call.url.endsWith('/add'))).toHaveLength(1));
    expect(await screen.findByText(/Import running: 0 of 3 rows/)).toBeInTheDocument();
  });
});
