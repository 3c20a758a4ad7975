import type { FormErrors } from '@mantine/form';

type Resolve = (values: Record<string, unknown>) => FormErrors;

/**
 * zod skips an object's rules across fields (e.g. "re-sit fees required when re-sits are
 * allowed") while a field it could not even read is wrong. So that every message shows at once,
 * the fields that failed are put in with valid stand-ins and the rules across fields asked again;
 * only their messages are taken from that second pass.
 */
export function withCrossFieldErrors(
  resolve: Resolve,
  shape: Record<string, unknown>,
  standIns: Record<string, unknown>,
  crossFields: readonly string[],
): FormErrors {
  const errors = resolve(shape);
  const failed = Object.keys(standIns).filter((field) => field in errors);
  if (failed.length === 0) return errors;
  const patched = { ...shape, ...Object.fromEntries(failed.map((field) => [field, standIns[field]])) };
  const second = resolve(patched);
  const extra = Object.fromEntries(crossFields.filter((field) => field in second).map((field) => [field, second[field]]));
  return { ...extra, ...errors };
}
