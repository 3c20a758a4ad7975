import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '@certs/shared/question-bank/question-transfer.contract';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ImportPanel } from './import-panel';

const item = (source: string, errors: string[] = []) => ({
  source,
  questionType: 'General Single Answer',
  difficulty: 'Easy',
  contentText: `Question of ${source}`,
  subjects: ['Welding processes'],
  tags: ['MMAW'],
  options: [
    { option: 'MMAW', correctAnswer: true },
    { option: 'GTAW', correctAnswer: false },
  ],
  canUploadAnswerPaper: false,
  errors,
  warnings: [],
});

function preview(overrides: Partial<ImportPreview>): ImportPreview {
  return { format: 'csv', items: [], fileErrors: [], fileWarnings: [], newSubjects: [], newTags: [], validCount: 0, errorCount: 0, canImport: false, ...overrides };
}

async function chooseFile(content: string) {
  const input = document.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await userEvent.upload(input, new File([content], 'bank.csv', { type: 'text/csv' }));
}

describe('ImportPanel', { timeout: 15_000 }, () => {
  it('shows each row with its errors and imports nothing while any row is wrong', async () => {
    const { calls } = stubFetch(() =>
      jsonResponse(preview({ items: [item('Row 2'), item('Row 3', ['A General Single Answer question has exactly one correct option'])], validCount: 1, errorCount: 1 })),
    );
    renderWithProviders(<ImportPanel />);
    await chooseFile('Type,Content\nGeneral Single Answer,What?');
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));

    const table = await screen.findByRole('table', { name: 'Import preview' });
    const badRow = within(table).getByRole('row', { name: /Row 3/ });
    expect(badRow).toHaveTextContent('A General Single Answer question has exactly one correct option');
    expect(within(table).getByRole('row', { name: /Row 2/ })).toHaveTextContent('Ready');
    expect(screen.getByText('1 of 2 questions has errors')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(calls[0]).toMatchObject({ url: '/api/question/import/preview', method: 'POST', body: { format: 'csv', fileName: 'bank.csv', content: 'Type,Content\nGeneral Single Answer,What?' } });
  });

  it('imports a clean file and says how many questions arrived', async () => {
    const { calls } = stubFetch((call) =>
      call.url.endsWith('/preview')
        ? jsonResponse(preview({ items: [item('Row 2')], validCount: 1, canImport: true, newSubjects: ['Welding processes'] }))
        : jsonResponse({ imported: 1, questionNumbers: [26], newSubjects: ['Welding processes'], newTags: [] }, 201),
    );
    renderWithProviders(<ImportPanel />);
    await chooseFile('Type,Content\nDescriptive,Explain.');
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('1 question ready to import')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Import 1 question' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Import 1 question?' })).getByRole('button', { name: 'Import questions' }));
    expect(await screen.findByTestId('import-result')).toHaveTextContent('1 question imported');
    await waitFor(() => expect(calls.map((call) => call.url)).toEqual(['/api/question/import/preview', '/api/question/import']));
  });

  it('asks once before importing, saying how many questions go to which subject, and sends nothing until confirmed (issue 45 item 7)', async () => {
    const { calls } = stubFetch((call) =>
      call.url.endsWith('/preview')
        ? jsonResponse(
            preview({
              items: [item('Row 2'), item('Row 3'), { ...item('Row 4'), subjects: ['Brazing'], tags: ['Fluxes'] }],
              validCount: 3,
              canImport: true,
              newSubjects: ['Brazing'],
              newTags: ['Fluxes'],
            }),
          )
        : jsonResponse({ message: 'The question bank is being changed by another import; try again' }, 409),
    );
    renderWithProviders(<ImportPanel />);
    await chooseFile('Type,Content\nDescriptive,Explain.');
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Import 3 questions' }));

    const dialog = await screen.findByRole('dialog', { name: 'Import 3 questions?' });
    expect(dialog).toHaveTextContent('3 questions will be added to the bank at once, numbered after its last question: 2 in Welding processes, 1 in Brazing. An import cannot be undone.');
    expect(dialog).toHaveTextContent('New subjects: Brazing. New tags: Fluxes.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.map((call) => call.url)).toEqual(['/api/question/import/preview']);

    // Confirmed: sent once; a refusal stays in the dialog with the server's words and the preview stays.
    await userEvent.click(screen.getByRole('button', { name: 'Import 3 questions' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Import 3 questions?' })).getByRole('button', { name: 'Import questions' }));
    expect(await within(screen.getByRole('dialog')).findByText('The question bank is being changed by another import; try again')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toEqual(['/api/question/import/preview', '/api/question/import']);
    expect(screen.getByTestId('import-preview')).toBeInTheDocument();
  });

  it('lists what a Moodle file loses on import: for the file, and how many questions have notes of their own', async () => {
    stubFetch(() =>
      jsonResponse(
        preview({
          format: 'moodle',
          items: [{ ...item('Question 1 (Toe)'), warnings: ['Hints were left out (a question here is answered once, without hints): "Look closer."'] }, item('Question 2 (Root)')],
          fileWarnings: ['The names of 2 questions were left out: a question here is known by the number the import gives it'],
          validCount: 2,
          canImport: true,
        }),
      ),
    );
    renderWithProviders(<ImportPanel />);
    await chooseFile('<quiz/>');
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    const notes = await screen.findByTestId('import-left-out');
    expect(notes).toHaveTextContent('The names of 2 questions were left out');
    expect(notes).toHaveTextContent('1 question has notes below on what else is left out.');
    expect(within(screen.getByRole('table', { name: 'Import preview' })).getByRole('row', { name: /Question 1/ })).toHaveTextContent('Note: Hints were left out');
  });

  it('shows what is wrong with the file as a whole', async () => {
    stubFetch(() => jsonResponse(preview({ fileErrors: ['The header row needs the columns Type and Content. Download the template to see the layout.'] })));
    renderWithProviders(<ImportPanel />);
    await chooseFile('Question,Answer');
    await userEvent.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByTestId('import-file-errors')).toHaveTextContent('The header row needs the columns Type and Content');
  });
});
