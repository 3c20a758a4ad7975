import { z } from 'zod';

/** Spec section 7: `POST exportcsvdata/save/csv` with csvContent and fileName; the answer carries fileName, then it downloads. */
export const EXPORT_PATHS = {
  save: '/api/exportcsvdata/save/csv',
  download: (fileName: string) => `/api/exportcsvdata/download/${encodeURIComponent(fileName)}`,
  failure: '/api/exportcsvdata/failure',
} as const;

/** 10 MB of CSV: larger tables export through their own streamed server route. */
export const MAX_CSV_EXPORT_BYTES = 10 * 1024 * 1024;

export const EXPORT_MESSAGES = {
  fileNameInvalid: 'File name must end in .csv and use letters, digits, spaces, dots, dashes or underscores',
  contentRequired: 'CSV content is required',
  notFound: 'Export not found',
  failed: 'Export failed',
} as const;

const FILE_NAME = /^[\w .-]{1,100}\.csv$/i;

export const SaveCsvRequest = z.strictObject({
  csvContent: z.string().min(1, EXPORT_MESSAGES.contentRequired).max(MAX_CSV_EXPORT_BYTES),
  fileName: z.string().trim().regex(FILE_NAME, EXPORT_MESSAGES.fileNameInvalid),
});
export type SaveCsvRequest = z.infer<typeof SaveCsvRequest>;
/**
 * The stored name: the requested one with a random part, so one export never overwrites another.
 * The download names the file for a person instead: the requested name and the day (`applicants-2026-12-07.csv`).
 */
export const SaveCsvResponse = z.object({ fileName: z.string(), rowCount: z.number().int() });
export type SaveCsvResponse = z.infer<typeof SaveCsvResponse>;

/** A failed export, logged by the server (spec section 8: logged only; the button says it failed). */
export const ExportFailureRequest = z.strictObject({ table: z.string().trim().min(1).max(100), message: z.string().max(1000).default('') });
export type ExportFailureRequest = z.input<typeof ExportFailureRequest>;
