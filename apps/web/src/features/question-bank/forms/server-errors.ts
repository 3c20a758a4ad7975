import type { FormErrors } from '@mantine/form';
import { ApiError, errorMessageOf } from '../../../lib/api-client';

/**
 * Puts a server refusal where the user will read it: per-field messages at their fields (keeping
 * what was typed), anything else as the message returned for an alert.
 */
export function applyServerErrors(form: { setErrors: (errors: FormErrors) => void }, values: object, error: unknown): string | null {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const atFields = Object.entries(fieldErrors).filter(([field]) => field in values);
  if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields));
  return atFields.length === 0 || atFields.length < Object.keys(fieldErrors).length ? errorMessageOf(error) : null;
}
