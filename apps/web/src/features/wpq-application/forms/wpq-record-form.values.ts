import { WpqRecordFields, wpqRecordShape, type WpqRecord, type WpqRecordSaveRequest } from '@certs/shared/wpq/wpq-record.contract';

/** The form keeps every field as text (selects and inputs alike); numbers are read back on the way out. */
export type WpqRecordFormValues = Record<keyof WpqRecordFields, string>;

export const WPQ_FIELDS = Object.keys(wpqRecordShape) as (keyof WpqRecordFields)[];
const NUMBER_FIELDS = new Set<keyof WpqRecordFields>(['testPieceThickness', 'pipeOD', 'depositThickness', 'parentMaterial1Group', 'parentMaterial2Group']);

export function initialWpqValues(record: WpqRecord | undefined): WpqRecordFormValues {
  const values = {} as WpqRecordFormValues;
  for (const field of WPQ_FIELDS) {
    const value = record?.[field];
    values[field] = value === null || value === undefined ? '' : String(value);
  }
  return values;
}

/** The request the API takes: blanks are null, numeric fields are numbers (text that is not a number is sent as is, for the number message). */
export function wpqRequestOf(applicationId: string, values: WpqRecordFormValues): WpqRecordSaveRequest {
  const request: Record<string, unknown> = { applicationId };
  for (const field of WPQ_FIELDS) {
    const text = values[field].trim();
    if (text === '') request[field] = null;
    else if (NUMBER_FIELDS.has(field)) request[field] = Number.isFinite(Number(text)) ? Number(text) : text;
    else request[field] = text;
  }
  return request as WpqRecordSaveRequest;
}

/** The shared schema's own messages for what is typed wrong (numbers, dates, codes), by field. */
export function wpqTypeErrorsOf(request: WpqRecordSaveRequest): Record<string, string> {
  const { applicationId: _applicationId, ...fields } = request;
  const parsed = WpqRecordFields.safeParse(fields);
  const errors: Record<string, string> = {};
  for (const issue of parsed.error?.issues ?? []) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}
