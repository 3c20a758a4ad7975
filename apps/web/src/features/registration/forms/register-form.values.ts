import type { FormErrors } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { REGISTRATION_MESSAGES, RegisterApplicantRequest } from '@certs/shared/auth/registration.contract';

export interface RegisterFormValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export function emptyRegisterValues(): RegisterFormValues {
  return { firstName: '', lastName: '', email: '', password: '', confirmPassword: '' };
}

const resolve = zod4Resolver(RegisterApplicantRequest, { errorPriority: 'first' });

function requestShapeOf(values: RegisterFormValues) {
  return { firstName: values.firstName, lastName: values.lastName, email: values.email.trim(), password: values.password };
}

/**
 * The shared schema's messages at each field. Its rule across fields ("not your email") only runs
 * once the fields it does not read are valid, so the names are stood in for to show it at once.
 */
export function validateRegisterValues(values: RegisterFormValues): FormErrors {
  const shape = requestShapeOf(values);
  const errors = resolve(shape);
  if (!errors.password && !errors.email && (errors.firstName || errors.lastName)) {
    const second = resolve({ ...shape, firstName: 'Stand-in', lastName: 'Stand-in' });
    if (second.password) errors.password = second.password;
  }
  if (values.confirmPassword !== values.password) errors.confirmPassword = REGISTRATION_MESSAGES.passwordsDiffer;
  return errors;
}

export function toRegisterRequest(values: RegisterFormValues, timeZone?: RegisterApplicantRequest['timeZone']): RegisterApplicantRequest {
  const parsed = RegisterApplicantRequest.parse(requestShapeOf(values));
  return timeZone ? { ...parsed, timeZone } : parsed;
}
