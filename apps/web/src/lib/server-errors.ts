import type { FormErrors } from '@mantine/form';
import { ApiError, errorMessageOf } from './api-client';

/**
 * Puts a server refusal where the user will read it: per-field messages at their fields (keeping
 * what was typed; a nested field such as `homeAddress.city` counts when its first part is a field
 * of the form), anything else as the message returned for an alert. Every form uses this one.
 */
export function applyServerErrors(form: { setErrors: (errors: FormErrors) => void }, values: object, error: unknown): string | null {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : {};
  const known = (field: string) => field in values || field.split('.')[0]! in values;
  const atFields = Object.entries(fieldErrors).filter(([field]) => known(field));
  if (atFields.length > 0) form.setErrors(Object.fromEntries(atFields));
  return atFields.length === 0 || atFields.length < Object.keys(fieldErrors).length ? errorMessageOf(error) : null;
}
