import { z } from 'zod';
import { DIFFICULTIES, MAX_OPTIONS, QUESTION_TYPES } from './question-type';

/** Import and export formats: the documented CSV layout and Moodle XML. */
export const TRANSFER_FORMATS = ['csv', 'moodle'] as const;
export type TransferFormat = (typeof TRANSFER_FORMATS)[number];
export const TRANSFER_FORMAT_LABELS: Record<TransferFormat, string> = { csv: 'CSV', moodle: 'Moodle XML' };

/** The largest file an import takes (as text) and the most questions in one import. */
export const MAX_IMPORT_CHARACTERS = 4 * 1024 * 1024;
export const MAX_IMPORT_QUESTIONS = 2000;

export const IMPORT_MESSAGES = {
  fileRequired: 'Choose a file to import',
  fileTooLarge: 'The file is too large: import at most 4 MB at a time',
  tooManyQuestions: `Import at most ${MAX_IMPORT_QUESTIONS} questions at a time`,
  noQuestions: 'The file holds no questions',
  nothingImported: 'Nothing was imported: fix the questions with errors and import the file again',
} as const;

/**
 * The CSV layout, in column order. A header row is required; names are matched without regard to
 * case or spaces, so a spreadsheet's own header works. Export writes the same columns after
 * `Question Number` and `Version`, which import ignores: an export imports again as new questions.
 */
export const CSV_COLUMNS = [
  { name: 'Type', note: `One of ${QUESTION_TYPES.join(', ')}` },
  { name: 'Difficulty', note: `${DIFFICULTIES.join(', ')}; blank means Medium` },
  { name: 'Content', note: 'The question; plain text or HTML (paragraphs, bold, lists, links)' },
  { name: 'Subjects', note: 'Subject titles separated by ";"; unknown titles are created' },
  { name: 'Tags', note: 'Tag titles separated by ";"; unknown titles are created' },
  { name: 'Can Upload Answer Paper', note: 'Yes or No; blank means No' },
  ...Array.from({ length: MAX_OPTIONS }, (_, i) => ({
    name: `Option ${i + 1}`,
    note: i === 0 ? 'Option text; for Fill In The Blank, an accepted answer; blank for Descriptive' : '',
  })),
  { name: 'Correct', note: 'Numbers of the correct options separated by ";" (e.g. 2 or 1;3); blank for Descriptive and Fill In The Blank' },
] as const;
export const CSV_EXPORT_EXTRA_COLUMNS = ['Question Number', 'Version'] as const;

export const ImportRequest = z.strictObject({
  format: z.enum(TRANSFER_FORMATS),
  fileName: z.string().max(255).default(''),
  content: z.string().min(1, IMPORT_MESSAGES.fileRequired).max(MAX_IMPORT_CHARACTERS, IMPORT_MESSAGES.fileTooLarge),
  /** Given to questions that arrive without a subject (Moodle questions outside any category, blank CSV cells). */
  defaultSubject: z.string().trim().max(100).optional(),
  defaultTag: z.string().trim().max(100).optional(),
});
export type ImportRequest = z.input<typeof ImportRequest>;

export const ImportPreviewItem = z.object({
  /** The CSV line or the position of the Moodle question, as staff find it in their file. */
  source: z.string(),
  questionType: z.string(),
  difficulty: z.string(),
  contentText: z.string(),
  subjects: z.array(z.string()),
  tags: z.array(z.string()),
  options: z.array(z.object({ option: z.string(), correctAnswer: z.boolean() })),
  canUploadAnswerPaper: z.boolean(),
  errors: z.array(z.string()),
  warnings: z.array(z.string()),
});
export type ImportPreviewItem = z.infer<typeof ImportPreviewItem>;

export const ImportPreview = z.object({
  format: z.enum(TRANSFER_FORMATS),
  items: z.array(ImportPreviewItem),
  /** Problems with the file as a whole (unreadable, no header, no questions). */
  fileErrors: z.array(z.string()),
  /** What the file carries that the bank keeps nowhere, said once for the whole file (Moodle question names, category descriptions). */
  fileWarnings: z.array(z.string()),
  newSubjects: z.array(z.string()),
  newTags: z.array(z.string()),
  validCount: z.number().int(),
  errorCount: z.number().int(),
  canImport: z.boolean(),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportResult = z.object({
  imported: z.number().int(),
  questionNumbers: z.array(z.number().int()),
  newSubjects: z.array(z.string()),
  newTags: z.array(z.string()),
});
export type ImportResult = z.infer<typeof ImportResult>;

export const ExportRequest = z.strictObject({
  format: z.enum(TRANSFER_FORMATS),
  /** A selection; without it, the whole bank. */
  questionIds: z.array(z.uuid()).max(5000).optional(),
});
export type ExportRequest = z.input<typeof ExportRequest>;

/** A file for the browser to save, as the spec's CSV exports answer with a file name. */
export const ExportFile = z.object({ fileName: z.string(), contentType: z.string(), content: z.string(), count: z.number().int() });
export type ExportFile = z.infer<typeof ExportFile>;
