import type { FormErrors } from '@mantine/form';

type Resolve = (values: Record<string, unknown>) => FormErrors;

/**
 * zod skips an object's rules across fields (e.g. "end not before start") while another field is
 * wrong. So that every message shows at once, the failed fields get valid stand-ins and the
 * schema is asked again; only the cross-field messages are taken from that second pass.
 */
export function withCrossFieldErrors(resolve: Resolve, shape: Record<string, unknown>, standIns: Record<string, unknown>, crossFields: readonly string[]): FormErrors {
  const errors = resolve(shape);
  const failed = Object.keys(standIns).filter((field) => field in errors);
  if (failed.length === 0) return errors;
  const patched = { ...shape, ...Object.fromEntries(failed.map((field) => [field, standIns[field]])) };
  const second = resolve(patched);
  const extra = Object.fromEntries(crossFields.filter((field) => field in second && !(field in errors)).map((field) => [field, second[field]]));
  return { ...errors, ...extra };
}

/** A date field's text: '' stays '' for a required date, or becomes null for an optional one. */
export function optionalDate(text: string): string | null {
  return text.trim() === '' ? null : text.trim();
}
